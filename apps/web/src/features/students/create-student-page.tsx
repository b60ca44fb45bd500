import { createStudentSchema, PEOPLE_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { BackLink } from '@/components/back-link';
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
import { AcademicInfoFields } from './academic-info-fields';
import { useCreateStudent } from './api/create-student';
import { FamilyInfoFields } from './family-info-fields';

const emptyRelative = { name: '', occupation: '', phone: '', email: '' };

export default function CreateStudentPage() {
  const createStudent = useCreateStudent();
  const form = useForm({
    resolver: zodResolver(createStudentSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      rollNumber: '',
      ...emptyPersonFields,
      familyInfo: {
        father: emptyRelative,
        mother: emptyRelative,
        guardian: { ...emptyRelative, relationship: '' },
      },
      academicInfo: { batch: '', course: '', branch: '', section: '' },
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = createPersonSubmit(
    form,
    createStudent.mutateAsync,
    PEOPLE_MESSAGES.createStudentFailed,
  );

  return (
    <>
      <BackLink to="/admin/student">Back to Students</BackLink>
      <PageHeader
        title="Create Student"
        description="Register a student with personal, contact, family and academic details. The student receives a default password to change at first sign-in."
      />
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <FormSection title="Account Information">
            <FieldGrid>
              <TextField
                label="Email"
                type="email"
                autoComplete="off"
                placeholder="student@institution.edu"
                error={errors.email?.message}
                {...register('email')}
              />
              <TextField
                label="Roll Number"
                placeholder="e.g. CSE-2024-001"
                error={errors.rollNumber?.message}
                {...register('rollNumber')}
              />
            </FieldGrid>
          </FormSection>
          <PersonalInfoFields />
          <ContactInfoFields />
          <FamilyInfoFields />
          <AcademicInfoFields />
          <FormFooter
            submitLabel="Create Student"
            submitting={isSubmitting}
            cancelTo="/admin/student"
          />
        </form>
      </FormProvider>
    </>
  );
}
