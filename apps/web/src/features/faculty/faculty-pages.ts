import {
  type CreateFacultyInput,
  type CreateFacultyPayload,
  type Faculty,
  type FacultyProfileField,
  facultyInputOf,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import type { PersonFormKind, PersonPagesKind } from '@/components/person-pages';
import { facultyApi } from './api/faculty-api';
import { emptyFaculty, FacultyForm, useFacultyForm } from './faculty-form';

/** Where the faculty pages are, and what they say while a faculty member is missing. */
export const FACULTY_PAGES: PersonPagesKind<Faculty> = {
  listPath: '/admin/faculty',
  backToList: 'Back to Faculty',
  loadingLabel: 'Loading faculty details',
  notFound: {
    title: 'No Faculty Found',
    message: 'The requested faculty member could not be found.',
    listLabel: 'View all faculty',
  },
  error: { title: 'Error Loading Faculty', fallback: PEOPLE_MESSAGES.fetchFacultyDetailFailed },
  useRecord: facultyApi.useRecord,
  records: facultyApi.queryKey,
};

export const FACULTY_FORM: PersonFormKind<
  Faculty,
  CreateFacultyInput,
  CreateFacultyPayload,
  FacultyProfileField
> = {
  requiredOf: (settings) => settings.requiredFacultyFields,
  useForm: useFacultyForm,
  Form: FacultyForm,
  empty: emptyFaculty,
  inputOf: facultyInputOf,
};
