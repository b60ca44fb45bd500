import {
  type CreateFacultyInput,
  type CreateFacultyPayload,
  type FacultyProfileField,
  facultySchemaFor,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
} from '@examiq/contracts';
import { type DefaultValues, useFormContext } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import {
  emptyPersonFields,
  PersonForm,
  type PersonFormProps,
  useOptionalHint,
  usePersonForm,
} from '@/components/person-form';
import { TextField } from '@/components/text-field';
import {
  ExperienceFields,
  emptyProfessionalInfo,
  ProfessionalInfoFields,
  QualificationFields,
} from './professional-info-fields';

const maritalStatusOptions = MARITAL_STATUSES.map((status) => ({
  value: status,
  label: MARITAL_STATUS_LABELS[status],
}));

/** The create form's blank values. */
export const emptyFaculty: DefaultValues<CreateFacultyInput> = {
  email: '',
  ...emptyPersonFields,
  personalInfo: { ...emptyPersonFields.personalInfo, maritalStatus: '' },
  professionalInfo: emptyProfessionalInfo,
};

/** The faculty form of create and edit, with the fields the institution requires. */
export function useFacultyForm(
  defaultValues: DefaultValues<CreateFacultyInput>,
  required: readonly FacultyProfileField[],
) {
  return usePersonForm(facultySchemaFor(required), defaultValues);
}

export function FacultyForm(props: PersonFormProps<CreateFacultyInput, CreateFacultyPayload>) {
  const {
    register,
    formState: { errors },
  } = props.form;
  return (
    <PersonForm
      {...props}
      emailPlaceholder="faculty@institution.edu"
      accountField={
        <TextField
          label="Joining Date"
          type="date"
          hint="Optional"
          error={errors.joiningDate?.message}
          // An empty date means none was given, not an invalid one.
          {...register('joiningDate', {
            setValueAs: (value: string) => (value === '' ? undefined : value),
          })}
        />
      }
      personalFields={<MaritalStatusField />}
    >
      <ProfessionalInfoFields />
      <QualificationFields />
      <ExperienceFields />
    </PersonForm>
  );
}

function MaritalStatusField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateFacultyInput>();
  const optional = useOptionalHint();
  return (
    <Dropdown
      label="Marital Status"
      placeholder="Select a marital status"
      options={maritalStatusOptions}
      hint={optional('personalInfo.maritalStatus')}
      error={errors.personalInfo?.maritalStatus?.message}
      {...register('personalInfo.maritalStatus')}
    />
  );
}
