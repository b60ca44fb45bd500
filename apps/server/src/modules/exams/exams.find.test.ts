import { FIND_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { createAudience, type ExamsClient, examPayload, examsClient } from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import { facultyPayload, peopleClient } from '../../test/people';
import { createSignedInUser } from '../../test/users';

// A database of its own, so every answer's exams and totals are known.
let t: TestApp;
let api: ExamsClient;
const batches = { a: '', b: '' };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = examsClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  const inA = await createAudience(masterData, 2024, 1);
  const inB = await createAudience(masterData, 2025, 1);
  batches.a = inA.batchId;
  batches.b = inB.batchId;
  const proctor = await peopleClient(t.app, admin.accessToken).faculty(facultyPayload());

  await api.exam({
    ...examPayload(inA),
    examTitle: 'Thermodynamics Final',
    subject: 'Physics',
    scheduleDetails: {
      startDate: '2030-05-01',
      endDate: '2030-05-02',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
  await api.exam({
    ...examPayload(inA, [proctor.faculty.userId._id]),
    examStatus: 'PUBLISH',
    examTitle: 'Data Structures Mid-term',
    subject: 'Computer Science',
  });
  await api.exam({
    ...examPayload(inB),
    examStatus: 'PUBLISH',
    examTitle: 'Linear Álgebra Quiz',
    subject: 'Mathématiques',
    scheduleDetails: {
      startDate: '2030-01-10',
      endDate: '2030-01-10',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
});
afterAll(() => t.close());

async function titles(query: string) {
  const data = await api.examPage(query);
  return data.exams.map((exam) => exam.examTitle);
}

describe('GET /api/admin/get-all-exam search and filters', () => {
  it.each([
    ['a title, from its start', 'thermo', ['Thermodynamics Final']],
    ['a title without its accents', 'algebra', ['Linear Álgebra Quiz']],
    ['a subject, ignoring case and accents', 'MATHEMATIQUES', ['Linear Álgebra Quiz']],
    ['a subject in part', 'science', ['Data Structures Mid-term']],
    ['a wildcard, literally', '%', []],
  ])('finds exams by %s', async (_, text, found) => {
    expect(await titles(new URLSearchParams({ search: text }).toString())).toEqual(found);
  });

  it('filters by mode, status and batch', async () => {
    expect(await titles('mode=PROCTORING')).toEqual(['Data Structures Mid-term']);
    expect(await titles('status=DRAFT')).toEqual(['Thermodynamics Final']);
    expect(await titles(`batch=${batches.a}`)).toEqual([
      'Data Structures Mid-term',
      'Thermodynamics Final',
    ]);
    expect(await titles(`batch=${batches.b}&mode=AUTO&status=PUBLISH`)).toEqual([
      'Linear Álgebra Quiz',
    ]);
    const none = await api.examPage(`batch=${batches.b}&mode=PROCTORING`);
    expect(none.exams).toEqual([]);
    expect(none.pagination.totalCount).toBe(0);
  });

  it('answers 400 for an unknown mode, status, sort or order, or a batch that is not there', async () => {
    expectError(await api.get('get-all-exam?mode=LIVE&status=DONE&sort=marks&order=up'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        mode: FIND_MESSAGES.mode,
        status: FIND_MESSAGES.examStatus,
        sort: 'Sort must be one of createdAt, schedule, title',
        order: FIND_MESSAGES.order,
      },
    });
    expectError(await api.get('get-all-exam?batch=00000000-0000-4000-8000-000000000000'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { batch: FIND_MESSAGES.batchNotFound },
    });
  });
});

describe('GET /api/admin/get-all-exam?sort', () => {
  it.each([
    ['sort=schedule', ['Linear Álgebra Quiz', 'Data Structures Mid-term', 'Thermodynamics Final']],
    [
      'sort=schedule&order=desc',
      ['Thermodynamics Final', 'Data Structures Mid-term', 'Linear Álgebra Quiz'],
    ],
    ['sort=title', ['Data Structures Mid-term', 'Linear Álgebra Quiz', 'Thermodynamics Final']],
    [
      'sort=createdAt&order=asc',
      ['Thermodynamics Final', 'Data Structures Mid-term', 'Linear Álgebra Quiz'],
    ],
  ])('sorts by %j', async (query, found) => {
    expect(await titles(query)).toEqual(found);
  });

  it('pages a sorted list with the total of every exam', async () => {
    const data = await api.examPage('sort=schedule&limit=2&page=2');
    expect(data.exams.map((exam) => exam.examTitle)).toEqual(['Thermodynamics Final']);
    expect(data.pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalCount: 3 });
  });
});
