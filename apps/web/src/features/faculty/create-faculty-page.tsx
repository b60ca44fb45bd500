import {
  createFacultySchema,
  MARITAL_STATUS_LABELS,
  MARITAL_STATUSES,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { BackLink } from '@/components/back-link';
import { Dropdown } from '@/components/dropdown';
import { PageHeader } from '@/components/page-header';
import {
  ContactInfoFields,
  createPersonSubmit,
  emptyPersonFields,
  FieldGrid,
  FormFooter,
  FormSection,
  PersonalInfoFields,
} from '@/components/person-form';
import { TextField } from '@/components/text-field';
import { useCreateFaculty } from './api/create-faculty';
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

export default function CreateFacultyPage() {
  const createFaculty = useCreateFaculty();
  const form = useForm({
    resolver: zodResolver(createFacultySchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      ...emptyPersonFields,
      personalInfo: { ...emptyPersonFields.personalInfo, maritalStatus: '' },
      professionalInfo: emptyProfessionalInfo,
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = createPersonSubmit(
    form,
    createFaculty.mutateAsync,
    PEOPLE_MESSAGES.createFacultyFailed,
  );

  return (
    <>
      <BackLink to="/admin/faculty">Back to Faculty</BackLink>
      <PageHeader
        title="Create Faculty"
        description="Register a faculty member with personal, contact and professional details. They receive a default password to change at first sign-in."
      />
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
          <FormFooter
            submitLabel="Create Faculty"
            submitting={isSubmitting}
            cancelTo="/admin/faculty"
          />
        </form>
      </FormProvider>
    </>
  );
}
