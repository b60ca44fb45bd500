import { FIND_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { validStudentPayload } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import { type PeopleClient, peopleClient, studentPageResponse } from '../../test/people';
import { createSignedInUser } from '../../test/users';

// A database of its own, so every answer's students and totals are known.
let t: TestApp;
let api: PeopleClient;
const ids = { batchA: '', courseA: '', branchA: '', sectionA: '', batchB: '', sectionB: '' };
/** The students by first name, as created (oldest first). */
const created = new Map<string, { _id: string; studentId: string }>();

const PEOPLE = [
  {
    firstName: 'José',
    lastName: 'Ñúñez',
    email: 'jose.nunez@uni.example',
    roll: 'A-100%',
    in: 'A',
  },
  { firstName: 'Asha', lastName: 'Patel', email: 'asha.p@uni.example', roll: 'B_200', in: 'A' },
  { firstName: 'Zoë', lastName: 'Åberg', email: 'zoe@campus.example', roll: 'C\\300', in: 'B' },
  {
    firstName: 'Bilal',
    lastName: 'Khan',
    email: 'bilal@campus.example',
    roll: "D'Souza-4",
    in: 'B',
  },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  const placements = {} as Record<'A' | 'B', Parameters<typeof validStudentPayload>[0]>;
  for (const [key, startYear] of [
    ['A', 2024],
    ['B', 2025],
  ] as const) {
    const batch = await masterData.batch(startYear);
    const course = await masterData.course(batch._id);
    const branch = await masterData.branch(course._id);
    const section = await masterData.section(branch._id);
    placements[key] = {
      email: '',
      rollNumber: '',
      batch: batch.name,
      course: course._id,
      branch: branch._id,
      section: section._id,
    };
    if (key === 'A') {
      Object.assign(ids, {
        batchA: batch._id,
        courseA: course._id,
        branchA: branch._id,
        sectionA: section._id,
      });
    } else {
      Object.assign(ids, { batchB: batch._id, sectionB: section._id });
    }
  }
  for (const person of PEOPLE) {
    const payload = validStudentPayload({
      ...placements[person.in],
      email: person.email,
      rollNumber: person.roll,
    });
    const { student } = await api.student({
      ...payload,
      personalInfo: {
        ...payload.personalInfo,
        firstName: person.firstName,
        lastName: person.lastName,
      },
    });
    created.set(person.firstName, student);
  }
  // Bilal's account is deactivated.
  await t.database.db
    .update(users)
    .set({ isActive: false })
    .where(eq(users.email, 'bilal@campus.example'));
});
afterAll(() => t.close());

/** The first names of the students a query lists, in order, and the answer's total. */
async function find(query: string) {
  const response = await api.get(`get-all-student?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = studentPageResponse.parse(response.json());
  return {
    names: data.students.map((student) => student.personalInfo.firstName),
    total: data.pagination.totalCount,
  };
}

const search = (text: string) => find(new URLSearchParams({ search: text }).toString());

describe('GET /api/admin/get-all-student?search', () => {
  it.each([
    ['a first name, from its start', 'ash', ['Asha']],
    ['a last name, in its middle', 'ate', ['Asha']],
    ['a full name, ignoring case', 'ASHA PAT', ['Asha']],
    ['a name without its accents', 'jose nunez', ['José']],
    ['a name with accents its record lacks', 'Ásha', ['Asha']],
    ['a roll number', 'b_2', ['Asha']],
    ['part of an email', 'campus.ex', ['Bilal', 'Zoë']],
    ['an accented letter against its plain one', 'zoe', ['Zoë']],
  ])('finds students by %s', async (_, text, names) => {
    expect(await search(text)).toEqual({ names, total: names.length });
  });

  it('finds a student by their student ID, whole or in part', async () => {
    const asha = created.get('Asha');
    expect((await search(asha?.studentId ?? '')).names).toEqual(['Asha']);
    expect((await search(asha?.studentId.slice(-5).toLowerCase() ?? '')).names).toEqual(['Asha']);
  });

  it.each([
    ['%', ['José']],
    ['_', ['Asha']],
    ['\\', ['Zoë']],
    ["d'souza", ['Bilal']],
    ['"', []],
    ["'; drop table students; --", []],
    ['🙂', []],
    ['ash\u0000', ['Asha']],
  ])('takes %j literally', async (text, names) => {
    expect((await search(text)).names).toEqual(names);
  });

  it('sorts and pages what a search finds, a student found by name and email once', async () => {
    expect(await find('search=campus&sort=email&order=desc&limit=1&page=2')).toEqual({
      names: ['Bilal'],
      total: 2,
    });
    expect(await find('search=asha&sort=name&limit=10')).toEqual({ names: ['Asha'], total: 1 });
  });

  it('treats a blank search as none', async () => {
    expect((await search('   ')).total).toBe(4);
  });

  it('refuses a search longer than 100 characters', async () => {
    expectError(await api.get(`get-all-student?search=${'a'.repeat(101)}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { search: FIND_MESSAGES.searchTooLong },
    });
  });
});

describe('GET /api/admin/get-all-student filters', () => {
  it('filters by batch, course, branch and section', async () => {
    const inA = { names: ['Asha', 'José'], total: 2 };
    expect(await find(`batch=${ids.batchA}`)).toEqual(inA);
    expect(await find(`course=${ids.courseA}`)).toEqual(inA);
    expect(await find(`branch=${ids.branchA}`)).toEqual(inA);
    expect(await find(`section=${ids.sectionA}`)).toEqual(inA);
    expect(await find(`section=${ids.sectionB}`)).toEqual({ names: ['Bilal', 'Zoë'], total: 2 });
  });

  it('filters by status: Inactive is a deactivated account', async () => {
    expect(await find('status=Inactive')).toEqual({ names: ['Bilal'], total: 1 });
    expect((await find('status=Active')).names).toEqual(['Zoë', 'Asha', 'José']);
  });

  it('combines a search with filters, and a filter naming another place finds nobody', async () => {
    expect(await find(`search=khan&batch=${ids.batchA}`)).toEqual({
      names: [],
      total: 0,
    });
    expect(await find(`search=campus&section=${ids.sectionB}&status=Active`)).toEqual({
      names: ['Zoë'],
      total: 1,
    });
    expect(await find(`course=${ids.courseA}&section=${ids.sectionB}`)).toEqual({
      names: [],
      total: 0,
    });
  });

  it.each([
    ['batch', 'Please select a valid batch'],
    ['course', 'Please select a valid course'],
    ['branch', 'Please select a valid branch'],
    ['section', 'Please select a valid section'],
  ])('answers 400 for a %s that is not an id', async (field, message) => {
    expectError(await api.get(`get-all-student?${field}=nope`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [field]: message },
    });
  });

  it('answers 400 naming each filter whose record does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await api.get(`get-all-student?batch=${unknown}&course=${ids.courseA}&section=${unknown}`),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { batch: FIND_MESSAGES.batchNotFound, section: FIND_MESSAGES.sectionNotFound },
      },
    );
    expectError(await api.get(`get-all-student?branch=${unknown}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { branch: FIND_MESSAGES.branchNotFound },
    });
  });

  it('answers 400 for a status other than Active or Inactive', async () => {
    expectError(await api.get('get-all-student?status=active'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { status: FIND_MESSAGES.status },
    });
  });
});

describe('GET /api/admin/get-all-student?sort&order', () => {
  it.each([
    ['', ['Bilal', 'Zoë', 'Asha', 'José']],
    ['sort=createdAt&order=asc', ['José', 'Asha', 'Zoë', 'Bilal']],
    ['sort=name', ['Asha', 'Bilal', 'José', 'Zoë']],
    ['sort=name&order=desc', ['Zoë', 'José', 'Bilal', 'Asha']],
    ['sort=rollNumber', ['José', 'Asha', 'Zoë', 'Bilal']],
    ['sort=email&order=asc', ['Asha', 'Bilal', 'José', 'Zoë']],
    ['sort=studentId', ['José', 'Asha', 'Zoë', 'Bilal']],
    ['sort=studentId&order=desc', ['Bilal', 'Zoë', 'Asha', 'José']],
  ])('sorts by %j', async (query, names) => {
    expect((await find(query)).names).toEqual(names);
  });

  it('pages a sorted, filtered list with its own totals', async () => {
    const response = await api.get(`get-all-student?sort=name&status=Active&limit=2&page=2`);
    const { data } = studentPageResponse.parse(response.json());
    expect(data.students.map((student) => student.personalInfo.firstName)).toEqual(['Zoë']);
    expect(data.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 3,
      hasNextPage: false,
      hasPreviousPage: true,
    });
  });

  it('answers a page past the last with no students and the total', async () => {
    const response = await api.get(`get-all-student?search=campus&page=9`);
    const { data } = studentPageResponse.parse(response.json());
    expect(data.students).toEqual([]);
    expect(data.pagination).toMatchObject({ currentPage: 9, totalCount: 2, totalPages: 1 });
  });

  it('answers 400 for an unknown sort or order', async () => {
    expectError(await api.get('get-all-student?sort=semester&order=up'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        sort: 'Sort must be one of createdAt, name, studentId, rollNumber, email',
        order: FIND_MESSAGES.order,
      },
    });
  });
});
