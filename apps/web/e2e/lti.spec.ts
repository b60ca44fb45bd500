import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type LtiPlatformHarness, startLtiPlatform } from '../../server/src/test/lti-platform';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, apiSignIn, signIn } from './support/session';
import { localDate } from './support/sittings';

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

/** A section of batch 2045-2049 with a student (never signed in) and an exam published for it. */
async function createLaunchableExam(request: APIRequestContext) {
  const create = await adminCreator(request);
  const { _id: batchId } = await create('create-batch', BATCH).catch(async () => {
    const headers = await adminHeaders(request);
    const batches = (await (await request.get('/api/admin/get-batches', { headers })).json()).data;
    return batches.find((batch: { name: string }) => batch.name === '2045-2049');
  });
  const { _id: courseId } = await create('create-course', {
    batchId,
    name: `LTI ${RUN}`,
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
  const email = `lti.student.${RUN}@examiq.test`;
  await create('create-student', {
    ...validStudentPayload({
      email,
      rollNumber: `LTI-${RUN}`.toUpperCase(),
      course: courseId,
      branch: branchId,
      section: sectionId,
      batch: `${BATCH.startYear}-${BATCH.endYear}`,
    }),
  });
  const title = `Circuits Quiz ${RUN}`;
  const payload = validExamPayload({
    batchId,
    courseId,
    branchId,
    sectionIds: [sectionId],
    examStatus: 'PUBLISH',
  });
  const { exam } = await create('create-exam', {
    ...payload,
    examTitle: title,
    scheduleDetails: {
      startDate: localDate(new Date()),
      endDate: localDate(new Date(Date.now() + 86_400_000)),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
  return { email, title, examId: exam._id as string };
}

async function screenshot(page: Page, name: string) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

test("a student launched from an LMS course lands in the exam's lobby, signed in", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const unregister = await registerPlatform(request);
  try {
    const sitting = await createLaunchableExam(request);
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
    await screenshot(page, 'lti-launched-lobby');
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
