import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES } from '@examiq/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import {
  createSitting,
  openSection,
  SITTING_PASSWORD,
  saveState,
  startFromLobby,
} from './support/sittings';

/** The answers the server holds for the attempt on the page, read as the student. */
async function storedTexts(request: APIRequestContext, page: Page, email: string) {
  const { tokens } = await apiSignIn(request, email, SITTING_PASSWORD);
  const attemptId = page.url().split('/').at(-1);
  const response = await request.get(`/api/student/get-attempt/${attemptId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(response.status()).toBe(200);
  const { answers } = (await response.json()).data as {
    answers: { text: string | null; selectedOptionId: string | null }[];
  };
  return answers.map((answer) => answer.text ?? `option ${answer.selectedOptionId}`);
}

/** The countdown's minutes, whatever its format (mm:ss or h:mm:ss). */
async function minutesLeft(page: Page): Promise<number> {
  const text = (await page.getByTestId('time-left').textContent()) ?? '';
  const parts = text.split(':').map(Number);
  const [hours, minutes] = parts.length === 3 ? parts : [0, ...parts];
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

test('a student of another section neither sees the exam nor opens its lobby', async ({
  page,
  request,
}) => {
  const theirs = await createSitting(request, 'audience');
  const mine = await createSitting(request, 'elsewhere');
  await signIn(page, mine.email, SITTING_PASSWORD);
  await expect(
    page.getByRole('region', { name: 'Available now' }).getByRole('article', { name: mine.title }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: theirs.title })).toHaveCount(0);

  await page.goto(`/student/exam/${theirs.examId}`);
  await expect(page.getByText(ATTEMPT_MESSAGES.notYourSection)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start exam' })).toHaveCount(0);
});

test('answers given while offline are sent when the connection comes back', async ({
  page,
  context,
  request,
}) => {
  const sitting = await createSitting(request, 'reconnect');
  await startFromLobby(page, sitting);

  await context.setOffline(true);
  await page
    .getByRole('article', { name: 'Question 1' })
    .getByRole('radio', { name: 'Binary heap' })
    .check();
  await openSection(page, 'Short answers');
  await page
    .getByRole('textbox', { name: 'Your answer to question 1' })
    .fill('Written on the train');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.offline);

  await context.setOffline(false);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  expect((await storedTexts(request, page, sitting.email)).sort()).toEqual([
    'Written on the train',
    'option 2',
  ]);
});

test('extra time granted by the admin reaches an open attempt at its next save', async ({
  page,
  request,
}) => {
  const sitting = await createSitting(request, 'extra');
  await startFromLobby(page, sitting);
  expect(await minutesLeft(page)).toBeLessThanOrEqual(90);

  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const granted = await request.post('/api/admin/grant-extra-time', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { examId: sitting.examId, studentId: sitting.studentId, minutes: 30 },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  // The next save (here an answer; otherwise the heartbeat) brings the new deadline.
  await page
    .getByRole('article', { name: 'Question 1' })
    .getByRole('radio', { name: 'Hash table' })
    .check();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expect.poll(() => minutesLeft(page)).toBeGreaterThanOrEqual(118);
});

test('when the deadline passes offline, what was saved counts and the page says so', async ({
  page,
  context,
  request,
}) => {
  // A one-minute exam: its deadline, the grace for saves in flight and the server's sweep.
  test.setTimeout(60_000 + ATTEMPT_LIMITS.saveGraceMs + 60_000);
  const sitting = await createSitting(request, 'deadline', { duration: 1 });
  await startFromLobby(page, sitting);

  await page
    .getByRole('article', { name: 'Question 1' })
    .getByRole('radio', { name: 'Hash table' })
    .check();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  await context.setOffline(true);
  await openSection(page, 'Short answers');
  await page
    .getByRole('textbox', { name: 'Your answer to question 1' })
    .fill('Never reached the server');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.offline);

  // The notice, not its announcement to screen readers.
  const timeOver = page
    .getByText(ATTEMPT_MESSAGES.timeOver, { exact: true })
    .and(page.locator(':not([aria-live])'));
  await expect(timeOver).toBeVisible({ timeout: 70_000 });
  await expect(
    page.getByText('Answers this device could not send before the deadline do not count.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your answer to question 1' })).not.toBeEditable();

  // Back online after the grace: the server refuses the late answer and has submitted the rest.
  await page.waitForTimeout(ATTEMPT_LIMITS.saveGraceMs + 1_000);
  await context.setOffline(false);
  const receipt = page.getByRole('region', { name: 'Exam submitted' });
  await expect(receipt).toContainText(ATTEMPT_MESSAGES.submittedAtDeadline, { timeout: 30_000 });
  await expect(receipt).toContainText('Answers saved1 of 5');
  expect(await storedTexts(request, page, sitting.email)).toEqual(['option 0']);
});
