import type { InstitutionSettings, InviteField } from '@examiq/contracts';
import type { QueryKey, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { fullName } from '@/lib/format';
import { firstPasswordSentence } from '@/lib/institution-settings';
import { AccountActions } from './account-actions';
import { BackLink } from './back-link';
import { ButtonLink } from './button';
import { DefaultPasswordDialog } from './default-password-dialog';
import { RecordDetail } from './detail-view';
import { InvitationSentDialog } from './invitation-sent-dialog';
import { PageHeader } from './page-header';
import { PasswordChoice } from './password-choice';
import type { PersonFormProps } from './person-form';
import { createPersonSubmit, updatePersonSubmit } from './person-form-submit';
import { WithSettings } from './with-settings';

/** A person as the detail and edit pages read them: a student or a faculty member. */
interface RecordedPerson {
  _id: string;
  userId: { _id: string; isActive: boolean; lastLogin: string | null };
  personalInfo: { firstName: string; lastName: string };
}

/** Where one kind's pages are and what they say while their record is missing. */
export interface PersonPagesKind<Person> {
  /** The list: '/admin/student'. */
  listPath: string;
  /** 'Back to Students'. */
  backToList: string;
  /** What the skeleton announces: 'Loading student details'. */
  loadingLabel: string;
  notFound: { title: string; message: string; listLabel: string };
  error: { title: string; fallback: string };
  useRecord: (id: string) => UseQueryResult<Person | null>;
  /** The query key of the kind's lists and details, refreshed when an account changes. */
  records: QueryKey;
}

/** One kind's form, as its create and edit pages use it; `Field` names its optional fields. */
export interface PersonFormKind<
  Person,
  Values extends FieldValues,
  Payload,
  Field extends string = string,
> {
  /** The fields the institution requires of this kind. */
  requiredOf: (settings: InstitutionSettings) => readonly Field[];
  useForm: (
    defaultValues: DefaultValues<Values>,
    required: readonly Field[],
  ) => UseFormReturn<Values, unknown, Payload>;
  Form: ComponentType<PersonFormProps<Values, Payload>>;
  empty: DefaultValues<Values>;
  inputOf: (person: Person) => DefaultValues<Values>;
}

interface PageText {
  title: string;
  description: string;
}

/** The page of one record: a way back, a header, and the record once it is loaded. */
function PersonRecordPage<Person>({
  kind,
  id,
  back,
  header,
  actions,
  children,
}: {
  kind: PersonPagesKind<Person>;
  id: string;
  back: { to: string; label: string };
  header: PageText;
  actions?: (person: Person) => ReactNode;
  children: (person: Person) => ReactNode;
}) {
  const record = kind.useRecord(id);
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader
        title={header.title}
        description={header.description}
        actions={record.data && actions?.(record.data)}
      />
      <RecordDetail
        query={record}
        loadingLabel={kind.loadingLabel}
        notFound={{ ...kind.notFound, listTo: kind.listPath }}
        error={kind.error}
      >
        {children}
      </RecordDetail>
    </>
  );
}

const detailPathOf = (kind: { listPath: string }, id: string) =>
  `${kind.listPath}/${encodeURIComponent(id)}`;

/** A person's profile, with Edit and the account's actions. */
export function PersonDetailPage<Person extends RecordedPerson>({
  kind,
  header,
  children,
}: {
  kind: PersonPagesKind<Person>;
  header: PageText;
  children: (person: Person) => ReactNode;
}) {
  const { id = '' } = useParams();
  return (
    <PersonRecordPage
      kind={kind}
      id={id}
      back={{ to: kind.listPath, label: kind.backToList }}
      header={header}
      actions={(person) => (
        <>
          <ButtonLink to={`${detailPathOf(kind, id)}/edit`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </ButtonLink>
          <AccountActions
            account={person.userId}
            name={fullName(person.personalInfo)}
            records={kind.records}
          />
        </>
      )}
    >
      {children}
    </PersonRecordPage>
  );
}

/** The edit page: the create form filled with the record, saved with the same rules. */
export function EditPersonPage<
  Person extends RecordedPerson,
  Values extends FieldValues,
  Payload,
  Field extends string,
>({
  kind,
  form,
  header,
  backToDetail,
  useUpdate,
  failed,
}: {
  kind: PersonPagesKind<Person>;
  form: PersonFormKind<Person, Values, Payload, Field>;
  header: PageText;
  /** 'Back to Student Details'. */
  backToDetail: string;
  useUpdate: () => UseMutationResult<string, Error, { id: string; payload: Payload }>;
  /** The toast when the call itself fails. */
  failed: string;
}) {
  const { id = '' } = useParams();
  const detailPath = detailPathOf(kind, id);
  return (
    <PersonRecordPage
      kind={kind}
      id={id}
      back={{ to: detailPath, label: backToDetail }}
      header={header}
    >
      {(person) => (
        <WithSettings>
          {(settings) => (
            <EditPersonForm
              person={person}
              form={form}
              required={form.requiredOf(settings)}
              detailPath={detailPath}
              useUpdate={useUpdate}
              failed={failed}
            />
          )}
        </WithSettings>
      )}
    </PersonRecordPage>
  );
}

function EditPersonForm<
  Person extends RecordedPerson,
  Values extends FieldValues,
  Payload,
  Field extends string,
>({
  person,
  form: kind,
  required,
  detailPath,
  useUpdate,
  failed,
}: {
  person: Person;
  form: PersonFormKind<Person, Values, Payload, Field>;
  required: readonly Field[];
  detailPath: string;
  useUpdate: () => UseMutationResult<string, Error, { id: string; payload: Payload }>;
  failed: string;
}) {
  const navigate = useNavigate();
  const update = useUpdate();
  const form = kind.useForm(kind.inputOf(person), required);
  const onSubmit = updatePersonSubmit(
    form,
    (payload) => update.mutateAsync({ id: person._id, payload }),
    failed,
    () => navigate(detailPath),
  );
  return (
    <kind.Form
      form={form}
      required={required}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      cancelTo={detailPath}
    />
  );
}

/** What a create call takes: the name is enough to address the new person. */
interface NamedPayload {
  email: string;
  personalInfo: { firstName: string; lastName: string };
}

interface CreatePersonPageProps<Person, Values extends FieldValues, Payload, Field extends string> {
  kind: Pick<PersonPagesKind<Person>, 'listPath' | 'backToList'>;
  form: PersonFormKind<Person, Values, Payload, Field>;
  header: {
    title: string;
    /**
     * The intro up to the new person's first password, without its full stop: '… The student
     * receives a default password to change at first sign-in'. The page ends it, naming the
     * emailed invitation too while the institution offers one.
     */
    description: string;
  };
  submitLabel: string;
  /** The dialog's title: 'Student Created'. */
  createdTitle: string;
  useCreate: () => UseMutationResult<
    { message: string; defaultPassword: string | null },
    Error,
    Payload & InviteField
  >;
  /** The toast when the call itself fails. */
  failed: string;
}

/**
 * The create page: the form with the choice of a default password or an emailed invitation (while
 * the institution offers invitations), then the new account's default password, or word of the
 * invitation, in a dialog.
 */
export function CreatePersonPage<
  Person,
  Values extends FieldValues,
  Payload extends NamedPayload,
  Field extends string,
>(props: CreatePersonPageProps<Person, Values, Payload, Field>) {
  return (
    <WithSettings>
      {(settings) => (
        <CreatePerson
          {...props}
          required={props.form.requiredOf(settings)}
          offersInvitation={settings.invitationEmails}
        />
      )}
    </WithSettings>
  );
}

function CreatePerson<
  Person,
  Values extends FieldValues,
  Payload extends NamedPayload,
  Field extends string,
>({
  kind,
  form: formKind,
  header,
  submitLabel,
  createdTitle,
  useCreate,
  failed,
  required,
  offersInvitation,
}: CreatePersonPageProps<Person, Values, Payload, Field> & {
  required: readonly Field[];
  /** Whether the institution offers invitations; if not, the spec's default password only. */
  offersInvitation: boolean;
}) {
  const create = useCreate();
  const form = formKind.useForm(formKind.empty, required);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const [invited, setInvited] = useState<{ name: string; email: string } | null>(null);
  const [invite, setInvite] = useState(false);
  const onSubmit = createPersonSubmit(
    form,
    async (payload) => {
      // The spec's body unless the admin chose an invitation.
      const answer = await create.mutateAsync(
        invite && offersInvitation ? { ...payload, invite } : payload,
      );
      const { firstName, lastName } = payload.personalInfo;
      const name = `${firstName} ${lastName}`;
      if (answer.defaultPassword === null) setInvited({ name, email: payload.email });
      else setCreated({ name, password: answer.defaultPassword });
      return { ...answer, email: payload.email };
    },
    failed,
  );

  return (
    <>
      <BackLink to={kind.listPath}>{kind.backToList}</BackLink>
      <PageHeader
        title={header.title}
        description={firstPasswordSentence(header.description, offersInvitation)}
      />
      <formKind.Form
        form={form}
        required={required}
        onSubmit={onSubmit}
        submitLabel={submitLabel}
        cancelTo={kind.listPath}
        accountChoice={
          offersInvitation ? <PasswordChoice invite={invite} onChange={setInvite} /> : undefined
        }
      />
      <InvitationSentDialog
        invited={invited}
        title={createdTitle}
        onClose={() => setInvited(null)}
      />
      <DefaultPasswordDialog
        password={created?.password ?? null}
        name={created?.name ?? ''}
        title={createdTitle}
        onClose={() => setCreated(null)}
      />
    </>
  );
}
