import {
  LTI_MESSAGES,
  ltiDeepLinkDataSchema,
  ltiDeepLinkResponseSchema,
  successResponse,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { ltiBrowser } from '../../test/lti';
import { type LtiPlatformHarness, startLtiPlatform } from '../../test/lti-platform';
import { createSittingFixture, EXAM_DAY_TEN, type SittingFixture } from '../../test/sittings';

const choicesResponse = successResponse(ltiDeepLinkDataSchema);
const chosenResponse = successResponse(ltiDeepLinkResponseSchema);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let platform: LtiPlatformHarness;
let fixture: SittingFixture;
let browser: ReturnType<typeof ltiBrowser>;
beforeAll(async () => {
  t = await createTestApp({ now: () => EXAM_DAY_TEN });
  platform = await startLtiPlatform({
    toolUrl: t.config.mail.publicUrl,
    toolKeys: async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json(),
  });
  fixture = await createSittingFixture(t.app, t.database.db, EXAM_DAY_TEN);
  expect(
    (await fixture.adminCall('POST', 'create-lti-platform', platform.registration)).statusCode,
  ).toBe(201);
  browser = ltiBrowser(t.app, platform);
});
afterAll(async () => {
  await t?.close();
  await platform?.close();
});

async function emailOf(userId: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row?.email as string;
}

/** An instructor's deep-linking launch, signed in, on the page of their choice. */
async function selecting(email: string, sub = `sub-${email}`) {
  const session = await browser.signedIn({
    person: { sub, email, role: 'instructor' },
    messageType: 'LtiDeepLinkingRequest',
  });
  const area = session.user.role;
  const id = session.redirect.split('/').at(-1) as string;
  expect(session.redirect).toBe(`/${area}/lti/deep-link/${id}`);
  const call = (method: 'GET' | 'POST', linkId = id, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/${area}/lti-deep-link/${linkId}`,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
  return { id, call };
}

describe('deep linking', () => {
  it('lets a faculty member place an exam they teach, signed with the tool key, posted once to the LMS', async () => {
    const proctor = await fixture.faculty();
    const theirs = await fixture.proctoredExam([proctor.userId]);
    const others = await fixture.exam();
    const selection = await selecting(await emailOf(proctor.userId));

    const choices = choicesResponse.parse((await selection.call('GET')).json()).data;
    expect(choices.platformName).toBe(platform.registration.name);
    expect(choices.exams.map((exam) => exam._id)).toEqual([theirs._id]);

    expectError(await selection.call('POST', selection.id, { examId: others._id }), 403, {
      message: LTI_MESSAGES.examNotOffered,
    });
    expect((await selection.call('POST', selection.id, {})).statusCode).toBe(400);
    expectError(await selection.call('GET', UNKNOWN_ID), 404, {
      message: LTI_MESSAGES.deepLinkNotFound,
    });

    // A rotation between the request and the answer: the answer is signed with the new key.
    expect((await fixture.adminCall('POST', 'rotate-lti-key')).statusCode).toBe(200);
    const chosen = await selection.call('POST', selection.id, { examId: theirs._id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { continueUrl } = chosenResponse.parse(chosen.json()).data;

    const page = await t.app.inject({ method: 'GET', url: continueUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`form-action ${platform.issuer}`);
    const action = /action="([^"]+)"/.exec(page.body)?.[1];
    const jwt = /name="JWT" value="([^"]+)"/.exec(page.body)?.[1];
    expect(action).toBe(`${platform.issuer}/deep-link-return`);
    // What the browser's form posts, and the LMS's check of ExamIQ's signature.
    const returned = await fetch(action as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt as string }),
    });
    expect(returned.status, await returned.clone().text()).toBe(200);
    expect(platform.deepLinkResponses.at(-1)).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': platform.deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'course-101-selection',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: theirs.examTitle,
          url: `${t.config.mail.publicUrl}/api/lti/launch?exam=${theirs._id}`,
          custom: { examiq_exam_id: theirs._id },
          lineItem: { scoreMaximum: theirs.totalMarks, label: theirs.examTitle },
        },
      ],
    });

    // Posted once: the page is gone, and so is the request.
    expect((await t.app.inject({ method: 'GET', url: continueUrl })).statusCode).toBe(404);
    expect((await selection.call('GET')).statusCode).toBe(404);
  });

  it('offers an admin every published exam', async () => {
    const exam = await fixture.exam();
    const selection = await selecting(fixture.admin.email, 'admin-sub');
    const choices = choicesResponse.parse((await selection.call('GET')).json()).data;
    expect(choices.exams.map((offered) => offered._id)).toContain(exam._id);
  });

  it("keeps one instructor's request from another", async () => {
    const first = await fixture.faculty();
    const second = await fixture.faculty();
    const theirs = await selecting(await emailOf(first.userId));
    const intruder = await selecting(await emailOf(second.userId));
    expectError(await intruder.call('GET', theirs.id), 404, {
      message: LTI_MESSAGES.deepLinkNotFound,
    });
  });

  it('refuses a deep-linking launch to a student', async () => {
    const student = await fixture.student(fixture.inSection.A);
    const { response } = await browser.launch({
      person: { sub: 'student-sub', email: student.record.userId.email, role: 'learner' },
      messageType: 'LtiDeepLinkingRequest',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(LTI_MESSAGES.instructorsOnly);
  });
});
