import {
  type CreateStudentPayload,
  PEOPLE_MESSAGES,
  type Student,
  studentListDataSchema,
  studentSchema,
} from '@examiq/contracts';
import type { z } from 'zod';
import { personApi } from '@/lib/people/person-api';

/** The student calls: /admin/get-all-student, get-student, create-student, … and export/students. */
export const studentApi = personApi<
  z.infer<typeof studentListDataSchema>,
  Student,
  CreateStudentPayload
>({
  one: 'student',
  many: 'students',
  listSchema: studentListDataSchema,
  personSchema: studentSchema,
  messages: { created: PEOPLE_MESSAGES.studentCreated, updated: PEOPLE_MESSAGES.studentUpdated },
});
