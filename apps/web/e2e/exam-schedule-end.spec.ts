import { EXAM_RECORD_MESSAGES } from '@examiq/contracts';
import { validExamPayload, validFacultyPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fakeMediaLaunchOptions } from './support/chromium';
import { adminCreator, apiSignIn, signIn } from './support/session';
import { createSitting, startProctoredFromLobby } from './support/sittings';

const RUN = Date.now().toString(36).toUpperCase();
const MINUTE = 60_000;

/** 'HH:MM' of an instant on the wall clock the server and the browser share. */
function clockTime(instant: Date): string {
  return instant.toTimeString().slice(0, 5);
}

/** The minute an instant falls in, as a schedule's time names it. */
function minuteOf(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / MINUTE) * MINUTE);
}

/**
 * A proctored exam for the student of a sitting, open now until `ends`, whose 90 minutes outlast
 * its window: the end of the window is their deadline.
 */
async function createProctoredExam(request: APIRequestContext, studentId: string, ends: Date) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function read(path: string) {
    const response = await request.get(`/api/admin/${path}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data;
  }
  const { academicInfo } = (await read(`get-student/${studentId}`)).students[0];
  const batches: { _id: string; name: string }[] = await read('get-batches');
  const batch = batches.find((candidate) => candidate.name === academicInfo.batch);
  const create = await adminCreator(request);
  const proctor = await create(
    'create-faculty',
    validFacultyPayload({
      email: `proctor.${RUN.toLowerCase()}@examiq.test`,
      employeeId: `P-${RUN}`,
    }),
  );
  const now = new Date();
  const title = `Statistics Final ${RUN}`;
  const payload = validExamPayload({
    batchId: batch?._id ?? '',
    courseId: academicInfo.course._id,
    branchId: academicInfo.branch._id,
    sectionIds: [academicInfo.section._id],
    assignedFacultyIds: [proctor.faculty.userId._id],
    examStatus: 'PUBLISH',
  });
  const exam = await create('create-exam', {
    ...payload,
    examTitle: title,
    // Every section on the exam's clock, so the deadline is the only one that counts.
    examSections: payload.examSections.map((section) => ({ ...section, timeLimit: 0 })),
    scheduleDetails: {
      examDate: now.toLocaleDateString('sv-SE'),
      startTime: clockTime(new Date(now.getTime() - 2 * MINUTE)),
      endTime: clockTime(ends),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
  return { examId: exam.exam._id as string, title };
}

/** The row of the exam's one sitting, with its deadline ('25 Nov, 14:45'). */
function sittingRow(page: Page) {
  return page.getByRole('table', { name: 'Sittings' }).getByRole('row').nth(1);
}

// The student sits a PROCTORING exam: its lobby's system check needs a camera.
test.use({ launchOptions: fakeMediaLaunchOptions });

test('an admin moves the end of an exam a student is sitting, and the student’s deadline moves with it', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers and a lobby's camera check on a busy two-core machine.
  test.setTimeout(240_000);
  const ends = minuteOf(new Date(Date.now() + 20 * MINUTE));
  const later = new Date(ends.getTime() + 30 * MINUTE);
  // A sitting on one day: its times cannot run past midnight.
  test.skip(
    later.toDateString() !== new Date(Date.now() - 2 * MINUTE).toDateString(),
    'Too close to midnight for a one-day sitting',
  );
  const sitting = await createSitting(request, 'moveend');
  const exam = await createProctoredExam(request, sitting.studentId, ends);

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await startProctoredFromLobby(student, { email: sitting.email, examId: exam.examId });
  const timeLeft = student.getByTestId('time-left');
  await expect(timeLeft).toHaveText(/^(1\d|20):\d\d$/);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${exam.examId}/sittings`);
  await expect(sittingRow(page)).toContainText(clockTime(ends));

  await page.goto(`/admin/exam/${exam.examId}`);
  await expect(page.getByRole('heading', { level: 1, name: exam.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Change End Time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change End Time' });
  await expect(dialog.getByLabel('End Time')).toHaveValue(clockTime(ends));
  await expectAccessibleAtBothWidths(page, 'Change end time dialog');

  await dialog.getByLabel('End Time').fill(clockTime(later));
  await dialog.getByLabel('After Exam (minutes)').fill('10');
  await dialog.getByRole('button', { name: 'Save End Time' }).click();
  await expect(page.getByText(EXAM_RECORD_MESSAGES.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`to ${clockTime(later)}`)).toBeVisible();
  await expect(page.getByText('0 minutes before, 10 minutes after')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Started exam page');

  await page.goto(`/admin/exam/${exam.examId}/sittings`);
  await expect(sittingRow(page)).toContainText(clockTime(later));

  // The student's next save brings the new deadline: about 50 minutes left.
  await student
    .getByRole('article', { name: 'Question 1' })
    .getByRole('radio', { name: 'Hash table' })
    .check();
  await expect(timeLeft).toHaveText(/^(4\d|50):\d\d$/);
  await studentContext.close();
});
