import {
  COURSE_TYPES,
  type CreateBranchInput,
  type CreateCourseInput,
  errorResponseSchema,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { type MasterDataClient, masterDataClient, VALID_COURSE } from '../../test/master-data';
import { createSignedInUser } from '../../test/users';

// Spec section 5 through the API: each boundary accepted, each rule refused with its message.

let t: TestApp;
let api: MasterDataClient;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = masterDataClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

type Errors = Record<string, string>;

async function expectRejected(path: string, payload: unknown, errors: Errors) {
  const response = await api.post(path, payload);
  expect(response.statusCode).toBe(400);
  expect(errorResponseSchema.strict().parse(response.json())).toEqual({
    success: false,
    message: VALIDATION_FAILED_MESSAGE,
    errors,
  });
}

const MALFORMED_IDS = [
  'abc',
  '123e4567-e89b-12d3-a456-42661417400',
  '00000000-0000-0000-0000-00000000000g',
];

describe('POST /api/admin/create-batch', () => {
  it.each([
    [2000, 2001, 'the earliest start year and a one-year batch'],
    [2050, 2051, 'the latest start year'],
    [2050, 2060, 'the latest end year and a ten-year batch'],
    [2024, 2028, 'a four-year batch'],
  ])('accepts %i-%i (%s)', async (startYear, endYear) => {
    await expect(api.batch(startYear, endYear)).resolves.toMatchObject({
      name: `${startYear}-${endYear}`,
      startYear,
      endYear,
    });
  });

  const required = { startYear: 'Start year is required', endYear: 'End year is required' };
  it.each<[string, unknown, Errors]>([
    ['no body', undefined, required],
    ['an empty body', {}, required],
    ['null years', { startYear: null, endYear: null }, required],
    [
      'years as text',
      { startYear: '2024', endYear: '2028' },
      {
        startYear: 'Must be a number',
        endYear: 'Must be a number',
      },
    ],
    [
      'a start year before 2000',
      { startYear: 1999, endYear: 2004 },
      {
        startYear: 'Start year must be at least 2000',
      },
    ],
    [
      'a start year after 2050',
      { startYear: 2051, endYear: 2055 },
      {
        startYear: 'Start year cannot be more than 2050',
      },
    ],
    [
      'a fractional start year',
      { startYear: 2024.5, endYear: 2028 },
      {
        startYear: 'Start year must be a whole number',
      },
    ],
    [
      'an end year before 2000',
      { startYear: 2000, endYear: 1999 },
      {
        endYear: 'End year must be at least 2000',
      },
    ],
    [
      'an end year after 2060',
      { startYear: 2050, endYear: 2061 },
      {
        endYear: 'End year cannot be more than 2060',
      },
    ],
    [
      'a fractional end year',
      { startYear: 2024, endYear: 2028.5 },
      {
        endYear: 'End year must be a whole number',
      },
    ],
    [
      'an end year equal to the start year',
      { startYear: 2024, endYear: 2024 },
      {
        endYear: 'End year must be greater than start year',
      },
    ],
    [
      'an end year before the start year',
      { startYear: 2024, endYear: 2020 },
      {
        endYear: 'End year must be greater than start year',
      },
    ],
    [
      'an eleven-year batch',
      { startYear: 2030, endYear: 2041 },
      {
        endYear: 'Batch duration must be between 1 and 10 years',
      },
    ],
  ])('refuses %s', (_label, payload, errors) => expectRejected('create-batch', payload, errors));
});

describe('POST /api/admin/create-course', () => {
  let batchId: string;
  beforeAll(async () => {
    batchId = (await api.batch(2023, 2027))._id;
  });

  it.each<[string, Partial<CreateCourseInput>]>([
    ['the shortest duration', { totalSemesters: 1, durationYears: 0.5 }],
    ['the longest duration and most semesters', { totalSemesters: 20, durationYears: 10 }],
    ['exactly 1.5 semesters a year', { totalSemesters: 3, durationYears: 2 }],
    ['exactly 2.5 semesters a year', { totalSemesters: 5, durationYears: 2 }],
    ['a half-year step', { totalSemesters: 7, durationYears: 3.5 }],
    ['a two-character name', { name: 'BA' }],
    ['a fifty-character name', { name: 'B'.repeat(50) }],
    ['letters, digits, dots, spaces and hyphens in the name', { name: 'B.Sc 3-Year' }],
    ['a five-character full name', { fullName: 'Arts.' }],
    ['a hundred-character full name', { fullName: 'F'.repeat(100) }],
    ['letters, spaces, dots and hyphens in the full name', { fullName: 'Post-Grad. Diploma' }],
    ...COURSE_TYPES.map((courseType): [string, Partial<CreateCourseInput>] => [
      `course type ${courseType}`,
      { courseType },
    ]),
  ])('accepts %s', async (_label, fields) => {
    const course = await api.course(batchId, fields);
    expect(course).toMatchObject({ ...fields, batchId });
  });

  const valid = () => ({ ...VALID_COURSE, batchId });
  const inconsistent = {
    totalSemesters: 'Duration and semesters should be consistent (typically 2 semesters per year)',
  };
  it.each<[string, object, Errors]>([
    ['no batch', { batchId: '' }, { batchId: 'Batch is required' }],
    ['a batch id that is not text', { batchId: 42 }, { batchId: 'Must be text' }],
    ...MALFORMED_IDS.map((id): [string, object, Errors] => [
      `the malformed batch id ${id}`,
      { batchId: id },
      { batchId: 'Please select a valid batch' },
    ]),
    ['a blank name', { name: '   ' }, { name: 'Course name is required' }],
    [
      'a one-character name',
      { name: ' B ' },
      { name: 'Course name must be at least 2 characters' },
    ],
    [
      'a 51-character name',
      { name: 'B'.repeat(51) },
      {
        name: 'Course name cannot exceed 50 characters',
      },
    ],
    ...['B.Tech!', 'B_Tech', 'B/Tech'].map((name): [string, object, Errors] => [
      `the name ${name}`,
      { name },
      { name: 'Course name can only contain letters, numbers, dots, spaces and hyphens' },
    ]),
    ['no full name', { fullName: '' }, { fullName: 'Full name is required' }],
    [
      'a four-character full name',
      { fullName: 'Bach' },
      {
        fullName: 'Full name must be at least 5 characters',
      },
    ],
    [
      'a 101-character full name',
      { fullName: 'F'.repeat(101) },
      {
        fullName: 'Full name cannot exceed 100 characters',
      },
    ],
    [
      'digits in the full name',
      { fullName: 'Bachelor 2' },
      {
        fullName: 'Full name can only contain letters, spaces, dots and hyphens',
      },
    ],
    ['no semesters', { totalSemesters: null }, { totalSemesters: 'Total semesters is required' }],
    ['semesters as text', { totalSemesters: '8' }, { totalSemesters: 'Must be a number' }],
    [
      'zero semesters',
      { totalSemesters: 0 },
      {
        totalSemesters: 'Total semesters must be at least 1',
      },
    ],
    [
      '21 semesters',
      { totalSemesters: 21, durationYears: 10 },
      {
        totalSemesters: 'Total semesters cannot exceed 20',
      },
    ],
    [
      'fractional semesters',
      { totalSemesters: 7.5 },
      {
        totalSemesters: 'Total semesters must be a whole number',
      },
    ],
    ['no duration', { durationYears: undefined }, { durationYears: 'Duration is required' }],
    [
      'a zero duration',
      { durationYears: 0 },
      {
        durationYears: 'Duration must be at least 0.5 years',
      },
    ],
    [
      'a duration under half a year',
      { durationYears: 0.25 },
      {
        durationYears: 'Duration must be at least 0.5 years',
      },
    ],
    [
      'a duration over ten years',
      { durationYears: 10.5, totalSemesters: 20 },
      {
        durationYears: 'Duration cannot exceed 10 years',
      },
    ],
    [
      'a duration off the half-year step',
      { durationYears: 4.3 },
      {
        durationYears: 'Duration must be in steps of 0.5 years',
      },
    ],
    ['1.4 semesters a year', { totalSemesters: 7, durationYears: 5 }, inconsistent],
    ['2.6 semesters a year', { totalSemesters: 13, durationYears: 5 }, inconsistent],
    ['half a semester a year', { totalSemesters: 2, durationYears: 4 }, inconsistent],
    ...['', 'ug', 'Phd', 'MBA', 'Undergraduate'].map((courseType): [string, object, Errors] => [
      `the course type "${courseType}"`,
      { courseType },
      { courseType: 'Please select a valid course type' },
    ]),
  ])('refuses %s', (_label, change, errors) =>
    expectRejected('create-course', { ...valid(), ...change }, errors),
  );

  it('names every missing field', () =>
    expectRejected(
      'create-course',
      {},
      {
        batchId: 'Batch is required',
        name: 'Course name is required',
        fullName: 'Full name is required',
        totalSemesters: 'Total semesters is required',
        durationYears: 'Duration is required',
        courseType: 'Please select a valid course type',
      },
    ));
});

describe('POST /api/admin/create-branch', () => {
  let courseId: string;
  beforeAll(async () => {
    courseId = (await api.course((await api.batch(2025, 2029))._id))._id;
  });

  it.each<[string, Partial<CreateBranchInput>]>([
    ['a two-character name', { name: 'IT', code: 'IT' }],
    ['a hundred-character name', { name: 'N'.repeat(100), code: 'LONG' }],
    ['any characters in the name', { name: 'Electronics & Communication', code: 'ECE' }],
    ['a one-character code', { code: 'X' }],
    ['a ten-character code', { code: 'ABCDEFGH12' }],
    ['a code of digits', { code: '2024' }],
  ])('accepts %s', async (_label, fields) => {
    const branch = await api.branch(courseId, fields);
    expect(branch).toMatchObject({ ...fields, courseId });
  });

  const valid = () => ({ courseId, name: 'Civil Engineering', code: 'CE' });
  it.each<[string, object, Errors]>([
    ['no course', { courseId: undefined }, { courseId: 'Course is required' }],
    ...MALFORMED_IDS.map((id): [string, object, Errors] => [
      `the malformed course id ${id}`,
      { courseId: id },
      { courseId: 'Please select a valid course' },
    ]),
    ['a blank name', { name: ' ' }, { name: 'Branch name is required' }],
    [
      'a one-character name',
      { name: ' C ' },
      { name: 'Branch name must be at least 2 characters' },
    ],
    [
      'a 101-character name',
      { name: 'N'.repeat(101) },
      {
        name: 'Branch name cannot exceed 100 characters',
      },
    ],
    ['no code', { code: '' }, { code: 'Branch code is required' }],
    [
      'an eleven-character code',
      { code: 'ABCDEFGHIJK' },
      {
        code: 'Branch code cannot exceed 10 characters',
      },
    ],
    ...['cse', 'Cse', 'CS-E', 'CS E', 'CSÉ'].map((code): [string, object, Errors] => [
      `the code ${code}`,
      { code },
      { code: 'Branch code can only contain uppercase letters and numbers' },
    ]),
  ])('refuses %s', (_label, change, errors) =>
    expectRejected('create-branch', { ...valid(), ...change }, errors),
  );

  it('names every missing field', () =>
    expectRejected(
      'create-branch',
      {},
      {
        courseId: 'Course is required',
        name: 'Branch name is required',
        code: 'Branch code is required',
      },
    ));
});

describe('POST /api/admin/create-section', () => {
  let branchId: string;
  beforeAll(async () => {
    const course = await api.course((await api.batch(2026, 2030))._id);
    branchId = (await api.branch(course._id))._id;
  });

  it.each([
    ['the smallest capacity', { capacity: 1 }],
    ['the largest capacity', { capacity: 500 }],
    ['a one-character name', { name: 'A' }],
    ['a fifty-character name', { name: 'S'.repeat(50) }],
    ['letters, digits, spaces and hyphens in the name', { name: 'Lab-2 Group B' }],
  ])('accepts %s', async (_label, fields) => {
    const section = await api.section(branchId, fields);
    expect(section).toMatchObject({ ...fields, branchId });
  });

  const valid = () => ({ branchId, name: 'C', capacity: 60 });
  it.each<[string, object, Errors]>([
    ['no branch', { branchId: null }, { branchId: 'Branch is required' }],
    ...MALFORMED_IDS.map((id): [string, object, Errors] => [
      `the malformed branch id ${id}`,
      { branchId: id },
      { branchId: 'Please select a valid branch' },
    ]),
    ['a blank name', { name: '  ' }, { name: 'Section name is required' }],
    [
      'a 51-character name',
      { name: 'S'.repeat(51) },
      {
        name: 'Section name cannot exceed 50 characters',
      },
    ],
    ...['A/B', 'A_1', 'A.1', 'A#'].map((name): [string, object, Errors] => [
      `the name ${name}`,
      { name },
      { name: 'Section name can only contain letters, numbers, spaces and hyphens' },
    ]),
    ['no capacity', { capacity: undefined }, { capacity: 'Capacity is required' }],
    ['a capacity as text', { capacity: '60' }, { capacity: 'Must be a number' }],
    ['a zero capacity', { capacity: 0 }, { capacity: 'Capacity must be at least 1' }],
    ['a negative capacity', { capacity: -5 }, { capacity: 'Capacity must be at least 1' }],
    ['a capacity of 501', { capacity: 501 }, { capacity: 'Capacity cannot exceed 500' }],
    ['a fractional capacity', { capacity: 10.5 }, { capacity: 'Capacity must be a whole number' }],
  ])('refuses %s', (_label, change, errors) =>
    expectRejected('create-section', { ...valid(), ...change }, errors),
  );

  it('names every missing field', () =>
    expectRejected(
      'create-section',
      {},
      {
        branchId: 'Branch is required',
        name: 'Section name is required',
        capacity: 'Capacity is required',
      },
    ));
});
