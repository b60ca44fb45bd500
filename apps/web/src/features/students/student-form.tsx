import {
  type CreateStudentInput,
  type CreateStudentPayload,
  type StudentProfileField,
  studentSchemaFor,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import {
  ContactInfoFields,
  emptyPersonFields,
  FieldGrid,
  FormFooter,
  FormSection,
  PersonalInfoFields,
  PersonFormFrame,
} from '@/components/person-form';
import { TextField } from '@/components/text-field';
import { AcademicInfoFields } from './academic-info-fields';
import { FamilyInfoFields } from './family-info-fields';

const emptyRelative = { name: '', occupation: '', phone: '', email: '' };

/** The create form's blank values. */
export const emptyStudent: DefaultValues<CreateStudentInput> = {
  email: '',
  rollNumber: '',
  ...emptyPersonFields,
  familyInfo: {
    father: emptyRelative,
    mother: emptyRelative,
    guardian: { ...emptyRelative, relationship: '' },
  },
  academicInfo: { batch: '', course: '', branch: '', section: '' },
};

/**
 * The student form of create and edit: the same fields, rules and messages (spec section 5), with
 * the fields the institution requires.
 */
export function useStudentForm(
  defaultValues: DefaultValues<CreateStudentInput>,
  required: readonly StudentProfileField[],
) {
  return useForm<CreateStudentInput, unknown, CreateStudentPayload>({
    resolver: zodResolver(studentSchemaFor(required)),
    mode: 'onTouched',
    defaultValues,
  });
}

interface StudentFormProps {
  form: ReturnType<typeof useStudentForm>;
  /** The fields the institution requires, as the form was built with. */
  required: readonly StudentProfileField[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  cancelTo: string;
}

export function StudentForm({ form, required, onSubmit, submitLabel, cancelTo }: StudentFormProps) {
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <PersonFormFrame form={form} required={required} onSubmit={onSubmit}>
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
      <FormFooter submitLabel={submitLabel} submitting={isSubmitting} cancelTo={cancelTo} />
    </PersonFormFrame>
  );
}
