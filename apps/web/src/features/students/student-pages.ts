import {
  type CreateStudentInput,
  type CreateStudentPayload,
  PEOPLE_MESSAGES,
  type Student,
  type StudentProfileField,
  studentInputOf,
} from '@examiq/contracts';
import type { PersonFormKind, PersonPagesKind } from '@/components/person-pages';
import { studentApi } from './api/student-api';
import { emptyStudent, StudentForm, useStudentForm } from './student-form';

/** Where the student pages are, and what they say while a student is missing. */
export const STUDENT_PAGES: PersonPagesKind<Student> = {
  listPath: '/admin/student',
  backToList: 'Back to Students',
  loadingLabel: 'Loading student details',
  notFound: {
    title: 'No Student Found',
    message: 'The requested student could not be found.',
    listLabel: 'View all students',
  },
  error: { title: 'Error Loading Student', fallback: PEOPLE_MESSAGES.fetchStudentDetailFailed },
  useRecord: studentApi.useRecord,
  records: studentApi.queryKey,
};

export const STUDENT_FORM: PersonFormKind<
  Student,
  CreateStudentInput,
  CreateStudentPayload,
  StudentProfileField
> = {
  requiredOf: (settings) => settings.requiredStudentFields,
  useForm: useStudentForm,
  Form: StudentForm,
  empty: emptyStudent,
  inputOf: studentInputOf,
};
