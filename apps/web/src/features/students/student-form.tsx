import {
  type CreateStudentInput,
  type CreateStudentPayload,
  type StudentProfileField,
  studentSchemaFor,
} from '@examiq/contracts';
import type { DefaultValues } from 'react-hook-form';
import {
  emptyPersonFields,
  PersonForm,
  type PersonFormProps,
  usePersonForm,
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

/** The student form of create and edit, with the fields the institution requires. */
export function useStudentForm(
  defaultValues: DefaultValues<CreateStudentInput>,
  required: readonly StudentProfileField[],
) {
  return usePersonForm(studentSchemaFor(required), defaultValues);
}

export function StudentForm(props: PersonFormProps<CreateStudentInput, CreateStudentPayload>) {
  const {
    register,
    formState: { errors },
  } = props.form;
  return (
    <PersonForm
      {...props}
      emailPlaceholder="student@institution.edu"
      accountField={
        <TextField
          label="Roll Number"
          placeholder="e.g. CSE-2024-001"
          error={errors.rollNumber?.message}
          {...register('rollNumber')}
        />
      }
    >
      <FamilyInfoFields />
      <AcademicInfoFields />
    </PersonForm>
  );
}
