import {
  type Faculty,
  facultySchema,
  type Pagination,
  type Student,
  studentSchema,
} from '@examiq/contracts';
import { validFacultyPayload, validStudentPayload } from '@examiq/contracts/test-support';

const timestamp = '2025-01-01T00:00:00.000Z';

function account(role: string) {
  return {
    _id: `user-${role}`,
    email: `${role}@example.edu`,
    role,
    isActive: true,
    isEmailVerified: false,
    lastLogin: null,
    createdAt: timestamp,
  };
}

// The record fixtures build on the contract's valid create payloads, so what a test renders is what
// a form would have sent; the record schemas type them (the payloads' enums are plain strings).
const studentPayload = validStudentPayload({
  email: 'asha.patel@example.edu',
  rollNumber: 'CSE-24-001',
  course: 'course-1',
  branch: 'branch-1',
  section: 'section-1',
  batch: '2024-2028',
});

const student = studentSchema.parse({
  ...studentPayload,
  _id: '10000000-0000-4000-8000-000000000001',
  studentId: 'STU-0001',
  status: 'Active',
  userId: account('student'),
  familyInfo: {
    ...studentPayload.familyInfo,
    // A missing occupation, as the server sends it.
    mother: { ...studentPayload.familyInfo.mother, occupation: null },
  },
  // A record names the course, branch and section the payload only referred to by id.
  academicInfo: {
    ...studentPayload.academicInfo,
    course: { _id: 'course-1', name: 'B.Tech', fullName: 'Bachelor of Technology' },
    branch: { _id: 'branch-1', name: 'Computer Science', code: 'CSE' },
    section: { _id: 'section-1', name: 'A' },
    semester: 3,
  },
  createdAt: timestamp,
});

export function makeStudent(overrides: Partial<Student> = {}): Student {
  return { ...student, ...overrides };
}

const facultyPayload = validFacultyPayload({
  email: 'vikram.rao@example.edu',
  employeeId: 'EMP-1042',
});

const faculty = facultySchema.parse({
  ...facultyPayload,
  // The payload keeps the student's personal details but for the name; Vikram has his own.
  personalInfo: {
    ...facultyPayload.personalInfo,
    photo: 'https://example.com/vikram.jpg',
    dateOfBirth: '1985-11-03',
    gender: 'MALE',
  },
  _id: '20000000-0000-4000-8000-000000000001',
  facultyId: 'FAC-0001',
  status: 'Active',
  userId: account('faculty'),
  createdAt: timestamp,
});

export function makeFaculty(overrides: Partial<Faculty> = {}): Faculty {
  return { ...faculty, ...overrides };
}

/** The pagination block of page `currentPage` of `totalCount` records, ten a page. */
export function makePagination(currentPage: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / 10));
  return {
    currentPage,
    totalPages,
    totalCount,
    hasPreviousPage: currentPage > 1,
    hasNextPage: currentPage < totalPages,
  };
}
