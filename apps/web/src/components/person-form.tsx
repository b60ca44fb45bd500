import { type CreateStudentInput, GENDER_LABELS, GENDERS } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
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
  type DefaultValues,
  type FieldValues,
  FormProvider,
  type UseFormReturn,
  useForm,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
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

/**
 * A person form of create and edit: the schema's rules and messages (spec section 5), built with
 * the fields the institution requires, shown once a field is left.
 */
export function usePersonForm<Values extends FieldValues, Payload>(
  schema: z.ZodType<Payload, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
) {
  return useForm<Values, unknown, Payload>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });
}

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
function PersonFormFrame<TFieldValues extends FieldValues, TContext, TPayload>({
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
function FormFooter({ submitLabel, submitting, cancelTo }: FormFooterProps) {
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

/** What a person form takes from its page: create and edit differ only in these. */
export interface PersonFormProps<TFieldValues extends FieldValues, TPayload> {
  form: UseFormReturn<TFieldValues, unknown, TPayload>;
  /** The fields the institution requires, as the form was built with. */
  required: readonly string[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  cancelTo: string;
  /** The create form's choice of the account's first password, after the account's fields. */
  accountChoice?: ReactNode;
}

interface PersonFormLayoutProps<TFieldValues extends FieldValues, TPayload>
  extends PersonFormProps<TFieldValues, TPayload> {
  emailPlaceholder: string;
  /** The account's field besides the email: a roll number, a joining date. */
  accountField: ReactNode;
  /** Personal fields only this kind of person has. */
  personalFields?: ReactNode;
  /** The kind's own sections, after the contact information. */
  children: ReactNode;
}

/** A person form of create and edit: account, personal and contact information, then the kind's. */
export function PersonForm<TFieldValues extends FieldValues, TPayload>({
  form,
  required,
  onSubmit,
  submitLabel,
  cancelTo,
  accountChoice,
  emailPlaceholder,
  accountField,
  personalFields,
  children,
}: PersonFormLayoutProps<TFieldValues, TPayload>) {
  return (
    <PersonFormFrame form={form} required={required} onSubmit={onSubmit}>
      <FormSection title="Account Information">
        <FieldGrid>
          <EmailField placeholder={emailPlaceholder} />
          {accountField}
        </FieldGrid>
      </FormSection>
      {accountChoice}
      <PersonalInfoFields>{personalFields}</PersonalInfoFields>
      <ContactInfoFields />
      {children}
      <FormFooter
        submitLabel={submitLabel}
        submitting={form.formState.isSubmitting}
        cancelTo={cancelTo}
      />
    </PersonFormFrame>
  );
}

function EmailField({ placeholder }: { placeholder: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<{ email: string }>();
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="off"
      placeholder={placeholder}
      error={errors.email?.message}
      {...register('email')}
    />
  );
}
