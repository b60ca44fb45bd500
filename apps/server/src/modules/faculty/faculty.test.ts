import { randomUUID } from 'node:crypto';
import {
  facultyOptionSchema,
  facultySchema,
  PEOPLE_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { examFaculty, faculty, users } from '../../db/schema';
import { countRows } from '../../security/support';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { createAudience, examPayload, examsClient } from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import {
  createdFacultyResponse,
  expectAccountGone,
  facultyPayload,
  type PeopleClient,
  peopleClient,
} from '../../test/people';
import { bearer, createSignedInUser, signIn } from '../../test/users';

let t: TestApp;
let api: PeopleClient;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  adminToken = admin.accessToken;
  api = peopleClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const detailResponse = successResponse(
  z.object({ faculty: facultySchema.strict().array() }),
).strict();
const optionsResponse = successResponse(
  z.object({ faculty: facultyOptionSchema.strict().array() }).strict(),
).strict();

function countUsers(): Promise<number> {
  return t.database.db.$count(users);
}

describe('POST /api/admin/create-faculty', () => {
  it('creates the faculty member and a first-login account whose password is only hashed', async () => {
    const payload = facultyPayload();
    const response = await api.post('create-faculty', {
      ...payload,
      personalInfo: { ...payload.personalInfo, maritalStatus: 'Married', gender: 'male' },
    });
    expect(response.statusCode).toBe(201);
    const body = createdFacultyResponse.parse(response.json());
    expect(body.message).toBe(PEOPLE_MESSAGES.facultyCreated);
    const { faculty: member, defaultPassword } = body.data;

    expect(member).toEqual({
      _id: expect.any(String),
      facultyId: expect.stringMatching(new RegExp(`^FAC-${new Date().getFullYear()}-\\d{5}$`)),
      email: payload.email,
      status: 'Active',
      joiningDate: payload.joiningDate,
      userId: {
        _id: expect.any(String),
        email: payload.email,
        role: 'faculty',
        isActive: true,
        isEmailVerified: false,
        lastLogin: null,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      },
      personalInfo: { ...payload.personalInfo, maritalStatus: 'MARRIED', gender: 'MALE' },
      contactInfo: payload.contactInfo,
      professionalInfo: payload.professionalInfo,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
    });

    expect(defaultPassword.length).toBeGreaterThanOrEqual(12);
    for (const characterClass of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/]) {
      expect(defaultPassword).toMatch(characterClass);
    }
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, member.userId._id));
    expect(account).toMatchObject({ role: 'faculty', isFirstLogin: true, isActive: true });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const everyUser = await t.database.db.select().from(users);
    expect(JSON.stringify(everyUser)).not.toContain(defaultPassword);

    const login = await signIn(t.app, payload.email, defaultPassword);
    expect(login.user).toMatchObject({ _id: member.userId._id, isFirstLogin: true });
  });

  it('dates a faculty member without a joining date from the day of creation', async () => {
    const { joiningDate: _, ...payload } = facultyPayload();
    const { faculty: member } = await api.faculty({
      ...payload,
      professionalInfo: {
        ...payload.professionalInfo,
        experience: { totalYears: 0.5 },
      },
    });
    const [database] = await t.database.db
      .select({ today: sql<string>`current_date::text` })
      .from(users)
      .limit(1);
    expect(member.joiningDate).toBe(database?.today);
    expect(member.professionalInfo.experience).toEqual({
      totalYears: 0.5,
      previousInstitutions: [],
    });
  });

  it('refuses an email already registered', async () => {
    const existing = await api.faculty(facultyPayload());
    const before = await countUsers();
    expectError(
      await api.post('create-faculty', {
        ...facultyPayload(),
        email: existing.faculty.email.toUpperCase(),
      }),
      409,
      { message: PEOPLE_MESSAGES.emailTaken },
    );
    expect(await countUsers()).toBe(before);
  });

  it('refuses an employee ID already registered, whatever its case, leaving no account', async () => {
    const existing = await api.faculty(facultyPayload());
    const employeeId = existing.faculty.professionalInfo.employeeId.toLowerCase();
    const payload = facultyPayload();
    const before = await countUsers();
    expectError(
      await api.post('create-faculty', {
        ...payload,
        professionalInfo: { ...payload.professionalInfo, employeeId },
      }),
      409,
      { message: `Employee ID "${employeeId}" is already registered` },
    );
    expect(await countUsers()).toBe(before);
  });
});

describe('GET /api/admin/get-faculty/:id', () => {
  it('returns the faculty member as a list of one', async () => {
    const { faculty: member } = await api.faculty(facultyPayload());
    const response = await api.get(`get-faculty/${member._id}`);
    expect(response.statusCode).toBe(200);
    expect(detailResponse.parse(response.json())).toEqual({
      success: true,
      data: { faculty: [member] },
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expectError(await api.get(`get-faculty/${randomUUID()}`), 404, {
      message: PEOPLE_MESSAGES.facultyNotFound,
    });
    expectError(await api.get('get-faculty/abc'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});

describe('DELETE /api/admin/delete-faculty/:id', () => {
  it('deletes the faculty member and their account, ending their sessions at once', async () => {
    const payload = facultyPayload();
    const { faculty: member, defaultPassword } = await api.faculty(payload);
    const session = await signIn(t.app, payload.email, defaultPassword);
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(session.tokens.accessToken),
      });
    expect((await me()).statusCode).toBe(200);

    const response = await api.delete(`delete-faculty/${member._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PEOPLE_MESSAGES.facultyDeleted });

    expectError(await api.get(`get-faculty/${member._id}`), 404, {
      message: PEOPLE_MESSAGES.facultyNotFound,
    });
    await expectAccountGone(t.app, {
      accessToken: session.tokens.accessToken,
      email: payload.email,
      password: defaultPassword,
    });
    expect(await t.database.db.$count(users, eq(users.id, member.userId._id))).toBe(0);

    expectError(await api.delete(`delete-faculty/${member._id}`), 404, {
      message: PEOPLE_MESSAGES.facultyNotFound,
    });
    expectError(await api.delete('delete-faculty/abc'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});

describe('DELETE /api/admin/delete-faculty/:id of a proctor', () => {
  it('refuses while they are the only proctor of a proctoring exam not yet ended, naming it, and changes nothing', async () => {
    const exams = examsClient(t.app, adminToken);
    const audience = await createAudience(masterDataClient(t.app, adminToken), 2031);
    const [sole, other] = await Promise.all([
      api.faculty(facultyPayload()),
      api.faculty(facultyPayload()),
    ]);
    const soleId = sole.faculty.userId._id;
    const proctored = (title: string, ids: string[], examDate = '2030-03-14') =>
      exams.exam({
        ...examPayload(audience, ids),
        examTitle: title,
        scheduleDetails: { ...examPayload(audience, ids).scheduleDetails, examDate },
      });
    const published = await proctored('Compilers final', [soleId]);
    const draft = await proctored('Networks quiz', [soleId]);
    // Another proctor stays, and a finished exam needs no proctor any more: neither blocks.
    await proctored('Shared invigilation', [soleId, other.faculty.userId._id]);
    await proctored('Last year', [soleId], '2020-03-14');

    const before = await countRows(t.database.db);
    expectError(await api.delete(`delete-faculty/${sole.faculty._id}`), 409, {
      message: PEOPLE_MESSAGES.facultySoleProctor([
        `Compilers final (${published.examId})`,
        `Networks quiz (${draft.examId})`,
      ]),
    });
    expect(await countRows(t.database.db)).toEqual(before);
    expect((await api.get(`get-faculty/${sole.faculty._id}`)).statusCode).toBe(200);
  });

  it('deletes them once each such exam has another proctor', async () => {
    const masterData = masterDataClient(t.app, adminToken);
    const exams = examsClient(t.app, adminToken);
    const audience = await createAudience(masterData, 2032);
    const [leaving, staying] = await Promise.all([
      api.faculty(facultyPayload()),
      api.faculty(facultyPayload()),
    ]);
    const payload = examPayload(audience, [leaving.faculty.userId._id]);
    const exam = await exams.exam(payload);
    const handedOver = await masterData.put(`update-exam/${exam._id}`, {
      ...payload,
      assignedFacultyIds: [staying.faculty.userId._id],
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);

    const response = await api.delete(`delete-faculty/${leaving.faculty._id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PEOPLE_MESSAGES.facultyDeleted });
  });

  it('leaves every exam a proctor when an edit drops the other proctor at the same moment', async () => {
    const masterData = masterDataClient(t.app, adminToken);
    const exams = examsClient(t.app, adminToken);
    const audience = await createAudience(masterData, 2033);
    for (let round = 0; round < 5; round += 1) {
      const [leaving, other] = await Promise.all([
        api.faculty(facultyPayload()),
        api.faculty(facultyPayload()),
      ]);
      const payload = examPayload(audience, [leaving.faculty.userId._id, other.faculty.userId._id]);
      const exam = await exams.exam(payload);
      const [deletion, edit] = await Promise.all([
        api.delete(`delete-faculty/${leaving.faculty._id}`),
        masterData.put(`update-exam/${exam._id}`, {
          ...payload,
          assignedFacultyIds: [leaving.faculty.userId._id],
        }),
      ]);
      expect(
        [deletion.statusCode, edit.statusCode].every((status) => status < 500),
        `${deletion.body} ${edit.body}`,
      ).toBe(true);
      expect([deletion.statusCode, edit.statusCode], `${deletion.body} ${edit.body}`).toContain(
        200,
      );
      const proctors = await t.database.db.$count(examFaculty, eq(examFaculty.examId, exam._id));
      expect(proctors).toBeGreaterThan(0);
    }
  });
});

describe('lists', () => {
  // A database of its own, so the totals are known.
  let own: TestApp;
  let client: PeopleClient;
  let newestFirst: string[];
  const NAMES = ['zara Khan', 'Arjun Mehta', 'arjun Bose', 'Meera Iyer', 'Kabir Das', 'Ira Sen'];
  beforeAll(async () => {
    own = await createTestApp();
    const admin = await createSignedInUser(own.app, own.database.db, 'admin');
    client = peopleClient(own.app, admin.accessToken);
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      const [firstName, lastName] = (NAMES[i % NAMES.length] as string).split(' ');
      const payload = facultyPayload();
      const { faculty: member } = await client.faculty({
        ...payload,
        personalInfo: { ...payload.personalInfo, firstName, lastName },
      });
      created.push(member._id);
    }
    newestFirst = created.reverse();
  });
  afterAll(() => own.close());

  it('pages newest first', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const data = await client.facultyPage({ page, limit: 5 });
      pages.push(data.faculty.map((member) => member._id));
      expect(data.pagination).toEqual({
        currentPage: page,
        totalPages: 3,
        totalCount: 12,
        hasNextPage: page < 3,
        hasPreviousPage: page > 1,
      });
    }
    expect(pages.map((ids) => ids.length)).toEqual([5, 5, 2, 0]);
    expect(pages.flat()).toEqual(newestFirst);
    const firstPage = await client.facultyPage();
    expect(firstPage.faculty.map((member) => member._id)).toEqual(newestFirst.slice(0, 10));
    expect(firstPage.pagination).toMatchObject({ totalPages: 2, hasNextPage: true });
  });

  it.each(['page=0', 'page=abc', 'page=1.5', 'limit=-1', 'limit=101'])(
    'answers 400 for %s',
    async (query) => {
      const response = await client.get(`get-all-faculty?${query}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([query.split('=')[0]]);
    },
  );

  it('lists every active faculty member as an option, by name, beyond one page', async () => {
    const [inactive] = newestFirst;
    await own.database.db
      .update(users)
      .set({ isActive: false })
      .where(
        eq(
          users.id,
          own.database.db
            .select({ id: faculty.userId })
            .from(faculty)
            .where(eq(faculty.id, inactive as string)),
        ),
      );

    const response = await client.get('get-faculty-options');
    expect(response.statusCode).toBe(200);
    const options = optionsResponse.parse(response.json()).data.faculty;
    expect(options).toHaveLength(11);
    expect(options.map((option) => option._id)).not.toContain(inactive);
    const names = options.map(({ personalInfo }) =>
      `${personalInfo.firstName} ${personalInfo.lastName}`.toLowerCase(),
    );
    expect(names).toEqual([...names].sort());

    const [first] = options;
    const detail = detailResponse.parse((await client.get(`get-faculty/${first?._id}`)).json()).data
      .faculty[0];
    expect(first).toEqual({
      _id: detail?._id,
      facultyId: detail?.facultyId,
      userId: { _id: detail?.userId._id },
      personalInfo: {
        firstName: detail?.personalInfo.firstName,
        lastName: detail?.personalInfo.lastName,
      },
      professionalInfo: {
        department: detail?.professionalInfo.department,
        designation: detail?.professionalInfo.designation,
      },
    });
  });
  it('leaves out a faculty member whose profile is inactive, though their account is active', async () => {
    const [, inactive] = newestFirst;
    await own.database.db
      .update(faculty)
      .set({ status: 'Inactive' })
      .where(eq(faculty.id, inactive as string));

    const response = await client.get('get-faculty-options');
    const options = optionsResponse.parse(response.json()).data.faculty;
    expect(options.map((option) => option._id).sort()).toEqual(newestFirst.slice(2).sort());
  });
});
