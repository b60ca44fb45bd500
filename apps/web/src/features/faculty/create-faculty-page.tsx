import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { CreatePersonPage } from '@/components/person-pages';
import { facultyApi } from './api/faculty-api';
import { FACULTY_FORM, FACULTY_PAGES } from './faculty-pages';

export default function CreateFacultyPage() {
  return (
    <CreatePersonPage
      kind={FACULTY_PAGES}
      form={FACULTY_FORM}
      header={{
        title: 'Create Faculty',
        description:
          'Register a faculty member with personal, contact and professional details. They receive a default password to change at first sign-in',
      }}
      submitLabel="Create Faculty"
      createdTitle="Faculty Created"
      useCreate={facultyApi.useCreate}
      failed={PEOPLE_MESSAGES.createFacultyFailed}
    />
  );
}
