import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { EditPersonPage } from '@/components/person-pages';
import { studentApi } from './api/student-api';
import { STUDENT_FORM, STUDENT_PAGES } from './student-pages';

export default function EditStudentPage() {
  return (
    <EditPersonPage
      kind={STUDENT_PAGES}
      form={STUDENT_FORM}
      header={{
        title: 'Edit Student',
        description:
          'Change any detail of the student with the same rules as when they were created; a new email becomes their sign-in.',
      }}
      backToDetail="Back to Student Details"
      useUpdate={studentApi.useUpdate}
      failed={PEOPLE_MESSAGES.updateStudentFailed}
    />
  );
}
