import {
  allowedDomainsField,
  createSignInProviderSchema,
  DEFAULT_EMAIL_CLAIM,
  SIGN_IN_PROVIDER_MESSAGES,
  type SignInProvider,
  signInButtonLabel,
  splitDomains,
  updateSignInProviderSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { CheckboxCard } from '@/components/checkbox-card';
import { ErrorBanner } from '@/components/error-banner';
import { Modal } from '@/components/modal';
import { FieldGrid, FormSection } from '@/components/person-form';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { listError } from './list-error';
import {
  type ProviderChanges,
  useDeleteSignInProvider,
  useSaveSignInProvider,
  useSignInProviders,
} from './sign-in-providers';

/** The domains are typed as text, separated by commas or spaces, and checked as the API does. */
const domainsText = z.string().transform(splitDomains).pipe(allowedDomainsField);
const createForm = createSignInProviderSchema.extend({ allowedDomains: domainsText });
/** Editing, an empty client secret keeps the stored one. */
const editForm = updateSignInProviderSchema.extend({
  allowedDomains: domainsText,
  clientSecret: z
    .string()
    .transform((secret) => secret || undefined)
    .pipe(updateSignInProviderSchema.shape.clientSecret),
});

type FormValues = z.input<typeof editForm>;

const EMPTY: FormValues = {
  label: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  allowedDomains: '',
  emailClaim: DEFAULT_EMAIL_CLAIM,
  enabled: true,
};

function valuesOf(provider: SignInProvider): FormValues {
  return { ...provider, clientSecret: '', allowedDomains: provider.allowedDomains.join(', ') };
}

function ProviderForm({
  provider,
  onClose,
}: {
  /** The provider edited; null adds one. */
  provider: SignInProvider | null;
  onClose: () => void;
}) {
  const formId = useId();
  const save = useSaveSignInProvider();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ProviderChanges>({
    resolver: provider ? zodResolver(editForm) : zodResolver(createForm),
    mode: 'onTouched',
    defaultValues: provider ? valuesOf(provider) : EMPTY,
  });
  const onSubmit = handleSubmit(async (changes) => {
    try {
      const saved = await save.mutateAsync({ id: provider?._id ?? null, changes });
      toast.success(saved.message ?? SIGN_IN_PROVIDER_MESSAGES.updated);
      onClose();
    } catch (error) {
      applyServerFieldErrors(getFieldErrors(error), setError);
      toast.error(getErrorMessage(error, 'The sign-in provider could not be saved.'));
    }
  });
  return (
    <Modal
      open
      onClose={save.isPending ? () => {} : onClose}
      title={provider ? `Edit ${provider.label}` : 'Add a sign-in provider'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save provider
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <FieldGrid>
          <TextField
            label="Button label"
            hint="The sign-in screen shows 'Sign in with' and this label"
            error={errors.label?.message}
            {...register('label')}
          />
          <TextField
            label="Issuer URL"
            type="url"
            placeholder="https://accounts.google.com"
            error={errors.issuer?.message}
            {...register('issuer')}
          />
          <TextField
            label="Client ID"
            autoComplete="off"
            error={errors.clientId?.message}
            {...register('clientId')}
          />
          <TextField
            label="Client secret"
            type="password"
            autoComplete="new-password"
            hint={
              provider?.clientSecretSet
                ? 'Set. Leave empty to keep it, or type a new one to replace it.'
                : 'Stored sealed; it is never shown again.'
            }
            error={errors.clientSecret?.message}
            {...register('clientSecret')}
          />
          <TextField
            label="Allowed email domains"
            placeholder="college.edu, staff.college.edu"
            hint="Only accounts with these email domains can sign in through this provider"
            error={listError(errors.allowedDomains)}
            {...register('allowedDomains')}
          />
          <TextField
            label="Email claim"
            hint="email, unless the provider names the account in another claim (Entra ID: preferred_username)"
            error={errors.emailClaim?.message}
            {...register('emailClaim')}
          />
        </FieldGrid>
        <CheckboxCard
          label="Enabled"
          hint="Shows this provider's button on the sign-in screen."
          error={errors.enabled?.message}
          {...register('enabled')}
        />
      </form>
    </Modal>
  );
}

function ProviderRow({
  provider,
  onEdit,
  onDelete,
}: {
  provider: SignInProvider;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {signInButtonLabel(provider.label)}
          {provider.enabled ? (
            <Badge tone="green" dot>
              Enabled
            </Badge>
          ) : (
            <Badge tone="slate" dot>
              Off
            </Badge>
          )}
          {provider.fromEnvironment && <Badge tone="blue">Server environment</Badge>}
        </p>
        <p className="break-all text-slate-600">{provider.issuer}</p>
        <p className="text-slate-600">
          {`Client ID ${provider.clientId} · client secret ${provider.clientSecretSet ? 'set' : 'not set'}`}
        </p>
        <p className="text-slate-600">{`Domains: ${provider.allowedDomains.join(', ')}`}</p>
      </div>
      {provider.fromEnvironment ? (
        <p className="text-sm text-slate-500 sm:max-w-56 sm:text-right">
          Set by OIDC_ISSUER on the server; change it there.
        </p>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={onEdit}
            aria-label={`Edit ${provider.label}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onDelete}
            aria-label={`Remove ${provider.label}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The institution's OpenID Connect providers: people sign in with their institution's accounts
 * beside the password form. A section of its own, saved on its own, apart from the settings form.
 */
export function SignInProvidersSection() {
  const query = useSignInProviders();
  const remove = useDeleteSignInProvider();
  const [editing, setEditing] = useState<SignInProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<SignInProvider | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const removed = await remove.mutateAsync(removing._id);
      toast.success(removed.message);
      setRemoving(null);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The sign-in provider could not be removed.'));
    }
  };

  return (
    <FormSection
      title="Sign-in with your institution"
      description="People sign in with their institution's accounts (OpenID Connect) beside the password form. An email must match an existing active account of an allowed domain: no account is created."
    >
      {query.isPending ? (
        <Spinner className="size-6 text-brand-600" label="Loading sign-in providers" />
      ) : query.isError ? (
        <ErrorBanner
          title="Sign-in providers could not be loaded"
          message={getServerMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Redirect URI</p>
            <p className="mt-0.5">Register ExamIQ with the provider with this address:</p>
            <code className="mt-1 block break-all font-mono text-slate-900">
              {query.data.redirectUri}
            </code>
          </div>
          {query.data.providers.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <KeyRound aria-hidden="true" className="size-4" />
              No provider yet: everyone signs in with a password.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {query.data.providers.map((provider) => (
                <ProviderRow
                  key={provider._id}
                  provider={provider}
                  onEdit={() => setEditing(provider)}
                  onDelete={() => setRemoving(provider)}
                />
              ))}
            </ul>
          )}
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Add provider
          </Button>
        </>
      )}
      {editing && (
        <ProviderForm
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        open={removing !== null}
        onClose={remove.isPending ? () => {} : () => setRemoving(null)}
        title="Remove sign-in provider"
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setRemoving(null)}
              disabled={remove.isPending}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void confirmRemove()}
              loading={remove.isPending}
            >
              Remove
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          {`The button 'Sign in with ${removing?.label ?? ''}' leaves the sign-in screen. Accounts stay; their owners sign in with a password.`}
        </p>
      </Modal>
    </FormSection>
  );
}
