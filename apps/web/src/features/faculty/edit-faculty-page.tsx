import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { EditPersonPage } from '@/components/person-pages';
import { facultyApi } from './api/faculty-api';
import { FACULTY_FORM, FACULTY_PAGES } from './faculty-pages';

export default function EditFacultyPage() {
  return (
    <EditPersonPage
      kind={FACULTY_PAGES}
      form={FACULTY_FORM}
      header={{
        title: 'Edit Faculty',
        description:
          'Change any detail of the faculty member with the same rules as when they were created; a new email becomes their sign-in.',
      }}
      backToDetail="Back to Faculty Details"
      useUpdate={facultyApi.useUpdate}
      failed={PEOPLE_MESSAGES.updateFacultyFailed}
    />
  );
}
