import { attemptViewSchema, successResponse } from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app';
import { createTestApp, type TestApp, type TestAppOptions } from './app';
import { createAudience, examsClient } from './exams';
import { masterDataClient } from './master-data';
import { facultyPayload, peopleClient, studentPayload } from './people';
import { bearer, createSignedInUser, signInFirstTime } from './users';

/** The institution's wall-clock date of an instant, 'YYYY-MM-DD', as schedules are written. */
export function localDate(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** A clock a test moves by hand; the app reads it for every window and deadline. */
export function testClock(start: Date) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (instant: Date) => {
      current = new Date(instant);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export const attemptViewResponse = successResponse(attemptViewSchema);

/** Calls the student routes as one signed-in student. */
export function studentClient(app: App, accessToken: string) {
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/student/${path}`,
      headers: bearer(accessToken),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    start: async (examId: string) => {
      const response = await call('POST', `start-exam/${examId}`);
      if (response.statusCode !== 200) {
        throw new Error(`start-exam failed: ${response.statusCode} ${response.body}`);
      }
      return attemptViewResponse.parse(response.json()).data;
    },
    save: (attemptId: string, body: unknown) => call('PUT', `save-answers/${attemptId}`, body),
    submit: (attemptId: string, body: unknown = {}) =>
      call('POST', `submit-exam/${attemptId}`, body),
  };
}
export type StudentClient = ReturnType<typeof studentClient>;

/**
 * An admin, a branch with two sections, a student signed in in each, and a published AUTO exam
 * (one section of each question type, untimed unless asked) for the first section only, open on
 * the clock's day.
 */
export async function createSittingFixture(
  app: App,
  db: Parameters<typeof createSignedInUser>[1],
  today: Date,
) {
  const admin = await createSignedInUser(app, db, 'admin');
  const masterData = masterDataClient(app, admin.accessToken);
  const people = peopleClient(app, admin.accessToken);
  const exams = examsClient(app, admin.accessToken);
  const audience = await createAudience(masterData, 2024);
  const [sectionA, sectionB] = audience.sectionIds as [string, string];
  const placement = { batch: '2024-2028', course: audience.courseId, branch: audience.branchId };

  async function student(section: string) {
    const payload = studentPayload({ ...placement, section });
    const { student: record, defaultPassword } = await people.student(payload);
    const { tokens } = await signInFirstTime(app, payload.email, defaultPassword);
    return {
      record,
      client: studentClient(app, tokens.accessToken),
      accessToken: tokens.accessToken,
    };
  }

  /**
   * `timeLimits` gives each section's own time limit, in order; untimed by default, since a timed
   * section shows its questions only once opened.
   */
  async function exam(overrides: Record<string, unknown> = {}, timeLimits: readonly number[] = []) {
    const payload = validExamPayload({
      ...audience,
      sectionIds: [sectionA],
      examStatus: 'PUBLISH',
    });
    return exams.exam({
      ...payload,
      examSections: payload.examSections.map((section, index) => ({
        ...section,
        timeLimit: timeLimits[index] ?? 0,
      })),
      scheduleDetails: {
        startDate: localDate(today),
        endDate: localDate(today),
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
      ...overrides,
    });
  }

  return {
    admin,
    audience,
    /** A PROCTORING exam for the first section, running today from 09:30 to 11:00. */
    proctoredExam: (facultyUserIds: string[]) =>
      exam({
        examMode: 'PROCTORING',
        assignedFacultyIds: facultyUserIds,
        scheduleDetails: {
          examDate: localDate(today),
          startTime: '09:30',
          endTime: '11:00',
          bufferTime: { beforeExam: 0, afterExam: 0 },
        },
      }),
    adminCall: (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown) =>
      app.inject({
        method,
        url: `/api/admin/${path}`,
        headers: bearer(admin.accessToken),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    student,
    exam,
    /** A faculty member to proctor with, by user id as the wizard sends it. */
    faculty: async () => ({
      userId: (await people.faculty(facultyPayload())).faculty.userId._id,
    }),
    /** A faculty member created by the admin and signed in, calling the faculty routes. */
    signedInFaculty: async () => {
      const payload = facultyPayload();
      const { faculty, defaultPassword } = await people.faculty(payload);
      const { tokens } = await signInFirstTime(app, payload.email, defaultPassword);
      return {
        userId: faculty.userId._id,
        name: `${faculty.personalInfo.firstName} ${faculty.personalInfo.lastName}`,
        accessToken: tokens.accessToken,
        call: (method: 'GET' | 'POST', path: string, body?: unknown) =>
          app.inject({
            method,
            url: `/api/faculty/${path}`,
            headers: bearer(tokens.accessToken),
            ...(body === undefined ? {} : { payload: body as object }),
          }),
      };
    },
    inSection: { A: sectionA, B: sectionB },
  };
}

export type SittingFixture = Awaited<ReturnType<typeof createSittingFixture>>;

export const MINUTE = 60_000;
/** 10:00 on an exam day, in the institution's time zone. */
export const EXAM_DAY_TEN = new Date(2030, 2, 14, 10, 0);

/**
 * A test file's app on a clock its tests move (starting at EXAM_DAY_TEN), with the sitting
 * fixture: made before the file's tests and closed after them.
 */
export function sittingSuite(options: Omit<TestAppOptions, 'now'> = {}) {
  const clock = testClock(EXAM_DAY_TEN);
  const suite = { clock } as { clock: typeof clock; t: TestApp; fixture: SittingFixture };
  beforeAll(async () => {
    suite.t = await createTestApp({ ...options, now: clock.now });
    suite.fixture = await createSittingFixture(suite.t.app, suite.t.database.db, EXAM_DAY_TEN);
  });
  afterAll(() => suite.t.close());
  return suite;
}
