import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { CreatePersonPage } from '@/components/person-pages';
import { studentApi } from './api/student-api';
import { STUDENT_FORM, STUDENT_PAGES } from './student-pages';

export default function CreateStudentPage() {
  return (
    <CreatePersonPage
      kind={STUDENT_PAGES}
      form={STUDENT_FORM}
      header={{
        title: 'Create Student',
        description:
          'Register a student with personal, contact, family and academic details. The student receives a default password to change at first sign-in',
      }}
      submitLabel="Create Student"
      createdTitle="Student Created"
      useCreate={studentApi.useCreate}
      failed={PEOPLE_MESSAGES.createStudentFailed}
    />
  );
}
