import {
  FIND_MESSAGES,
  facultyFindDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validFacultyPayload } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { type PeopleClient, peopleClient } from '../../test/people';
import { createSignedInUser } from '../../test/users';

// A database of its own, so every answer's members and totals are known.
let t: TestApp;
let api: PeopleClient;
const facultyIds = new Map<string, string>();

const PEOPLE = [
  ['Renée', 'Durand', 'renee@staff.example', 'EMP1-00%', 'Physics', 'Professor'],
  ['Priya', 'Rao', 'priya@staff.example', 'EMP2_00', 'Computer Science', 'Assistant Professor'],
  ['Omar', 'Haddad', 'omar@lab.example', 'EMP3-00', 'physics', 'Lecturer'],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  for (const [firstName, lastName, email, employeeId, department, designation] of PEOPLE) {
    const payload = validFacultyPayload({ email, employeeId });
    const { faculty } = await api.faculty({
      ...payload,
      personalInfo: { ...payload.personalInfo, firstName, lastName },
      professionalInfo: { ...payload.professionalInfo, department, designation },
    });
    facultyIds.set(firstName, faculty.facultyId);
  }
  await t.database.db
    .update(users)
    .set({ isActive: false })
    .where(eq(users.email, 'omar@lab.example'));
});
afterAll(() => t.close());

const pageResponse = successResponse(facultyFindDataSchema);

async function find(query: string) {
  const response = await api.get(`get-all-faculty?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const { data } = pageResponse.parse(response.json());
  return {
    names: data.faculty.map((member) => member.personalInfo.firstName),
    total: data.pagination.totalCount,
    facets: data.facets,
  };
}

const search = async (text: string) =>
  (await find(new URLSearchParams({ search: text }).toString())).names;

describe('GET /api/admin/get-all-faculty?search', () => {
  it.each([
    ['a first name without its accent', 'renee', ['Renée']],
    ['a full name, ignoring case', 'PRIYA RAO', ['Priya']],
    ['an employee ID', 'emp3-0', ['Omar']],
    ['part of an email', 'staff.ex', ['Priya', 'Renée']],
    ['a wildcard, literally', '%', ['Renée']],
    ['an underscore, literally', '_', ['Priya']],
    ['a quote', "'", []],
  ])('finds faculty by %s', async (_, text, names) => {
    expect(await search(text)).toEqual(names);
  });

  it('finds a member by their faculty ID', async () => {
    expect(await search(facultyIds.get('Priya') ?? '')).toEqual(['Priya']);
  });
});

describe('GET /api/admin/get-all-faculty filters', () => {
  it('offers each department and designation once, whatever its case', async () => {
    expect((await find('')).facets).toEqual({
      departments: ['Computer Science', 'Physics'],
      designations: ['Assistant Professor', 'Lecturer', 'Professor'],
    });
  });

  it('filters by department and designation ignoring case, and by status', async () => {
    expect(await find('department=PHYSICS')).toMatchObject({ names: ['Omar', 'Renée'], total: 2 });
    expect((await find('designation=lecturer')).names).toEqual(['Omar']);
    expect((await find('department=Physics&status=Active')).names).toEqual(['Renée']);
    expect((await find('status=Inactive')).names).toEqual(['Omar']);
    expect((await find('department=Physics&designation=Assistant%20Professor')).names).toEqual([]);
  });

  it('answers 400 for a department or designation nobody has, or an unknown status', async () => {
    expectError(await api.get('get-all-faculty?department=Music&designation=Dean'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        department: FIND_MESSAGES.departmentNotFound,
        designation: FIND_MESSAGES.designationNotFound,
      },
    });
    expectError(await api.get('get-all-faculty?status=Retired'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { status: FIND_MESSAGES.status },
    });
  });
});

describe('GET /api/admin/get-all-faculty?sort&order', () => {
  it.each([
    ['', ['Omar', 'Priya', 'Renée']],
    ['order=asc', ['Renée', 'Priya', 'Omar']],
    ['sort=name', ['Omar', 'Priya', 'Renée']],
    ['sort=employeeId&order=desc', ['Omar', 'Priya', 'Renée']],
    ['sort=department', ['Priya', 'Omar', 'Renée']],
    ['sort=designation&order=desc', ['Renée', 'Omar', 'Priya']],
    ['sort=facultyId', ['Renée', 'Priya', 'Omar']],
  ])('sorts by %j', async (query, names) => {
    expect((await find(query)).names).toEqual(names);
  });

  it('pages a filtered list with its own totals', async () => {
    const response = await api.get('get-all-faculty?search=staff&limit=1&page=2');
    const { data } = pageResponse.parse(response.json());
    expect(data.faculty.map((member) => member.personalInfo.firstName)).toEqual(['Renée']);
    expect(data.pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalCount: 2 });
  });

  it('answers 400 for an unknown sort or order', async () => {
    expectError(await api.get('get-all-faculty?sort=salary&order=random'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        sort: 'Sort must be one of createdAt, name, facultyId, employeeId, department, designation',
        order: FIND_MESSAGES.order,
      },
    });
  });
});
