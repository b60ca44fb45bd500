import { LTI_MESSAGES } from '@examiq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ltiScoreLinks, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { ltiBrowser } from '../../test/lti';
import {
  type LaunchOptions,
  type LtiPlatformHarness,
  startLtiPlatform,
} from '../../test/lti-platform';
import { createSittingFixture, EXAM_DAY_TEN, type SittingFixture } from '../../test/sittings';
import { createTestUser } from '../../test/users';

let t: TestApp;
let platform: LtiPlatformHarness;
let fixture: SittingFixture;
let browser: ReturnType<typeof ltiBrowser>;
let examId: string;
let studentEmail: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => EXAM_DAY_TEN });
  platform = await startLtiPlatform({
    toolUrl: t.config.mail.publicUrl,
    toolKeys: async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json(),
  });
  fixture = await createSittingFixture(t.app, t.database.db, EXAM_DAY_TEN);
  const registered = await fixture.adminCall('POST', 'create-lti-platform', platform.registration);
  expect(registered.statusCode, registered.body).toBe(201);
  examId = (await fixture.exam())._id;
  studentEmail = (await fixture.student(fixture.inSection.A)).record.userId.email;
  browser = ltiBrowser(t.app, platform);
});
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const learner = (email = studentEmail, sub = `sub-${email}`): LaunchOptions['person'] => ({
  sub,
  email,
  role: 'learner',
});

/** A refused launch: an HTML page for the person, no session, nothing of why. */
function expectRefused(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status = 400,
  message: string = LTI_MESSAGES.launchRefused,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers.location).toBeUndefined();
  expect(response.body).toContain(message.replace(/'/g, '&#39;'));
}

describe('launch', () => {
  it("signs a student in and opens the exam's lobby, keeping the line item for the score", async () => {
    const session = await browser.signedIn({ person: learner(), examId });
    expect(session.redirect).toBe(`/student/exam/${examId}`);
    expect(session.user.email).toBe(studentEmail);
    // The LMS vouched for the person: no first-login password change for this session.
    // The student's first password was never replaced; the student area opens all the same.
    expect(session.user.isFirstLogin).toBe(false);
    const exams = await t.app.inject({
      method: 'GET',
      url: '/api/student/get-my-exams',
      headers: session.headers,
    });
    expect(exams.statusCode).toBe(200);
    const links = await t.database.db
      .select()
      .from(ltiScoreLinks)
      .where(and(eq(ltiScoreLinks.examId, examId), eq(ltiScoreLinks.userId, session.user._id)));
    expect(links).toMatchObject([
      { subject: `sub-${studentEmail}`, lineItemUrl: `${platform.issuer}/lineitems/line-item-1` },
    ]);
    const signIns = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.sign-in'), eq(auditLog.recordId, session.user._id)));
    expect(signIns.map((entry) => entry.summary)).toContainEqual(
      expect.stringContaining(`Signed in with ${platform.registration.name}`),
    );
  });

  it('gives the session once: a second collection with the same ticket is refused', async () => {
    const { ticket } = await browser.signedIn({ person: learner(), examId });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/lti/session',
      payload: { ticket },
    });
    expectError(again, 400, { message: LTI_MESSAGES.launchExpired });
  });

  it('names the exam by the target link as well as by the custom parameter', async () => {
    const session = await browser.signedIn({
      person: learner(),
      targetLinkUri: `${t.config.mail.publicUrl}/api/lti/launch?exam=${examId}`,
    });
    expect(session.redirect).toBe(`/student/exam/${examId}`);
  });

  it("opens the exam's results for an admin and its marking for a faculty member", async () => {
    const admin = await browser.signedIn({
      person: { sub: 'admin-sub', email: fixture.admin.email, role: 'instructor' },
      examId,
    });
    expect(admin.redirect).toBe(`/admin/exam/${examId}/results`);
    const faculty = await createTestUser(t.database.db, { role: 'faculty' });
    const teacher = await browser.signedIn({
      person: { sub: 'faculty-sub', email: faculty.email, role: 'instructor' },
      examId,
    });
    expect(teacher.redirect).toBe(`/faculty/grade/${examId}`);
  });

  it('follows the link made at the first launch, whatever email the LMS sends later', async () => {
    const first = await browser.signedIn({ person: learner(studentEmail, 'stable-sub'), examId });
    const other = await createTestUser(t.database.db);
    const later = await browser.signedIn({ person: learner(other.email, 'stable-sub'), examId });
    expect(later.user._id).toBe(first.user._id);
  });
});

describe('refused launches', () => {
  const refusedCases: [string, LaunchOptions][] = [
    ['a bad signature', { person: learner(), examId, foreignKey: true }],
    ['an expired token', { person: learner(), examId, expiresIn: -120 }],
    ['a wrong audience', { person: learner(), examId, claims: { aud: 'another-tool' } }],
    [
      "another issuer than the login's platform",
      { person: learner(), examId, claims: { iss: 'https://unknown-lms.example' } },
    ],
    [
      'several audiences without this tool as azp',
      { person: learner(), examId, claims: { aud: ['another-tool', 'x'], azp: 'another-tool' } },
    ],
    [
      'an unregistered deployment in the token',
      {
        person: learner(),
        examId,
        claims: { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-9' },
      },
    ],
    [
      'another LTI version',
      {
        person: learner(),
        examId,
        claims: { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' },
      },
    ],
    [
      'an unknown message type',
      {
        person: learner(),
        examId,
        claims: {
          'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSubmissionReviewRequest',
        },
      },
    ],
    [
      'a foreign target link in the token',
      {
        person: learner(),
        examId,
        claims: {
          'https://purl.imsglobal.org/spec/lti/claim/target_link_uri':
            'https://evil.example/api/lti/launch',
        },
      },
    ],
    ['a token without a nonce', { person: learner(), examId, claims: { nonce: undefined } }],
  ];
  it.each(refusedCases)('refuses %s', async (_case, options) => {
    const { response } = await browser.launch(options);
    expectRefused(response);
  });

  it('refuses a reused state and nonce: the same answer posted twice', async () => {
    const { response, again } = await browser.launch({ person: learner(), examId });
    expect(response.statusCode).toBe(303);
    expectRefused(await again());
  });

  it('refuses a launch posted by a browser that did not start its login (login CSRF)', async () => {
    const { response } = await browser.launch(
      { person: learner(), examId },
      { withoutCookie: true },
    );
    expectRefused(response);
  });

  it('refuses a nonce another login was given', async () => {
    const other = await browser.login({ person: learner(), examId });
    const otherNonce = new URL(other.headers.location as string).searchParams.get('nonce');
    const { response } = await browser.launch({
      person: learner(),
      examId,
      claims: { nonce: otherNonce },
    });
    expectRefused(response);
  });

  it('refuses a login from an unknown issuer, an unknown deployment or a foreign target link', async () => {
    const launch = { person: learner(), examId };
    const valid = platform.loginParameters(launch);
    for (const parameters of [
      { ...valid, iss: 'https://unknown-lms.example' },
      { ...valid, lti_deployment_id: 'deployment-9' },
      { ...valid, target_link_uri: 'https://evil.example/steal' },
      { ...valid, target_link_uri: `${t.config.mail.publicUrl}/admin` },
      { ...valid, login_hint: '' },
    ]) {
      expectRefused(await browser.login(launch, parameters));
    }
  });

  it('refuses a person without an active account, by a message that names the email', async () => {
    const { response } = await browser.launch({
      person: learner('stranger@college.test', 'stranger'),
      examId,
    });
    expectRefused(response, 403, LTI_MESSAGES.noAccount('stranger@college.test'));
    const inactive = await createTestUser(t.database.db, { isActive: false });
    const refused = await browser.launch({ person: learner(inactive.email), examId });
    expectRefused(refused.response, 403, LTI_MESSAGES.noAccount(inactive.email));
  });

  it('answers a client that is not a browser in the error contract', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/lti/launch',
      payload: { id_token: 'not.a.token', state: 'unknown' },
    });
    expectError(response, 400, { message: LTI_MESSAGES.launchRefused });
  });

  it('refuses a resource link naming no published exam', async () => {
    const { response } = await browser.launch({ person: learner() });
    expectRefused(response, 400, LTI_MESSAGES.noExam);
  });

  it('refuses a ticket that is not one', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/lti/session',
        payload: { ticket: 'x'.repeat(43) },
      }),
      400,
      { message: LTI_MESSAGES.launchExpired },
    );
    const malformed = await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: {} });
    expect(malformed.statusCode).toBe(400);
  });

  it('ends a launched session like any other: a deactivated account cannot collect one', async () => {
    const person = await createTestUser(t.database.db);
    const { response } = await browser.launch({ person: learner(person.email), examId });
    expect(response.statusCode).toBe(303);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, person.user.id));
    const ticket = (response.headers.location as string).split('#')[1];
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { ticket } }),
      400,
      { message: LTI_MESSAGES.launchExpired },
    );
  });
});
