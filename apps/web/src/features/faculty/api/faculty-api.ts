import {
  type CreateFacultyPayload,
  type Faculty,
  type FacultyFindData,
  facultyFindDataSchema,
  facultySchema,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import { personApi } from '@/lib/people/person-api';

/**
 * The faculty calls: /admin/get-all-faculty (with the departments and designations to filter
 * by), get-faculty, create-faculty, … and export/faculty.
 */
export const facultyApi = personApi<FacultyFindData, Faculty, CreateFacultyPayload>({
  one: 'faculty',
  many: 'faculty',
  listSchema: facultyFindDataSchema,
  personSchema: facultySchema,
  messages: { created: PEOPLE_MESSAGES.facultyCreated, updated: PEOPLE_MESSAGES.facultyUpdated },
});
