import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

test('an admin previews an exam as a student sees it, read-only, and no attempt is started', async ({
  page,
  request,
}) => {
  // A sitting made through the API and four accessibility checks: a busy machine needs the time.
  test.setTimeout(180_000);
  const sitting = await createSitting(request, 'preview');

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${sitting.examId}`);
  await page.getByRole('link', { name: 'Preview as a student' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/${sitting.examId}/preview$`));

  await expect(page.getByText('Preview as a student', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
  await expect(page.getByText('Read every question carefully.')).toBeVisible();
  const first = page.getByRole('article', { name: 'Question 1' });
  await expect(first).toContainText('Which data structure gives O(1) average lookup? (1)');
  const options = first.getByRole('radio');
  await expect(options).toHaveCount(3);
  for (const option of await options.all()) await expect(option).toBeDisabled();
  // Nothing of a sitting: no submit, no review toggle, no answer state, no key.
  await expect(page.getByRole('button', { name: /Submit/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark for review' })).toHaveCount(0);
  await expect(first.getByText('Not answered')).toHaveCount(0);
  await expect(page.getByText('Correct', { exact: true })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Exam preview');

  // The essay section has a time limit of its own: the preview shows its question, no gate.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /Essay/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Essay' })).toBeFocused();
  await expect(page.getByText('own time limit of 20 minutes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open section' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Question 1' })).toContainText(
    'Compare quicksort and merge sort. (1)',
  );
  await expect(page.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveAttribute(
    'readonly',
    '',
  );
  await expectAccessibleAtBothWidths(page, 'Exam preview of a timed section');

  // The student has not started: the exam still waits for them.
  const student = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const mine = await request.get('/api/student/get-my-exams', {
    headers: { Authorization: `Bearer ${student.tokens.accessToken}` },
  });
  const exam = (await mine.json()).data.exams.find(
    (item: { _id: string }) => item._id === sitting.examId,
  );
  expect(exam.attempt).toBeNull();
});
