import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

/** A tile of the report's summary, by its term. */
const tile = (page: Page, term: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

test('the admin reads an exam report, corrects a wrong key and sees the figures change', async ({
  page,
  request,
}) => {
  // A sitting, a report, a regrade and axe at both widths three times: a loaded machine needs
  // more than the default half minute.
  test.setTimeout(90_000);
  // The only student of the exam submits: the sittings are over. The first MCQ's key says
  // option A; the student picked B, which the admin decides is the right answer.
  const sitting = await createSitting(request, 'report');
  const { tokens } = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const view = (await started.json()).data;
  const [mcq, trueFalse] = view.sections as { questions: { _id: string }[] }[];
  const answers = [
    { questionId: mcq?.questions[0]?._id, selectedOptionId: '1' },
    { questionId: mcq?.questions[1]?._id, selectedOptionId: '0' },
    { questionId: trueFalse?.questions[0]?._id, selectedOptionId: '0' },
  ];
  const saved = await request.put(`/api/student/save-answers/${view.attempt._id}`, {
    headers,
    data: { seq: 1, answers },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post(`/api/student/submit-exam/${view.attempt._id}`, {
    headers,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${sitting.examId}/report`);
  await expect(page.getByRole('heading', { level: 1, name: 'Exam Report' })).toBeVisible();
  await expect(page.getByRole('heading', { name: sitting.title })).toBeVisible();
  await expect(tile(page, 'Submitted').first()).toHaveText('1');
  await expect(tile(page, 'Average').first()).toHaveText('2');

  const histogram = page.getByRole('img', { name: 'Distribution of totals' });
  const difficulty = page.getByRole('img', { name: 'Correct answers by question' });
  await expect(histogram.locator('svg .recharts-bar-rectangle').first()).toBeVisible();
  // A bar for each question answered correctly by anyone; a tick for each of the five.
  await expect(difficulty.locator('svg .recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(
    5,
  );
  await expect(difficulty.locator('svg .recharts-bar-rectangle')).toHaveCount(2);
  await expect(difficulty).toHaveAccessibleDescription(/1 question looks broken/);
  const questions = page.getByRole('table', { name: 'Questions' });
  await expect(questions.getByRole('row')).toHaveCount(6);
  await expect(questions.getByRole('row').nth(1)).toContainText(
    'Nobody answered it correctly: check the answer key',
  );
  await page.getByText('Show the figures as a table').first().click();
  await expect(
    page.getByRole('table', { name: 'Submitted attempts by band of marks' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam report');

  await page.getByRole('button', { name: 'Correct the key of Q1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct the answer key' });
  await expect(dialog.getByRole('radio')).toHaveCount(3);
  await expect(dialog.getByRole('button', { name: 'Preview' })).toBeDisabled();
  // Keyboard only: to the second option, then the preview.
  await dialog.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio').nth(1)).toBeChecked();
  await dialog.getByRole('button', { name: 'Preview' }).focus();
  await page.keyboard.press('Enter');
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('1 result changes; 0 students move between pass and fail.');
  await expect(preview.getByRole('row').nth(1)).toContainText('2 → 3');
  await expectAccessibleAtBothWidths(page, 'Regrade preview');

  await dialog.getByRole('button', { name: 'Apply…' }).click();
  await expect(dialog).toContainText('Option B becomes the correct answer');
  await dialog.getByRole('button', { name: 'Apply the corrected key' }).click();
  const progress = dialog.getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuetext', '1 of 1 attempts');
  await expect(dialog).toContainText('Regrade: Done');
  await expectAccessibleAtBothWidths(page, 'Regrade done');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await expect(tile(page, 'Average').first()).toHaveText('3');
  await expect(questions.getByRole('row').nth(1)).toContainText('100%');
  await expect(difficulty).toHaveAccessibleDescription(/No question looks broken/);
  await expect(difficulty.locator('svg .recharts-bar-rectangle')).toHaveCount(3);
});
