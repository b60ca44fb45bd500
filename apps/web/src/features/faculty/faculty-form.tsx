import {
  type CreateFacultyInput,
  type CreateFacultyPayload,
  createFacultySchema,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler } from 'react';
import { type DefaultValues, FormProvider, useForm } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import {
  ContactInfoFields,
  emptyPersonFields,
  FieldGrid,
  FormFooter,
  FormSection,
  PersonalInfoFields,
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

/** The faculty form of create and edit: the same fields, rules and messages (spec section 5). */
export function useFacultyForm(defaultValues: DefaultValues<CreateFacultyInput>) {
  return useForm<CreateFacultyInput, unknown, CreateFacultyPayload>({
    resolver: zodResolver(createFacultySchema),
    mode: 'onTouched',
    defaultValues,
  });
}

interface FacultyFormProps {
  form: ReturnType<typeof useFacultyForm>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  cancelTo: string;
}

export function FacultyForm({ form, onSubmit, submitLabel, cancelTo }: FacultyFormProps) {
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <FormSection title="Account Information">
          <FieldGrid>
            <TextField
              label="Email"
              type="email"
              autoComplete="off"
              placeholder="faculty@institution.edu"
              error={errors.email?.message}
              {...register('email')}
            />
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
          </FieldGrid>
        </FormSection>
        <PersonalInfoFields>
          <Dropdown
            label="Marital Status"
            placeholder="Select a marital status"
            options={maritalStatusOptions}
            error={errors.personalInfo?.maritalStatus?.message}
            {...register('personalInfo.maritalStatus')}
          />
        </PersonalInfoFields>
        <ContactInfoFields />
        <ProfessionalInfoFields />
        <QualificationFields />
        <ExperienceFields />
        <FormFooter submitLabel={submitLabel} submitting={isSubmitting} cancelTo={cancelTo} />
      </form>
    </FormProvider>
  );
}
