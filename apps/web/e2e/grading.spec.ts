import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { signIn } from './support/session';
import { createEvaluator, createSitting, FACULTY_PASSWORD, submitEssay } from './support/sittings';

const ESSAY =
  'Both sorts divide and conquer. Merge sort is stable and needs extra memory; quicksort sorts in place.';

test('a faculty member marks a long answer with the keyboard only', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sitting = await createSitting(request, 'grading');
  const evaluatorEmail = await createEvaluator(request, sitting.examId);
  await submitEssay(request, sitting.email, sitting.examId, ESSAY);

  await signIn(page, evaluatorEmail, FACULTY_PASSWORD);
  await expect(page).toHaveURL(/\/faculty$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Faculty Dashboard' })).toBeVisible();
  const card = page.getByRole('article', { name: sitting.title });
  await expect(card).toContainText('Evaluating');
  await expect(card.getByRole('progressbar', { name: 'Written answers' })).toHaveAttribute(
    'aria-valuetext',
    '0 of 1 marked',
  );
  await expectAccessibleAtBothWidths(page, 'Faculty dashboard');
  await screenshotsAtBothWidths(page, 'faculty-dashboard');

  await card.getByRole('link', { name: `Grade ${sitting.title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/faculty\/grade\/[^/]+\?question=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grade Answers' })).toBeVisible();
  const question = page.getByRole('region', { name: /^Essay · Question 1/ });
  await expect(question).toContainText('Model answer');
  const answer = page.getByRole('article', { name: /^Script [0-9A-Z]{4}-[0-9A-Z]{4}$/ });
  // Blind: a code, never the student's name; the keywords are marked in the answer.
  await expect(answer.locator('mark')).toHaveText(['divide and conquer', 'stable']);
  await expect(answer).toContainText('17 words (150–500 expected)');
  await expectAccessibleAtBothWidths(page, 'Grading screen');
  await screenshotsAtBothWidths(page, 'grading');

  await answer.getByLabel('Marks out of 5').focus();
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect(answer.getByText("Marks cannot exceed the question's 5 marks")).toBeVisible();
  await page.keyboard.press('Backspace');
  await page.keyboard.type('4.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Clear comparison');
  await page.keyboard.press('Enter');
  await expect(answer.getByRole('status')).toHaveText('Saved');
  await expect(page.getByRole('progressbar', { name: 'All written answers' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 1 marked',
  );

  await page.reload();
  await expect(page.getByLabel('Marks out of 5')).toHaveValue('4.5');
  await expect(page.getByLabel('Comment (optional)')).toHaveValue('Clear comparison');
  await page.getByRole('link', { name: 'Back to Faculty Dashboard' }).click();
  await expect(card.getByRole('progressbar', { name: 'Written answers' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 1 marked',
  );
});

test('a marker changes a score the server gave, saying why', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sitting = await createSitting(request, 'override');
  const evaluatorEmail = await createEvaluator(request, sitting.examId);
  await submitEssay(request, sitting.email, sitting.examId, ESSAY, { choice: '1' });

  await signIn(page, evaluatorEmail, FACULTY_PASSWORD);
  await expect(page).toHaveURL(/\/faculty$/);
  await page.goto(`/faculty/grade/${sitting.examId}?mode=student`);
  const scored = page.getByRole('region', { name: 'Scored by the server' });
  const choice = scored.getByRole('article').first();
  await expect(choice).toContainText('0 of 1 marks');
  await expectAccessibleAtBothWidths(page, 'Scores the server gave');

  await choice.getByRole('button', { name: 'Change score' }).click();
  await choice.getByLabel('Marks out of 1').fill('1');
  await choice.getByRole('button', { name: 'Save the new score' }).click();
  await expect(choice.getByText('Give the reason for changing an automatic score')).toBeVisible();
  await choice
    .getByLabel('Reason for the change')
    .fill('The second option is also right as the question is worded');
  await expectAccessibleAtBothWidths(page, 'Changing a score');
  await screenshotsAtBothWidths(page, 'change-score');
  await choice.getByRole('button', { name: 'Save the new score' }).click();
  await expect(page.getByText('Marks saved')).toBeVisible();
  await expect(choice).toContainText('1 of 1 marks');
  await expect(choice).toContainText('Changed by a marker');
  await expect(choice).toContainText('The second option is also right as the question is worded');

  await page.reload();
  await expect(choice).toContainText('1 of 1 marks');
});
