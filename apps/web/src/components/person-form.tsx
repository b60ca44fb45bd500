import {
  type CreateStudentInput,
  GENDER_LABELS,
  GENDERS,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import {
  createContext,
  type FormEventHandler,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import {
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  type UseFormSetError,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { Button, ButtonLink } from './button';
import { Dropdown } from './dropdown';
import { TextField } from './text-field';

/**
 * The part every person form (student, faculty) has. Each form provides it through
 * react-hook-form's FormProvider; its own values hold more.
 */
type PersonFormValues = Pick<CreateStudentInput, 'personalInfo' | 'contactInfo'>;

const emptyAddress = { street: '', city: '', state: '', zipCode: '', country: '' };

/** The blank personal and contact parts of a person form's default values. */
export const emptyPersonFields = {
  personalInfo: {
    photo: '',
    firstName: '',
    lastName: '',
    dateOfBirth: '',
    gender: '',
    nationality: '',
    religion: '',
  },
  contactInfo: { phone: '', permanentAddress: emptyAddress, currentAddress: emptyAddress },
} satisfies PersonFormValues;

/** Whether the institution requires a profile field, by its key in the settings. */
const RequiredFieldsContext = createContext<(key: string) => boolean>(() => true);

interface PersonFormFrameProps<TFieldValues extends FieldValues, TContext, TPayload> {
  form: UseFormReturn<TFieldValues, TContext, TPayload>;
  /** The profile fields the institution requires, as the form's schema was built with. */
  required: readonly string[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}

/** A person form: its fields reach the form's state and the institution's required fields. */
export function PersonFormFrame<TFieldValues extends FieldValues, TContext, TPayload>({
  form,
  required,
  onSubmit,
  children,
}: PersonFormFrameProps<TFieldValues, TContext, TPayload>) {
  return (
    <FormProvider {...form}>
      <RequiredFieldsContext.Provider value={(key) => required.includes(key)}>
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          {children}
        </form>
      </RequiredFieldsContext.Provider>
    </FormProvider>
  );
}

/** The hint 'Optional' for a field the institution does not require, by its key. */
export function useOptionalHint(): (key: string) => string | undefined {
  const requires = useContext(RequiredFieldsContext);
  return (key) => (requires(key) ? undefined : 'Optional');
}

/** How long the created toast stays: long enough to copy the default password. */
const CREATED_TOAST_DURATION_MS = 15_000;

const genderOptions = GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }));

interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
}

/** One card of a long form; its fields sit in two columns on wider screens, one on phones. */
export function FormSection({ title, description, children }: FormSectionProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      </div>
      <div className="space-y-6 px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** The two-column grid of a section's fields. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}

interface FieldGroupProps {
  legend: string;
  /** Controls next to the legend, e.g. a Remove button of a list entry. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A named group inside a section ('Permanent Address', 'Father'): its fields can share plain
 * labels ('Street', 'Name') and still be told apart by assistive technology.
 */
export function FieldGroup({ legend, actions, children }: FieldGroupProps) {
  return (
    <fieldset className="relative min-w-0">
      {/* Floated, a legend lays out as an ordinary block instead of sitting on the border. */}
      <legend className="float-left mb-3 flex min-h-8 w-full items-center pr-28 text-sm font-semibold text-slate-800">
        {legend}
      </legend>
      {actions && <div className="absolute top-0 right-0">{actions}</div>}
      <div className="clear-both">
        <FieldGrid>{children}</FieldGrid>
      </div>
    </fieldset>
  );
}

interface PersonalInfoFieldsProps {
  /** Fields only one kind of person has, e.g. a faculty member's marital status. */
  children?: ReactNode;
}

export function PersonalInfoFields({ children }: PersonalInfoFieldsProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const fieldErrors = errors.personalInfo;
  const optional = useOptionalHint();

  return (
    <FormSection title="Personal Information">
      <FieldGrid>
        <TextField
          label="First Name"
          autoComplete="off"
          error={fieldErrors?.firstName?.message}
          {...register('personalInfo.firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="off"
          error={fieldErrors?.lastName?.message}
          {...register('personalInfo.lastName')}
        />
        <TextField
          label="Date of Birth"
          type="date"
          hint={optional('personalInfo.dateOfBirth')}
          error={fieldErrors?.dateOfBirth?.message}
          {...register('personalInfo.dateOfBirth')}
        />
        <Dropdown
          label="Gender"
          placeholder="Select a gender"
          options={genderOptions}
          hint={optional('personalInfo.gender')}
          error={fieldErrors?.gender?.message}
          {...register('personalInfo.gender')}
        />
        <TextField
          label="Nationality"
          placeholder="e.g. Indian"
          hint={optional('personalInfo.nationality')}
          error={fieldErrors?.nationality?.message}
          {...register('personalInfo.nationality')}
        />
        <TextField
          label="Religion"
          hint={optional('personalInfo.religion')}
          error={fieldErrors?.religion?.message}
          {...register('personalInfo.religion')}
        />
        {children}
        <TextField
          label="Photo URL"
          type="url"
          placeholder="https://…"
          className="sm:col-span-2"
          hint={optional('personalInfo.photo')}
          error={fieldErrors?.photo?.message}
          {...register('personalInfo.photo')}
        />
      </FieldGrid>
    </FormSection>
  );
}

type AddressName = 'contactInfo.permanentAddress' | 'contactInfo.currentAddress';

function AddressFields({ name, legend }: { name: AddressName; legend: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PersonFormValues>();
  const key = name === 'contactInfo.permanentAddress' ? 'permanentAddress' : 'currentAddress';
  const fieldErrors = errors.contactInfo?.[key];
  // The address is optional as a whole: left out entirely, or given in full.
  const optional = useOptionalHint()(name);

  return (
    <FieldGroup legend={optional ? `${legend} (optional)` : legend}>
      <TextField
        label="Street"
        className="sm:col-span-2"
        error={fieldErrors?.street?.message}
        {...register(`${name}.street`)}
      />
      <TextField label="City" error={fieldErrors?.city?.message} {...register(`${name}.city`)} />
      <TextField label="State" error={fieldErrors?.state?.message} {...register(`${name}.state`)} />
      <TextField
        label="Zip Code"
        inputMode="numeric"
        error={fieldErrors?.zipCode?.message}
        {...register(`${name}.zipCode`)}
      />
      <TextField
        label="Country"
        error={fieldErrors?.country?.message}
        {...register(`${name}.country`)}
      />
    </FieldGroup>
  );
}

export function ContactInfoFields() {
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<PersonFormValues>();
  const [sameAddress, setSameAddress] = useState(false);
  const permanentAddress = useWatch({ control, name: 'contactInfo.permanentAddress' });
  const optional = useOptionalHint();

  // While the box is ticked the current address follows the permanent one as it is typed.
  useEffect(() => {
    if (sameAddress) {
      setValue('contactInfo.currentAddress', permanentAddress, { shouldValidate: isSubmitted });
    }
  }, [sameAddress, permanentAddress, setValue, isSubmitted]);

  return (
    <FormSection title="Contact Information">
      <FieldGrid>
        <TextField
          label="Phone"
          type="tel"
          placeholder="+91 98765 43210"
          hint={optional('contactInfo.phone')}
          error={errors.contactInfo?.phone?.message}
          {...register('contactInfo.phone')}
        />
      </FieldGrid>
      <AddressFields name="contactInfo.permanentAddress" legend="Permanent Address" />
      <label className="flex w-fit items-center gap-2.5 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          checked={sameAddress}
          onChange={(event) => setSameAddress(event.target.checked)}
          className="size-4 rounded border-slate-300 accent-brand-600"
        />
        Same as permanent address
      </label>
      {!sameAddress && <AddressFields name="contactInfo.currentAddress" legend="Current Address" />}
    </FormSection>
  );
}

interface FormFooterProps {
  submitLabel: string;
  submitting: boolean;
  /** Where Cancel leads: the list the form adds to. */
  cancelTo: string;
}

/** Cancel and submit at the end of a long form; submit shows a spinner while the call runs. */
export function FormFooter({ submitLabel, submitting, cancelTo }: FormFooterProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <ButtonLink to={cancelTo} variant="secondary">
        Cancel
      </ButtonLink>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** The success toast of a created account: the server's message and the default password. */
function toastCreatedWithPassword(message: string, password: string): void {
  // The contract's sentence without the password, so the password itself can be set apart.
  const passwordLabel = PEOPLE_MESSAGES.defaultPassword('');
  toast.success(
    <div className="space-y-1">
      <p className="font-medium">{message}</p>
      <p>
        {passwordLabel}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono select-all">{password}</span>
      </p>
    </div>,
    { duration: CREATED_TOAST_DURATION_MS },
  );
}

/**
 * The toast text of a failed create or edit (spec section 8): the server's message; else the
 * form's fallback when the call itself failed; else, for anything else (an answer of an unexpected
 * shape), 'An unexpected error occurred'.
 */
function createFailureMessage(error: unknown, fallback: string): string {
  return (
    getServerMessage(error) ?? (error instanceof ApiError ? fallback : PEOPLE_MESSAGES.unexpected)
  );
}

/** What a person's create call answers: the server's message and the account's default password. */
interface CreatedPerson {
  message: string;
  defaultPassword: string;
}

/** Shows a failed save: the server's field errors under their fields, and a toast. */
function showSaveFailure<TFieldValues extends FieldValues>(
  setError: UseFormSetError<TFieldValues>,
  error: unknown,
  failedMessage: string,
): void {
  applyServerFieldErrors(getFieldErrors(error), setError);
  toast.error(createFailureMessage(error, failedMessage));
}

/**
 * The submit handler of a person create form: on success it toasts the default password and
 * empties the form for the next person; on failure it shows the server's field errors under their
 * fields and toasts the failure (`failedMessage` when the call itself failed).
 */
export function createPersonSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  create: (payload: TPayload) => Promise<CreatedPerson>,
  failedMessage: string,
) {
  return form.handleSubmit(async (values) => {
    let created: CreatedPerson;
    try {
      created = await create(values);
    } catch (error) {
      showSaveFailure(form.setError, error, failedMessage);
      return;
    }
    toastCreatedWithPassword(created.message, created.defaultPassword);
    form.reset();
    // The next person starts at the top of an empty form.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
}

/**
 * The submit handler of a person edit form: on success it toasts the server's message and calls
 * `onUpdated` (back to the record); on failure it shows errors as a create does.
 */
export function updatePersonSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  update: (payload: TPayload) => Promise<string>,
  failedMessage: string,
  onUpdated: () => void,
) {
  return form.handleSubmit(async (values) => {
    let message: string;
    try {
      message = await update(values);
    } catch (error) {
      showSaveFailure(form.setError, error, failedMessage);
      return;
    }
    toast.success(message);
    onUpdated();
  });
}
