import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

// Batch years of this file only; other specs create theirs meanwhile. Each test makes its own
// section, student and exam, named after the run.
const BATCH = { startYear: 2044, endYear: 2048 };
const RUN = Date.now().toString(36).toUpperCase();
const PASSWORD = 'Student#Exam2044';

/** The server's wall-clock date of an instant, 'YYYY-MM-DD': the tests run on its machine. */
function localDate(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/**
 * Through the API: a section of its own, a student in it who has replaced the default password,
 * and an exam published for it, open from today to tomorrow. Its essay section has a time limit
 * of its own; the others run on the exam's clock.
 */
async function createSitting(request: APIRequestContext, name: string) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function list(path: string, params: Record<string, string> = {}) {
    const response = await request.get(`/api/admin/${path}`, { headers, params });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data as { _id: string; name: string }[];
  }
  async function create(path: string, data: object) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }
  /** The batch, course and branch are shared by every test of the file, whichever made them. */
  async function findOrCreate(
    find: () => Promise<{ _id: string; name: string }[]>,
    named: string,
    path: string,
    data: object,
  ): Promise<string> {
    const found = (await find()).find((record) => record.name === named);
    if (found) return found._id;
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    if (response.status() === 409) return findOrCreate(find, named, path, data);
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data._id;
  }
  const batchId = await findOrCreate(
    () => list('get-batches'),
    `${BATCH.startYear}-${BATCH.endYear}`,
    'create-batch',
    BATCH,
  );
  const courseId = await findOrCreate(
    () => list('get-courses-by-batch', { batchId }),
    'B.Sc',
    'create-course',
    {
      batchId,
      name: 'B.Sc',
      fullName: 'Bachelor of Science',
      totalSemesters: 8,
      durationYears: 4,
      courseType: 'UG',
    },
  );
  const branchId = await findOrCreate(
    () => list('get-branches-by-course', { courseId }),
    'Mathematics',
    'create-branch',
    { courseId, name: 'Mathematics', code: 'MAT' },
  );
  const section = await create('create-section', {
    branchId,
    name: `${name}-${RUN}`,
    capacity: 60,
  });

  const email = `${name}.${RUN.toLowerCase()}@examiq.test`;
  const student = await create('create-student', {
    ...validStudentPayload({
      email,
      rollNumber: `EXAM-${RUN}-${name}`.toUpperCase(),
      course: courseId,
      branch: branchId,
      section: section._id,
      batch: `${BATCH.startYear}-${BATCH.endYear}`,
    }),
  });
  const reset = await request.post('/api/auth/change-password', {
    data: {
      email,
      currentPassword: student.defaultPassword,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  const title = `Algebra Test ${name} ${RUN}`;
  const payload = validExamPayload({
    batchId,
    courseId,
    branchId,
    sectionIds: [section._id],
    examStatus: 'PUBLISH',
  });
  const exam = await create('create-exam', {
    ...payload,
    examTitle: title,
    scheduleDetails: {
      startDate: localDate(new Date()),
      endDate: localDate(new Date(Date.now() + 86_400_000)),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    examSections: payload.examSections.map((examSection) => ({
      ...examSection,
      timeLimit: examSection.questionType === 'LONG_ANSWER' ? 20 : 0,
    })),
  });
  return { email, title, examId: exam.exam._id as string };
}

const saveState = (page: Page) => page.getByTestId('save-state');

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeFocused();
}

/** Signs in and starts the exam from its lobby, as a student does. */
async function startFromLobby(page: Page, sitting: { email: string; examId: string }) {
  await signIn(page, sitting.email, PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();
}

test('a student sits an exam: the lobby, every kind of answer, a reload, the submit and the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'sits');
  await signIn(page, sitting.email, PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Dashboard' })).toBeVisible();
  const card = page
    .getByRole('region', { name: 'Available now' })
    .getByRole('article', { name: sitting.title });
  await expect(card).toContainText('90 minutes');
  await expectAccessibleAtBothWidths(page, 'Student dashboard');

  await card.getByRole('link', { name: 'Go to exam' }).click();
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
  await expect(page.getByText(/starts its clock when you first open it/)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam lobby');
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);

  // The keyboard alone answers a choice and marks a question for review.
  const first = page.getByRole('article', { name: 'Question 1' });
  await first.getByRole('radio', { name: 'Hash table' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(first.getByRole('radio', { name: 'Linked list' })).toBeChecked();
  await page
    .getByRole('article', { name: 'Question 2' })
    .getByRole('button', { name: 'Mark for review' })
    .focus();
  await page.keyboard.press('Enter');
  const palette = page.getByRole('navigation', { name: 'Questions' });
  await expect(
    palette.getByRole('button', { name: 'Question 2: not answered, marked for review' }),
  ).toBeVisible();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt page');

  await openSection(page, 'True or false');
  await page.getByRole('radio', { name: 'True' }).check();
  await openSection(page, 'Short answers');
  await page
    .getByRole('textbox', { name: 'Your answer to question 1' })
    .fill('A binary tree kept in order');

  await openSection(page, 'Essay');
  await expect(page.getByText('This section has its own time limit of 20 minutes')).toBeVisible();
  await page.getByRole('button', { name: 'Open section' }).click();
  await expect(page.getByText('Section time left')).toBeVisible();
  const essay = page.getByRole('textbox', { name: 'Your answer to question 1' });
  await essay.fill('Both divide the list and conquer the halves.');
  await expect(
    page.getByText('8 words · expected 150–500 (below the expected length)'),
  ).toBeVisible();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saving);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  // What the server saved comes back after a reload.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Linked list', checked: true })).toBeVisible();
  await openSection(page, 'Short answers');
  await expect(page.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveValue(
    'A binary tree kept in order',
  );

  await page.getByRole('button', { name: 'Submit exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit exam?' });
  await expect(dialog).toContainText('You have answered 4 of 5 questions.');
  await expect(dialog.getByRole('listitem')).toHaveText(['Multiple choice: question 2']);
  await expectAccessibleAtBothWidths(page, 'Submit dialog');
  await dialog.getByRole('button', { name: 'Submit exam' }).click();

  const receipt = page.getByRole('region', { name: 'Exam submitted' });
  await expect(receipt).toContainText(ATTEMPT_MESSAGES.submitted);
  await expect(receipt).toContainText('Answers saved4 of 5');
  await expect(page.getByRole('radio', { name: 'Linked list', checked: true })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'Receipt');

  await receipt.getByRole('link', { name: 'Back to dashboard' }).click();
  const done = page
    .getByRole('region', { name: 'Completed' })
    .getByRole('article', { name: sitting.title });
  await expect(done).toContainText(/Submitted \d/);
  await expect(done).toContainText('Results are not published yet');
});

test('an answer typed offline stays on the device and is sent when the exam is opened again', async ({
  page,
  context,
  request,
}) => {
  const sitting = await createSitting(request, 'offline');
  await startFromLobby(page, sitting);
  const attemptUrl = page.url();

  await context.setOffline(true);
  await openSection(page, 'Short answers');
  await page.getByRole('textbox', { name: 'Your answer to question 1' }).fill('Typed offline');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.offline);
  await page.close();
  await context.setOffline(false);

  const again = await context.newPage();
  await again.goto(attemptUrl);
  await openSection(again, 'Short answers');
  await expect(again.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveValue(
    'Typed offline',
  );
  await expect(saveState(again)).toHaveText(ATTEMPT_MESSAGES.saved);

  const { tokens } = await apiSignIn(request, sitting.email, PASSWORD);
  const attemptId = attemptUrl.split('/').at(-1);
  const response = await request.get(`/api/student/get-attempt/${attemptId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const { answers } = (await response.json()).data as { answers: { text: string | null }[] };
  expect(answers.map((answer) => answer.text)).toContain('Typed offline');
});

test('a second tab that saved newer answers makes the first one ask for a reload', async ({
  page,
  context,
  request,
}) => {
  const sitting = await createSitting(request, 'tabs');
  await startFromLobby(page, sitting);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();

  // Three saves in the other tab put the attempt's seq ahead of anything this tab sends next.
  const choices = ['Hash table', 'Linked list', 'Binary heap'];
  for (const choice of choices) {
    await other
      .getByRole('article', { name: 'Question 1' })
      .getByRole('radio', { name: choice })
      .check();
    await expect(saveState(other)).toHaveText(ATTEMPT_MESSAGES.saved);
  }
  await page
    .getByRole('article', { name: 'Question 2' })
    .getByRole('radio', { name: 'Hash table' })
    .check();

  const banner = page.getByRole('alert');
  await expect(banner).toContainText(ATTEMPT_MESSAGES.conflict);
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(
    page.getByRole('article', { name: 'Question 1' }).getByRole('radio', { name: 'Binary heap' }),
  ).toBeChecked();
});
