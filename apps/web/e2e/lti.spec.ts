import { LTI_EXAM_PARAMETER, RESULT_MESSAGES, STORAGE_KEYS } from '@examiq/contracts';
import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type LtiPlatformHarness, startLtiPlatform } from '../../server/src/test/lti-platform';
import {
  expectAccessibleAtBothWidths,
  screenshotsAtBothWidths,
  WIDTHS,
} from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, apiSignIn, signIn } from './support/session';
import { createEvaluator, localDate } from './support/sittings';

// Batch years no other spec creates.
const BATCH = { startYear: 2045, endYear: 2049 };
const RUN = Date.now().toString(36);

let platform: LtiPlatformHarness;
test.beforeAll(async ({ baseURL }) => {
  platform = await startLtiPlatform({
    toolUrl: baseURL as string,
    toolKeys: async () => (await fetch(`${baseURL}/api/lti/jwks`)).json(),
    name: 'Westbrook Moodle',
  });
});
test.afterAll(async () => {
  await platform?.close();
});

async function adminHeaders(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  return { Authorization: `Bearer ${tokens.accessToken}` };
}

/** The harness registered as an LMS through the API; removed again by the returned function. */
async function registerPlatform(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const created = await request.post('/api/admin/create-lti-platform', {
    headers,
    data: platform.registration,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = (await created.json()).data;
  return async () => {
    await request.delete(`/api/admin/delete-lti-platform/${_id}`, {
      headers: await adminHeaders(request),
    });
  };
}

/**
 * A course of batch 2045-2049, named after `name`, whose one section holds a student (never
 * signed in) and an exam titled `title` published for it.
 */
async function createLaunchableExam(request: APIRequestContext, name: string, title: string) {
  const create = await adminCreator(request);
  const { _id: batchId } = await create('create-batch', BATCH).catch(async () => {
    const headers = await adminHeaders(request);
    const batches = (await (await request.get('/api/admin/get-batches', { headers })).json()).data;
    return batches.find((batch: { name: string }) => batch.name === '2045-2049');
  });
  const { _id: courseId } = await create('create-course', {
    batchId,
    name: `LTI ${name} ${RUN}`,
    fullName: 'Bachelor of Engineering',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const { _id: branchId } = await create('create-branch', {
    courseId,
    name: 'Electrical',
    code: 'EEE',
  });
  const { _id: sectionId } = await create('create-section', { branchId, name: 'A', capacity: 60 });
  const email = `lti.${name}.${RUN}@examiq.test`;
  await create('create-student', {
    ...validStudentPayload({
      email,
      rollNumber: `LTI-${name}-${RUN}`.toUpperCase(),
      course: courseId,
      branch: branchId,
      section: sectionId,
      batch: `${BATCH.startYear}-${BATCH.endYear}`,
    }),
  });
  const payload = validExamPayload({
    batchId,
    courseId,
    branchId,
    sectionIds: [sectionId],
    examStatus: 'PUBLISH',
  });
  const { exam } = await create('create-exam', {
    ...payload,
    examTitle: `${title} ${RUN}`,
    scheduleDetails: {
      startDate: localDate(new Date()),
      endDate: localDate(new Date(Date.now() + 86_400_000)),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
  return {
    email,
    title: `${title} ${RUN}`,
    examId: exam._id as string,
    totalMarks: payload.totalMarks,
  };
}

/** The claims of LTI Core and Deep Linking, as the 1EdTech specifications name them. */
const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

test("a student launched from an LMS course lands in the exam's lobby, and an admin launched on its results sees the score the LMS refused", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const unregister = await registerPlatform(request);
  try {
    const sitting = await createLaunchableExam(request, 'student', 'Circuits Quiz');
    // The course page posts the login to ExamIQ, the LMS answers ExamIQ's redirect with a signed
    // ID token posted by the browser, and the launched page collects the session.
    await page.goto(
      platform.coursePage({
        person: { sub: `moodle-${RUN}`, email: sitting.email, role: 'learner' },
        examId: sitting.examId,
      }),
    );
    await expect(page).toHaveURL(new RegExp(`/student/exam/${sitting.examId}$`), {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: sitting.title })).toBeVisible();
    // Never signed in with a password: the LMS vouched for the person, no password change asked.
    await expect(page).not.toHaveURL(/change-password/);
    await screenshotsAtBothWidths(page, 'lti-launched-lobby');

    // The launched session is the usual one: the student sits (a blank paper) through the API with
    // it, and the LMS's gradebook refuses scores from now on.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);
    const headers = { Authorization: `Bearer ${token}` };
    const started = await request.post(`/api/student/start-exam/${sitting.examId}`, { headers });
    expect(started.status(), await started.text()).toBe(200);
    const { attempt } = (await started.json()).data;
    const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, { headers });
    expect(submitted.status(), await submitted.text()).toBe(200);
    platform.failScoresWith = 403;

    // An admin opens the same activity from the course: the exam's results, signed in.
    await page.goto(
      platform.coursePage({
        person: { sub: `moodle-admin-${RUN}`, email: admin.email, role: 'instructor' },
        examId: sitting.examId,
      }),
    );
    await expect(page).toHaveURL(new RegExp(`/admin/exam/${sitting.examId}/results$`), {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
    await page.getByRole('button', { name: 'Publish Results' }).click();
    await page
      .getByRole('dialog', { name: 'Publish Results' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect(page.getByText(RESULT_MESSAGES.published)).toBeVisible();

    // The score goes to the LMS in the background; refused, it is listed on the settings page
    // with the LMS's answer.
    const failure = page
      .getByRole('region', { name: 'LMS courses (LTI 1.3)' })
      .getByRole('listitem')
      .filter({ hasText: `${sitting.title} · ${sitting.email}` });
    await expect(async () => {
      await page.goto('/admin/settings');
      await expect(failure).toContainText(
        'Westbrook Moodle refused the score: HTTP 403 {"error":"The gradebook is locked"}',
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
    expect(platform.scores.filter((score) => score.userId === `moodle-${RUN}`)).toEqual([]);
  } finally {
    platform.failScoresWith = null;
    await unregister();
  }
});

test('an instructor places a published exam in their LMS course, and the placed activity opens on its marking', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const unregister = await registerPlatform(request);
  try {
    const exam = await createLaunchableExam(request, 'placed', 'Signals Quiz');
    // A faculty member is offered the published exams they proctor or evaluate: this one.
    const instructor = {
      sub: `moodle-teacher-${RUN}`,
      email: await createEvaluator(request, exam.examId),
      role: 'instructor' as const,
    };
    await page.goto(
      platform.coursePage({ person: instructor, messageType: 'LtiDeepLinkingRequest' }),
    );
    await expect(page).toHaveURL(/\/faculty\/lti\/deep-link\/[^/]+$/, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Add an exam to your course' }),
    ).toBeVisible();
    await expect(page.getByText(/^Choose the exam Westbrook Moodle shows/)).toBeVisible();
    const choices = page.getByRole('button', { name: /^Add / });
    await expect(choices).toHaveCount(1);
    await expect(page.getByRole('listitem').filter({ has: choices })).toContainText(
      `${exam.totalMarks} marks`,
    );
    await expectAccessibleAtBothWidths(page, 'The deep-linking page');
    await screenshotsAtBothWidths(page, 'lti-deep-link');

    // The choice goes back to the LMS as a signed answer, which the LMS checks with ExamIQ's keys.
    const answered = platform.deepLinkResponses.length;
    await page.getByRole('button', { name: `Add ${exam.title}` }).click();
    await expect(page.getByRole('heading', { name: 'Exam added to the course' })).toBeVisible({
      timeout: 20_000,
    });
    expect(platform.deepLinkResponses).toHaveLength(answered + 1);
    const answer = platform.deepLinkResponses[answered] as Record<string, unknown>;
    expect(answer).toMatchObject({
      iss: platform.clientId,
      aud: platform.issuer,
      [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingResponse',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}deployment_id`]: platform.deploymentId,
      [`${DL_CLAIM}data`]: 'course-101-selection',
    });
    const items = answer[`${DL_CLAIM}content_items`] as {
      url: string;
      custom: Record<string, string>;
    }[];
    expect(items).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: exam.title,
        custom: { [LTI_EXAM_PARAMETER]: exam.examId },
        lineItem: expect.objectContaining({ scoreMaximum: exam.totalMarks }),
      }),
    ]);
    const [item] = items;
    expect(item?.url).toBe(`${test.info().project.use.baseURL}/api/lti/launch?exam=${exam.examId}`);

    // The activity the LMS made of it: the instructor lands on the exam's marking, signed in.
    await page.goto(
      platform.coursePage({ person: instructor, examId: item?.custom[LTI_EXAM_PARAMETER] }),
    );
    await expect(page).toHaveURL(new RegExp(`/faculty/grade/${exam.examId}`), {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Grade Answers' })).toBeVisible();
  } finally {
    await unregister();
  }
});

test('an LMS launch ExamIQ cannot match tells the person why', async ({ page, request }) => {
  const unregister = await registerPlatform(request);
  try {
    await page.goto(
      platform.coursePage({
        person: { sub: `stranger-${RUN}`, email: `nobody.${RUN}@examiq.test`, role: 'learner' },
        examId: '00000000-0000-4000-8000-000000000000',
      }),
    );
    await expect(
      page.getByRole('heading', { name: 'ExamIQ could not open this activity' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        `No ExamIQ account matches nobody.${RUN}@examiq.test. Ask your administrator.`,
      ),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'The refused launch page');
  } finally {
    await unregister();
  }
});

test("the admin registers an LMS and reads ExamIQ's URLs and keys on the settings page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: 'LMS courses (LTI 1.3)' });
  await expect(section.getByText(/\/api\/lti\/jwks$/)).toBeVisible();
  await expect(section.getByText(/\/api\/lti\/login$/)).toBeVisible();

  await section.getByRole('button', { name: 'Register LMS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an LMS platform' });
  await dialog.getByRole('button', { name: 'Save platform' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('At least one deployment ID is required')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'The register-LMS dialog with errors');
  const name = `Canvas ${RUN}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Issuer').fill('https://canvas.instructure.com');
  await dialog.getByLabel('Client ID').fill(`10000000000${RUN}`);
  await dialog
    .getByLabel('Deployment IDs')
    .fill('12:8865aa05b4b79b64a91a86042e43af5ea8ae79eb, 13:abc');
  await dialog
    .getByLabel('OIDC login URL')
    .fill('https://sso.canvaslms.com/api/lti/authorize_redirect');
  await dialog.getByLabel('Access token URL').fill('https://sso.canvaslms.com/login/oauth2/token');
  await dialog
    .getByLabel('Keyset (JWKS) URL')
    .fill('https://sso.canvaslms.com/api/lti/security/jwks');
  await dialog.getByRole('button', { name: 'Save platform' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(name)).toBeVisible();

  await section.getByRole('button', { name: 'Rotate key' }).click();
  await expect(section.getByText('Signing')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'The LMS settings');
  await section.scrollIntoViewIfNeeded();
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await section.screenshot({ path: test.info().outputPath(`lti-settings-${width}.png`) });
  }
  await page.setViewportSize(WIDTHS.desktop);

  await section.getByRole('button', { name: `Remove ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Remove LMS platform' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(section.getByText(name)).toBeHidden();
});
