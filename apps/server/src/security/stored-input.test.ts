import { randomUUID } from 'node:crypto';
import { DEFAULT_INSTITUTION_SETTINGS } from '@examiq/contracts';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { blindCodes } from '../modules/results/blind-codes';
import { createTestApp } from '../test/app';
import { areaCaller, bankQuestionPayload } from '../test/banks';
import { TEST_ENGINE } from '../test/database';
import { createAudience, examPayload, examsClient } from '../test/exams';
import { masterDataClient, VALID_COURSE } from '../test/master-data';
import { recordingLog } from '../test/output';
import {
  createPlacement,
  facultyPayload,
  leafPaths,
  peopleClient,
  studentPayload,
  withLeaf,
} from '../test/people';
import { createSittingFixture, EXAM_DAY_TEN, testClock } from '../test/sittings';
import { bearer, createSignedInUser, createTestUser, uniqueEmail } from '../test/users';
import {
  apiRoutes,
  concreteUrl,
  errorBodyProblem,
  routeName,
  UNREACHED_AUTH_LIMITS,
} from './support';

/**
 * Bodies that pass the contracts but not the database: each case is a valid body of the route with
 * one to three of its values replaced, so most reach the service and the database.
 */
const NUM_RUNS = 300;
const SEED = 20_261_126;

// The 500s' causes, read back from the log so a failure names them.
const { lines: logged, stream: logStream } = recordingLog();

/** The code and message of the error the last 500 logged, so a failure names its cause. */
function causeOf500(): string {
  const line = logged.find((entry) => entry.includes('"err"'));
  if (!line) return 'nothing logged';
  const { err } = JSON.parse(line) as { err: { message?: string; code?: string } };
  return `${err.code ?? ''} ${err.message ?? ''}`.slice(0, 300);
}

const clock = testClock(EXAM_DAY_TEN);
const t = await createTestApp({
  now: clock.now,
  config: { logLevel: 'error' },
  logStream,
  authLimits: UNREACHED_AUTH_LIMITS,
});
afterAll(() => t.close());

const db = t.database.db;
const sitting = await createSittingFixture(t.app, db, EXAM_DAY_TEN);
const admin = sitting.admin;
const masterData = masterDataClient(t.app, admin.accessToken);
const people = peopleClient(t.app, admin.accessToken);
const exams = examsClient(t.app, admin.accessToken);
const faculty = await createSignedInUser(t.app, db, 'faculty');
const student = await sitting.student(sitting.inSection.A);
const attempt = await student.client.start((await sitting.exam())._id);
const [firstSection] = attempt.sections;
const [firstQuestion] = firstSection?.questions ?? [];
if (!firstSection || !firstQuestion) throw new Error('The sitting has no question');

const proctoring = await sitting.signedInFaculty();
const proctored = await sitting.proctoredExam([proctoring.userId]);
const proctoredAttempt = (await student.client.start(proctored._id)).attempt;

const audience = await createAudience(masterData, 2026);
const placement = await createPlacement(masterData, 2027);
const { student: storedStudent } = await people.student(studentPayload(placement));
const { faculty: storedFaculty } = await people.faculty(facultyPayload());
const proctor = await sitting.faculty();
const exam = await exams.exam(examPayload(audience, [proctor.userId]));
// A bank the proctoring faculty member authors, with outcomes and one question.
const asAdmin = areaCaller(t.app, 'admin', admin.accessToken);
const bankAccess = () => ({ authors: [proctoring.userId], reviewers: [proctor.userId] });
const bankOutcomes = () => ({
  outcomes: [{ code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 }],
});
await asAdmin('POST', `set-bank-access/${audience.courseId}`, bankAccess());
await asAdmin('POST', `set-course-outcomes/${audience.courseId}`, bankOutcomes());
const bankQuestion = () => bankQuestionPayload(audience.courseId, { courseOutcomes: ['CO1'] });
const bankQuestionId = (await asAdmin('POST', 'create-bank-question', bankQuestion())).json().data
  ._id as string;
/** A drawn section's preview with every filter a rule has. */
const drawPreview = () => ({
  questionType: 'MCQ',
  marks: 2,
  totalQuestions: 2,
  draw: [
    {
      courseId: audience.courseId,
      category: 'Unit 1',
      includeSubcategories: true,
      count: 2,
      difficulty: 'MEDIUM',
      tags: ['loops'],
      bloomLevel: 'REMEMBER',
      courseOutcome: 'CO1',
    },
  ],
});
const bulkTags = () => ({
  courseId: audience.courseId,
  ids: [bankQuestionId],
  action: 'add-tags',
  tags: ['fuzz'],
});
const passwordChanger = await createTestUser(db, { isFirstLogin: true });
const signInProvider = {
  label: 'College accounts',
  issuer: 'https://idp.college.test/realms/staff',
  clientId: 'examiq',
  clientSecret: 'a-client-secret',
  allowedDomains: ['college.test'],
  enabled: true,
};
const storedProvider = (
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-sign-in-provider',
    headers: bearer(admin.accessToken),
    payload: signInProvider,
  })
).json().data;
const passwordUpdater = await createSignedInUser(t.app, db, 'student');
const ltiPlatform = {
  name: 'College Moodle',
  issuer: 'https://moodle.college.test',
  clientId: 'examiq',
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.college.test/mod/lti/auth.php',
  accessTokenUrl: 'https://moodle.college.test/mod/lti/token.php',
  jwksUrl: 'https://moodle.college.test/mod/lti/certs.php',
};
const storedLtiPlatform = (
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/create-lti-platform',
    headers: bearer(admin.accessToken),
    payload: ltiPlatform,
  })
).json().data;

interface Example {
  /** The route's path parameters, in order. */
  params?: string[];
  body: () => unknown;
}

/** A valid body per route, about records that exist; a route with a body left out fails the suite. */
const EXAMPLES: Record<string, Example> = {
  'POST /api/auth/login': { body: () => ({ email: uniqueEmail(), password: 'Correct-horse-9' }) },
  'POST /api/auth/change-password': {
    body: () => ({
      email: passwordChanger.email,
      currentPassword: 'Wrong-horse-9',
      newPassword: 'Brand-new-horse-9',
      confirmPassword: 'Brand-new-horse-9',
    }),
  },
  'POST /api/auth/forgot-password': { body: () => ({ email: uniqueEmail() }) },
  'POST /api/auth/reset-password': {
    body: () => ({
      token: 'a'.repeat(43),
      newPassword: 'Brand-new-horse-9',
      confirmPassword: 'Brand-new-horse-9',
    }),
  },
  'POST /api/auth/accept-invitation': {
    body: () => ({
      token: 'a'.repeat(43),
      newPassword: 'Brand-new-horse-9',
      confirmPassword: 'Brand-new-horse-9',
    }),
  },
  'POST /api/auth/refresh-token': {
    body: () => ({ refreshToken: 'a'.repeat(64), sessionId: admin.sessionId }),
  },
  'POST /api/auth/update-password': {
    body: () => ({
      currentPassword: 'Wrong-horse-9',
      newPassword: 'Brand-new-horse-9',
      confirmPassword: 'Brand-new-horse-9',
    }),
  },
  'POST /api/admin/create-batch': { body: () => ({ startYear: 2030, endYear: 2034 }) },
  'POST /api/admin/create-course': {
    body: () => ({ ...VALID_COURSE, name: 'Course F', batchId: audience.batchId }),
  },
  'POST /api/admin/create-branch': {
    body: () => ({ name: 'Physics', code: 'PHY', courseId: audience.courseId }),
  },
  'POST /api/admin/create-section': {
    body: () => ({ name: 'Fuzz', capacity: 60, branchId: audience.branchId }),
  },
  'PUT /api/admin/update-batch/:id': {
    params: [audience.batchId],
    body: () => ({ startYear: 2026, endYear: 2030, status: 'Active' }),
  },
  'PUT /api/admin/update-course/:id': {
    params: [audience.courseId],
    body: () => ({ ...VALID_COURSE, name: 'Course E', status: 'Active' }),
  },
  'PUT /api/admin/update-branch/:id': {
    params: [audience.branchId],
    body: () => ({ name: 'Computer Science', code: 'CSF', status: 'Active' }),
  },
  'PUT /api/admin/update-section/:id': {
    params: [audience.sectionIds[0] ?? ''],
    body: () => ({ name: 'Section F', capacity: 60, status: 'Active' }),
  },
  'POST /api/admin/create-student': { body: () => studentPayload(placement) },
  'PUT /api/admin/update-student/:id': {
    params: [storedStudent._id],
    body: () => ({ ...studentPayload(placement), email: storedStudent.userId.email }),
  },
  'POST /api/admin/create-faculty': { body: () => facultyPayload() },
  'PUT /api/admin/update-faculty/:id': {
    params: [storedFaculty._id],
    body: () => ({ ...facultyPayload(), email: storedFaculty.userId.email }),
  },
  'POST /api/admin/set-account-status': {
    body: () => ({ userId: storedStudent.userId._id, isActive: true }),
  },
  'POST /api/admin/reset-password': { body: () => ({ userId: storedStudent.userId._id }) },
  'POST /api/admin/resend-invitation': { body: () => ({ userId: storedStudent.userId._id }) },
  'PUT /api/admin/settings': { body: () => ({ ...DEFAULT_INSTITUTION_SETTINGS }) },
  'POST /api/admin/create-sign-in-provider': { body: () => ({ ...signInProvider }) },
  'PUT /api/admin/update-sign-in-provider/:id': {
    params: [storedProvider._id],
    body: () => ({ ...signInProvider }),
  },
  'POST /api/admin/create-lti-platform': {
    body: () => ({ ...ltiPlatform, clientId: randomUUID() }),
  },
  'PUT /api/admin/update-lti-platform/:id': {
    params: [storedLtiPlatform._id],
    body: () => ({ ...ltiPlatform }),
  },
  'POST /api/admin/lti-deep-link/:id': {
    params: [randomUUID()],
    body: () => ({ examId: exam._id }),
  },
  'POST /api/faculty/lti-deep-link/:id': {
    params: [randomUUID()],
    body: () => ({ examId: exam._id }),
  },
  'POST /api/lti/login': {
    body: () => ({
      iss: ltiPlatform.issuer,
      login_hint: 'a-person',
      target_link_uri: 'https://exams.college.test/api/lti/launch',
      client_id: ltiPlatform.clientId,
    }),
  },
  'POST /api/lti/launch': { body: () => ({ id_token: 'a.b.c', state: 'a'.repeat(43) }) },
  'POST /api/lti/session': { body: () => ({ ticket: 'a'.repeat(43) }) },
  'POST /api/admin/create-exam': { body: () => examPayload(audience, [proctor.userId]) },
  'PUT /api/admin/update-exam/:id': {
    params: [exam._id],
    body: () => examPayload(audience, [proctor.userId]),
  },
  'POST /api/admin/grant-extra-time': {
    body: () => ({ examId: attempt.exam._id, studentId: student.record._id, minutes: 5 }),
  },
  'PUT /api/admin/set-exam-evaluators/:examId': {
    params: [attempt.exam._id],
    body: () => ({ evaluatorIds: [faculty.user.id] }),
  },
  'POST /api/admin/regrade-question/:examId': {
    params: [attempt.exam._id],
    body: () => ({ questionId: firstQuestion._id, correctOptionId: '1', dryRun: true }),
  },
  'POST /api/faculty/grade-answer': {
    body: () => ({
      answerId: blindCodes(t.config.jwtSecret).markingId(
        faculty.user.id,
        attempt.attempt._id,
        firstQuestion._id,
      ),
      marks: 1.5,
    }),
  },
  'PUT /api/student/save-answers/:attemptId': {
    params: [attempt.attempt._id],
    body: () => ({ seq: 1, answers: [{ questionId: firstQuestion._id, text: 'An answer' }] }),
  },
  'POST /api/student/open-section/:attemptId': {
    params: [attempt.attempt._id],
    body: () => ({ sectionId: firstSection._id }),
  },
  'POST /api/student/start-exam/:examId': {
    params: [proctored._id],
    body: () => ({
      systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true },
    }),
  },
  'POST /api/student/report-events/:attemptId': {
    params: [proctoredAttempt._id],
    body: () => ({
      events: [{ type: 'HEARTBEAT', at: EXAM_DAY_TEN.toISOString() }],
    }),
  },
  'POST /api/student/send-message/:attemptId': {
    params: [proctoredAttempt._id],
    body: () => ({ text: 'I have a question' }),
  },
  'POST /api/faculty/send-message': {
    body: () => ({ examId: proctored._id, studentId: student.record._id, text: 'Hello' }),
  },
  'POST /api/faculty/warn-student': {
    body: () => ({ attemptId: proctoredAttempt._id, text: 'Eyes on the screen' }),
  },
  'POST /api/faculty/grant-extra-time': {
    body: () => ({ examId: proctored._id, studentId: student.record._id, minutes: 5 }),
  },
  // An unknown attempt: ending the fixture's would close it to the other routes' cases.
  'POST /api/faculty/end-attempt': {
    body: () => ({ attemptId: randomUUID(), reason: 'Phone on the desk' }),
  },
  'POST /api/faculty/review-alert': {
    body: () => ({ alertId: randomUUID(), status: 'CONFIRMED' }),
  },
  'POST /api/admin/send-message': {
    body: () => ({ examId: proctored._id, studentId: student.record._id, text: 'Hello' }),
  },
  'POST /api/admin/warn-student': {
    body: () => ({ attemptId: proctoredAttempt._id, text: 'Eyes on the screen' }),
  },
  'POST /api/admin/end-attempt': {
    body: () => ({ attemptId: randomUUID(), reason: 'Phone on the desk' }),
  },
  'POST /api/admin/review-alert': {
    body: () => ({ alertId: randomUUID(), status: 'CONFIRMED' }),
  },
  'POST /api/admin/create-bank-question': { body: bankQuestion },
  'PUT /api/admin/update-bank-question/:id': { params: [bankQuestionId], body: bankQuestion },
  'POST /api/admin/restore-bank-question/:id': {
    params: [bankQuestionId],
    body: () => ({ revision: 1 }),
  },
  'POST /api/admin/set-bank-question-status/:id': {
    params: [bankQuestionId],
    body: () => ({ status: 'DRAFT' }),
  },
  'POST /api/admin/preview-draw': { body: drawPreview },
  'POST /api/faculty/create-bank-question': { body: bankQuestion },
  'POST /api/faculty/preview-draw': { body: drawPreview },
  'PUT /api/faculty/update-bank-question/:id': { params: [bankQuestionId], body: bankQuestion },
  'POST /api/faculty/restore-bank-question/:id': {
    params: [bankQuestionId],
    body: () => ({ revision: 1 }),
  },
  'POST /api/faculty/set-bank-question-status/:id': {
    params: [bankQuestionId],
    body: () => ({ status: 'DRAFT' }),
  },
  'POST /api/admin/set-course-outcomes/:courseId': {
    params: [audience.courseId],
    body: bankOutcomes,
  },
  'POST /api/admin/set-bank-access/:courseId': { params: [audience.courseId], body: bankAccess },
  'POST /api/admin/bulk-bank-questions': { body: bulkTags },
  'POST /api/faculty/bulk-bank-questions': { body: bulkTags },
  'POST /api/admin/media-urls': { body: () => ({ mediaIds: ['a'.repeat(64)] }) },
  'POST /api/faculty/media-urls': { body: () => ({ mediaIds: ['a'.repeat(64)] }) },
  'PUT /api/student/update-email-preferences': { body: () => ({ examReminders: false }) },
  'POST /api/student/submit-exam/:attemptId': {
    params: [attempt.attempt._id],
    body: () => ({ seq: 1, answers: [{ questionId: firstQuestion._id, text: 'An answer' }] }),
  },
};

const targets = apiRoutes(t.routes).filter((route) => route.takesBody);

function tokenFor(url: string): string | undefined {
  if (url.startsWith('/api/admin/')) return admin.accessToken;
  if (url === '/api/faculty/grade-answer') return faculty.accessToken;
  if (url.startsWith('/api/faculty/')) return proctoring.accessToken;
  if (url.startsWith('/api/student/')) return student.accessToken;
  if (url === '/api/auth/update-password') return passwordUpdater.accessToken;
  return undefined;
}

/** Any UTF-16 code unit, so lone surrogate halves come up as often as any other character. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: codeUnit, minLength: 1, maxLength: 8 }),
  fc.constantFrom('\ud800', '\udfff', '\udc00\ud800', '\uffff', '\u{10ffff}'),
);

const pad = (value: number, length: number) => String(value).padStart(length, '0');
/** Dates as text: every year a 4-digit date can name (year 0 too), and beyond either engine. */
const anyDate = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
    )
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .chain((date) => fc.constantFrom(date.toISOString(), date.toISOString().slice(0, 10))),
  fc.constantFrom(
    '0000-01-01',
    '0000-02-29',
    '0000-12-31T23:59:59Z',
    '0001-01-01',
    '4714-11-24',
    '9999-12-31',
    '10000-01-01',
    '+275760-09-13',
    '-271821-04-20',
    '1900-02-29',
  ),
);

const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 - 1, 1e21, -1, 0, 0.5, -0),
);

/** The value wrapped in arrays and objects, as deep as a contract could ever nest and deeper. */
const nestedAround = (value: unknown) =>
  fc
    .array(fc.boolean(), { minLength: 1, maxLength: 40 })
    .map((levels) =>
      levels.reduce<unknown>((inner, asArray) => (asArray ? [inner] : { value: inner }), value),
    );

/** What replaces a leaf: something of its own kind at the edge of what storage takes, or nesting. */
function replacementFor(path: string, value: unknown): fc.Arbitrary<unknown> {
  const nested = nestedAround(value);
  if (typeof value === 'number') return fc.oneof(anyNumber, nested);
  if (typeof value !== 'string') return nested;
  const isDate = /date|(^|\.)(from|to)$/i.test(path) || /^\d{4}-\d{2}-\d{2}/.test(value);
  return fc.oneof(
    ...(isDate ? [anyDate, anyDate] : []),
    // After the valid value, so the text still passes the field's own rules.
    anyText.map((text) => `${value}${text}`),
    anyText,
    nested,
  );
}

/** The example body with one to three of its leaves replaced, and what replaced them. */
function mutatedBody(example: unknown) {
  const paths = leafPaths(example);
  const leafAt = (path: string) =>
    path
      .split('.')
      .reduce<unknown>((parent, key) => (parent as Record<string, unknown>)[key], example);
  const change = fc
    .constantFrom(...paths)
    .chain((path) => replacementFor(path, leafAt(path)).map((value) => ({ path, value })));
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => ({
    changes,
    body: changes.reduce((body, { path, value }) => withLeaf(body, path, value), example),
  }));
}

describe(`input the database cannot store (${TEST_ENGINE})`, () => {
  it(`answers 400 in the error contract, never 5xx, on every route with a body × ${NUM_RUNS} cases`, async () => {
    const missing = targets.map(routeName).filter((name) => !(name in EXAMPLES));
    expect(missing, 'routes with a body and no example').toEqual([]);
    expect(targets.length).toBeGreaterThanOrEqual(25);

    const failures: string[] = [];
    let requests = 0;
    for (const target of targets) {
      const { params = [], body } = EXAMPLES[routeName(target)] as Example;
      const remaining = [...params];
      const url = concreteUrl(target.url, () => remaining.shift() ?? '');
      const token = tokenFor(target.url);
      const property = fc.asyncProperty(
        // A fresh example per case: creates must not all collide on one unique email or code.
        fc.constant(null).chain(() => mutatedBody(body())),
        async ({ changes, body: payload }) => {
          logged.length = 0;
          const response = await t.app.inject({
            method: target.method,
            url,
            headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          requests += 1;
          const where = `${routeName(target)} → ${response.statusCode} with ${JSON.stringify(changes)}`;
          if (response.statusCode >= 500) failures.push(`${where}: ${causeOf500()}`);
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400) expect(errorBodyProblem(response.body), where).toBeNull();
        },
      );
      // One route's failure is recorded, and the other routes still fuzzed, so a run names every
      // route that fails; fast-check's counterexample is reproduced by the seed.
      await fc
        .assert(property, { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true })
        .catch((error: unknown) => {
          if (!failures.some((failure) => failure.startsWith(routeName(target)))) {
            failures.push(`${routeName(target)}: ${String(error).slice(0, 500)}`);
          }
        });
    }
    console.info(
      `stored input (${TEST_ENGINE}): ${requests} fuzz cases on ${targets.length} routes, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
