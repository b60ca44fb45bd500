import {
  LTI_MESSAGES,
  type LtiPlatform,
  type LtiPlatformInput,
  type LtiSettingsData,
  ltiPlatformInputSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { GraduationCap, KeyRound, Pencil, Plus, RotateCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ErrorBanner } from '@/components/error-banner';
import { Modal } from '@/components/modal';
import { FieldGrid, FormSection } from '@/components/person-form';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { listError } from './list-error';
import {
  useDeleteLtiPlatform,
  useLtiSettings,
  useRotateLtiKey,
  useSaveLtiPlatform,
} from './lti-platforms';

/** Deployment IDs are typed as text, separated by commas, spaces or lines. */
const platformForm = ltiPlatformInputSchema.extend({
  deploymentIds: z
    .string()
    .transform((text) => text.split(/[\s,]+/).filter(Boolean))
    .pipe(ltiPlatformInputSchema.shape.deploymentIds),
});
type FormValues = z.input<typeof platformForm>;

const EMPTY: FormValues = {
  name: '',
  issuer: '',
  clientId: '',
  deploymentIds: '',
  authLoginUrl: '',
  accessTokenUrl: '',
  jwksUrl: '',
};

function PlatformForm({
  platform,
  onClose,
}: {
  platform: LtiPlatform | null;
  onClose: () => void;
}) {
  const formId = useId();
  const save = useSaveLtiPlatform();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, LtiPlatformInput>({
    resolver: zodResolver(platformForm),
    mode: 'onTouched',
    defaultValues: platform
      ? { ...platform, deploymentIds: platform.deploymentIds.join(', ') }
      : EMPTY,
  });
  const onSubmit = handleSubmit(async (changes) => {
    try {
      const saved = await save.mutateAsync({ id: platform?._id ?? null, changes });
      toast.success(saved.message ?? LTI_MESSAGES.updated);
      onClose();
    } catch (error) {
      applyServerFieldErrors(getFieldErrors(error), setError);
      toast.error(getErrorMessage(error, 'The LMS platform could not be saved.'));
    }
  });
  return (
    <Modal
      open
      onClose={save.isPending ? () => {} : onClose}
      title={platform ? `Edit ${platform.name}` : 'Register an LMS platform'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save platform
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          The LMS shows these values once ExamIQ is added to it as an LTI 1.3 tool.
        </p>
        <FieldGrid>
          <TextField
            label="Name"
            placeholder="College Moodle"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Issuer"
            type="url"
            placeholder="https://moodle.college.edu"
            hint="Moodle: Platform ID; Canvas: https://canvas.instructure.com"
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
            label="Deployment IDs"
            placeholder="1"
            hint="Separated by commas when the LMS has several"
            error={listError(errors.deploymentIds)}
            {...register('deploymentIds')}
          />
          <TextField
            label="OIDC login URL"
            type="url"
            placeholder="https://moodle.college.edu/mod/lti/auth.php"
            hint="Moodle: Authentication request URL"
            error={errors.authLoginUrl?.message}
            {...register('authLoginUrl')}
          />
          <TextField
            label="Access token URL"
            type="url"
            placeholder="https://moodle.college.edu/mod/lti/token.php"
            error={errors.accessTokenUrl?.message}
            {...register('accessTokenUrl')}
          />
          <TextField
            label="Keyset (JWKS) URL"
            type="url"
            placeholder="https://moodle.college.edu/mod/lti/certs.php"
            hint="Moodle: Public keyset URL"
            error={errors.jwksUrl?.message}
            {...register('jwksUrl')}
          />
        </FieldGrid>
      </form>
    </Modal>
  );
}

function CopyableUrl({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="text-slate-600">{hint}</dd>
      <dd className="mt-1 flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-slate-900 ring-1 ring-slate-200">
          {value}
        </code>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Copy the ${label}`}
          onClick={() =>
            void navigator.clipboard.writeText(value).then(
              () => toast.success(`${label} copied`),
              () => toast.error('Select the address and copy it yourself.'),
            )
          }
        >
          Copy
        </Button>
      </dd>
    </div>
  );
}

function ToolDetails({ data }: { data: LtiSettingsData }) {
  const rotate = useRotateLtiKey();
  const onRotate = async () => {
    try {
      toast.success((await rotate.mutateAsync()).message ?? LTI_MESSAGES.keyRotated);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The key could not be rotated.'));
    }
  };
  return (
    <div className="space-y-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <p className="font-medium text-slate-900">ExamIQ's details for the LMS administrator</p>
      <dl className="grid gap-3 lg:grid-cols-2">
        <CopyableUrl
          label="Tool URL and redirect URI"
          hint="Launches arrive here"
          value={data.tool.launchUrl}
        />
        <CopyableUrl
          label="Initiate login URL"
          hint="The LMS starts each launch here"
          value={data.tool.loginUrl}
        />
        <CopyableUrl
          label="Public keyset URL"
          hint="ExamIQ's keys (JWKS)"
          value={data.tool.jwksUrl}
        />
        <CopyableUrl
          label="Deep linking URL"
          hint="Content selection: instructors add exams to a course"
          value={data.tool.deepLinkingUrl}
        />
      </dl>
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-slate-600">
          <p className="font-medium text-slate-900">Tool keys</p>
          {data.keys.length === 0 ? (
            <p>The first key is made when ExamIQ first signs for an LMS.</p>
          ) : (
            <ul>
              {data.keys.map((key) => (
                <li key={key.kid} className="flex flex-wrap items-center gap-2">
                  <KeyRound aria-hidden="true" className="size-4" />
                  <span className="break-all font-mono text-xs">{key.kid}</span>
                  <span>{`since ${formatDateTime(key.createdAt)}`}</span>
                  {key.signing ? (
                    <Badge tone="green">Signing</Badge>
                  ) : (
                    <Badge tone="slate">Previous, still published</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onRotate()}
          loading={rotate.isPending}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          Rotate key
        </Button>
      </div>
    </div>
  );
}

function PlatformRow({
  platform,
  onEdit,
  onDelete,
}: {
  platform: LtiPlatform;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-semibold text-slate-900">{platform.name}</p>
        <p className="break-all text-slate-600">{platform.issuer}</p>
        <p className="break-all text-slate-600">
          {`Client ID ${platform.clientId} · deployment ${platform.deploymentIds.join(', ')}`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${platform.name}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDelete}
          aria-label={`Remove ${platform.name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </li>
  );
}

function ScoreFailures({ data }: { data: LtiSettingsData }) {
  if (data.scoreFailures.length === 0) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm">
      <p className="font-medium text-amber-900">Scores the LMS has not taken yet</p>
      <p className="text-amber-900">
        ExamIQ tries again by itself; a later change of the mark sends it too.
      </p>
      <ul className="mt-2 space-y-2">
        {data.scoreFailures.map((failure) => (
          <li
            key={`${failure.examTitle}-${failure.studentEmail}-${failure.failedAt}`}
            className="text-slate-800"
          >
            <span className="font-medium">{`${failure.examTitle} · ${failure.studentEmail}`}</span>
            <span className="block break-all text-slate-700">{`${failure.platformName}, ${formatDateTime(failure.failedAt)}: ${failure.error}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * LTI 1.3: the LMS platforms ExamIQ is a tool of, ExamIQ's own addresses and keys to register it
 * with, and the scores an LMS did not take. Saved on its own, apart from the settings form.
 */
export function LtiSection() {
  const query = useLtiSettings();
  const remove = useDeleteLtiPlatform();
  const [editing, setEditing] = useState<LtiPlatform | 'new' | null>(null);
  const [removing, setRemoving] = useState<LtiPlatform | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      toast.success((await remove.mutateAsync(removing._id)).message);
      setRemoving(null);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The LMS platform could not be removed.'));
    }
  };

  return (
    <FormSection
      title="LMS courses (LTI 1.3)"
      description="Moodle, Canvas and other LMSs launch ExamIQ exams from a course and receive their scores. A launched person signs in with the ExamIQ account of their email; no account is created."
    >
      {query.isPending ? (
        <Spinner className="size-6 text-brand-600" label="Loading LMS platforms" />
      ) : query.isError ? (
        <ErrorBanner
          title="LMS platforms could not be loaded"
          message={getServerMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <ToolDetails data={query.data} />
          <ScoreFailures data={query.data} />
          {query.data.platforms.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <GraduationCap aria-hidden="true" className="size-4" />
              No LMS registered yet.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {query.data.platforms.map((platform) => (
                <PlatformRow
                  key={platform._id}
                  platform={platform}
                  onEdit={() => setEditing(platform)}
                  onDelete={() => setRemoving(platform)}
                />
              ))}
            </ul>
          )}
          <Button variant="secondary" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            Register LMS
          </Button>
        </>
      )}
      {editing && (
        <PlatformForm
          platform={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        name={removing?.name ?? null}
        title="Remove LMS platform"
        warning="Launches from it stop working, and no more scores are sent to it. Accounts and results stay."
        deleting={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </FormSection>
  );
}
