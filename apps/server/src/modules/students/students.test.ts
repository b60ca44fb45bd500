import { randomUUID } from 'node:crypto';
import {
  PEOPLE_MESSAGES,
  studentSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { branches, courses, sections, students, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import {
  createdStudentResponse,
  createPlacement,
  expectAccountGone,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
} from '../../test/people';
import { bearer, createSignedInUser, signIn } from '../../test/users';
import { PLACEMENT_ERRORS } from './students.service';

let t: TestApp;
let api: PeopleClient;
let placement: Placement;
let other: Placement;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  placement = await createPlacement(masterData, 2024);
  other = await createPlacement(masterData, 2025);
});
afterAll(() => t.close());

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const detailResponse = successResponse(
  z.object({ students: studentSchema.strict().array() }),
).strict();

async function countUsers(): Promise<number> {
  return t.database.db.$count(users);
}

describe('POST /api/admin/create-student', () => {
  it('creates the student and a first-login account whose password is only hashed', async () => {
    const payload = studentPayload(placement);
    const response = await api.post('create-student', {
      ...payload,
      email: ` ${payload.email.toUpperCase()} `,
      personalInfo: { ...payload.personalInfo, gender: 'Others' },
    });
    expect(response.statusCode).toBe(201);
    const body = createdStudentResponse.parse(response.json());
    expect(body.message).toBe(PEOPLE_MESSAGES.studentCreated);
    const { student, defaultPassword } = body.data;

    const [course] = await t.database.db
      .select()
      .from(courses)
      .where(eq(courses.id, placement.course));
    const [branch] = await t.database.db
      .select()
      .from(branches)
      .where(eq(branches.id, placement.branch));
    const [section] = await t.database.db
      .select()
      .from(sections)
      .where(eq(sections.id, placement.section));
    expect(student).toEqual({
      _id: expect.any(String),
      studentId: expect.stringMatching(new RegExp(`^STU-${new Date().getFullYear()}-\\d{5}$`)),
      rollNumber: payload.rollNumber,
      email: payload.email,
      status: 'Active',
      userId: {
        _id: expect.any(String),
        email: payload.email,
        role: 'student',
        isActive: true,
        isEmailVerified: false,
        lastLogin: null,
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
      },
      personalInfo: { ...payload.personalInfo, gender: 'OTHER' },
      contactInfo: payload.contactInfo,
      familyInfo: payload.familyInfo,
      academicInfo: {
        course: { _id: placement.course, name: course?.name, fullName: course?.fullName },
        branch: { _id: placement.branch, name: branch?.name, code: branch?.code },
        section: { _id: placement.section, name: section?.name },
        batch: placement.batch,
        semester: payload.academicInfo.semester,
        admissionYear: payload.academicInfo.admissionYear,
        expectedGraduationYear: payload.academicInfo.expectedGraduationYear,
      },
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
    });

    expect(defaultPassword.length).toBeGreaterThanOrEqual(12);
    for (const characterClass of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/]) {
      expect(defaultPassword).toMatch(characterClass);
    }

    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, student.userId._id));
    expect(account).toMatchObject({ role: 'student', isFirstLogin: true, isActive: true });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const everyUser = await t.database.db.select().from(users);
    expect(JSON.stringify(everyUser)).not.toContain(defaultPassword);

    const login = await signIn(t.app, payload.email, defaultPassword);
    expect(login.user).toMatchObject({ _id: student.userId._id, isFirstLogin: true });
  });

  it('numbers students in sequence and gives each a different password', async () => {
    const first = await api.student(studentPayload(placement));
    const second = await api.student(studentPayload(placement));
    const number = (id: string) => Number(id.split('-')[2]);
    expect(number(second.student.studentId)).toBe(number(first.student.studentId) + 1);
    expect(second.defaultPassword).not.toBe(first.defaultPassword);
  });

  it('refuses an email already registered, whatever its case', async () => {
    const existing = await api.student(studentPayload(placement));
    const before = await countUsers();
    expectError(
      await api.post('create-student', {
        ...studentPayload(placement),
        email: existing.student.email.toUpperCase(),
      }),
      409,
      { message: PEOPLE_MESSAGES.emailTaken },
    );
    expect(await countUsers()).toBe(before);
  });

  it('refuses a roll number already registered, whatever its case, leaving no account', async () => {
    const existing = await api.student(studentPayload(placement));
    const rollNumber = existing.student.rollNumber.toLowerCase();
    const before = await countUsers();
    // The account is inserted before the profile, whose unique roll number then fails.
    expectError(
      await api.post('create-student', { ...studentPayload(placement), rollNumber }),
      409,
      { message: `Roll number "${rollNumber}" is already registered` },
    );
    expect(await countUsers()).toBe(before);
  });

  it('lets exactly one of two simultaneous creates with one roll number through', async () => {
    const rollNumber = `RACE-${randomUUID().slice(0, 8)}`;
    const before = await countUsers();
    const responses = await Promise.all(
      [1, 2].map(() => api.post('create-student', { ...studentPayload(placement), rollNumber })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await countUsers()).toBe(before + 1);
  });

  describe('placement in the master data', () => {
    const cases: Array<[string, (p: Placement) => Partial<Placement>, Record<string, string>]> = [
      [
        'an unknown course',
        () => ({ course: randomUUID() }),
        { 'academicInfo.course': PLACEMENT_ERRORS.course },
      ],
      [
        'a branch of another course',
        () => ({ branch: other.branch }),
        {
          'academicInfo.branch': PLACEMENT_ERRORS.branch,
          'academicInfo.section': PLACEMENT_ERRORS.section,
        },
      ],
      [
        'an unknown branch',
        () => ({ branch: randomUUID() }),
        {
          'academicInfo.branch': PLACEMENT_ERRORS.branch,
          'academicInfo.section': PLACEMENT_ERRORS.section,
        },
      ],
      [
        'a section of another branch',
        () => ({ section: other.section }),
        { 'academicInfo.section': PLACEMENT_ERRORS.section },
      ],
      [
        'an unknown section',
        () => ({ section: randomUUID() }),
        { 'academicInfo.section': PLACEMENT_ERRORS.section },
      ],
      [
        'the batch of another course',
        () => ({ batch: other.batch }),
        { 'academicInfo.batch': PLACEMENT_ERRORS.batch },
      ],
      [
        'a course, branch and section all of another batch',
        () => ({ course: other.course, branch: other.branch, section: other.section }),
        { 'academicInfo.batch': PLACEMENT_ERRORS.batch },
      ],
    ];

    it.each(cases)('answers 400 for %s, leaving no account', async (_, change, errors) => {
      const payload = studentPayload(placement);
      const before = await countUsers();
      expectError(
        await api.post('create-student', {
          ...payload,
          academicInfo: { ...payload.academicInfo, ...change(placement) },
        }),
        400,
        { message: VALIDATION_FAILED_MESSAGE, errors },
      );
      expect(await countUsers()).toBe(before);
    });
  });
});

describe('GET /api/admin/get-student/:id', () => {
  it('returns the student as a list of one', async () => {
    const { student } = await api.student(studentPayload(other));
    const response = await api.get(`get-student/${student._id}`);
    expect(response.statusCode).toBe(200);
    expect(detailResponse.parse(response.json())).toEqual({
      success: true,
      data: { students: [student] },
    });
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await api.get(`get-student/${randomUUID()}`), 404, {
      message: PEOPLE_MESSAGES.studentNotFound,
    });
  });

  it.each(['abc', '123', `${randomUUID()}x`])('answers 400 for the malformed id %s', async (id) => {
    expectError(await api.get(`get-student/${id}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});

describe('DELETE /api/admin/delete-student/:id', () => {
  it('deletes the student and their account, ending their sessions at once', async () => {
    const payload = studentPayload(placement);
    const { student, defaultPassword } = await api.student(payload);
    const session = await signIn(t.app, payload.email, defaultPassword);
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(session.tokens.accessToken),
      });
    expect((await me()).statusCode).toBe(200);
    const listedTotal = async () => (await api.studentPage({})).pagination.totalCount;
    const totalBefore = await listedTotal();

    const response = await api.delete(`delete-student/${student._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PEOPLE_MESSAGES.studentDeleted });

    expectError(await api.get(`get-student/${student._id}`), 404, {
      message: PEOPLE_MESSAGES.studentNotFound,
    });
    await expectAccountGone(t.app, {
      accessToken: session.tokens.accessToken,
      email: payload.email,
      password: defaultPassword,
    });
    expect(await t.database.db.$count(users, eq(users.id, student.userId._id))).toBe(0);
    expect(await t.database.db.$count(students, eq(students.id, student._id))).toBe(0);
    expect(await listedTotal()).toBe(totalBefore - 1);

    expectError(await api.delete(`delete-student/${student._id}`), 404, {
      message: PEOPLE_MESSAGES.studentNotFound,
    });
  });

  it('answers 400 for a malformed id', async () => {
    expectError(await api.delete('delete-student/not-an-id'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});

describe('GET /api/admin/get-all-student', () => {
  // A database of its own, so the totals are known.
  let own: TestApp;
  let client: PeopleClient;
  let newestFirst: string[];
  let ownPlacement: Placement;
  beforeAll(async () => {
    own = await createTestApp();
    const admin = await createSignedInUser(own.app, own.database.db, 'admin');
    client = peopleClient(own.app, admin.accessToken);
    ownPlacement = await createPlacement(masterDataClient(own.app, admin.accessToken), 2026);
    const created: string[] = [];
    for (let i = 0; i < 25; i++) {
      created.push((await client.student(studentPayload(ownPlacement))).student._id);
    }
    newestFirst = created.reverse();
  });
  afterAll(() => own.close());

  it('pages newest first, ten at a time by default', async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const data = await client.studentPage(page === 1 ? {} : { page });
      pages.push(data.students.map((student) => student._id));
      expect(data.pagination).toEqual({
        currentPage: page,
        totalPages: 3,
        totalCount: 25,
        hasNextPage: page < 3,
        hasPreviousPage: page > 1,
      });
    }
    expect(pages.map((ids) => ids.length)).toEqual([10, 10, 5, 0]);
    expect(pages.flat()).toEqual(newestFirst);
  });

  it.each([25, 100])('returns everything on one page of %i', async (limit) => {
    const data = await client.studentPage({ limit });
    expect(data.students.map((student) => student._id)).toEqual(newestFirst);
    expect(data.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalCount: 25,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('answers 400 for page=%s', async (page) => {
    expectError(await client.get(`get-all-student?page=${page}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { page: 'Page must be a whole number of at least 1' },
    });
  });

  it.each(['0', '-1', 'abc', '101', '1.5'])('answers 400 for limit=%s', async (limit) => {
    expectError(await client.get(`get-all-student?limit=${limit}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { limit: 'Limit must be a whole number from 1 to 100' },
    });
  });

  it('keeps the last page right when students come and go between two reads of it', async () => {
    const before = await client.studentPage({ page: 3 });
    expect(before.students.map((student) => student._id)).toEqual(newestFirst.slice(20));

    const oldest = newestFirst.at(-1);
    expect((await client.delete(`delete-student/${oldest}`)).statusCode).toBe(200);
    const added: string[] = [];
    for (let i = 0; i < 3; i++) {
      added.unshift((await client.student(studentPayload(ownPlacement))).student._id);
    }
    const now = [...added, ...newestFirst.slice(0, -1)];

    const data = await client.studentPage({ page: 3 });
    expect(data.students.map((student) => student._id)).toEqual(now.slice(20));
    expect(data.pagination).toMatchObject({ totalCount: 27, totalPages: 3 });
  });
});
