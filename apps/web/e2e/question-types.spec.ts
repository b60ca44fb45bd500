import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { expect, type Locator, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { logout, signIn } from './support/session';
import {
  createSitting,
  press,
  SITTING_PASSWORD,
  saveState,
  submitAndReadResult,
} from './support/sittings';
import { addSection, clickUntilShown, next, question, startExamForSitting } from './support/wizard';

const RUN = Date.now().toString(36);

async function writeBasics(card: Locator, text: string) {
  await card.getByLabel('Question Text').fill(text);
  await card.getByLabel('Explanation').fill('Metals carry current; glass does not.');
}

test('an admin authors multiple select and numerical questions; a student answers them by keyboard on a phone and reads the scores', async ({
  page,
  request,
}) => {
  // Five screens checked for accessibility at two widths, beside the other worker.
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'qtypes');
  const title = `Conductors Quiz ${RUN}`;

  await startExamForSitting(page, sitting.sectionName, { title, totalMarks: '4' });
  await addSection(page, 1, {
    name: 'Select all',
    marks: '2',
    type: 'Multiple Select',
    questions: '1',
  });
  await addSection(page, 2, { name: 'Numbers', marks: '2', type: 'Numerical', questions: '1' });
  await next(page);

  const choices = question(page, 1, 1);
  await writeBasics(choices, 'Which of these conduct electricity?');
  await clickUntilShown(
    choices.getByRole('button', { name: 'Add option' }),
    choices.getByLabel('Option 3', { exact: true }),
  );
  for (const [index, option] of ['Copper', 'Glass', 'Aluminium'].entries()) {
    await choices.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  await choices.getByRole('checkbox', { name: 'Correct (option 1)' }).check();
  await choices.getByRole('checkbox', { name: 'Correct (option 3)' }).check();
  // Several options are correct at once, and partial credit is the rule unless changed.
  await expect(choices.getByRole('checkbox', { name: 'Correct (option 1)' })).toBeChecked();
  await expect(choices.getByRole('radio', { name: /Partial credit/ })).toBeChecked();

  const numerical = question(page, 2, 1);
  await writeBasics(numerical, 'A 12 V source drives a 1 kΩ resistor. What current flows?');
  const accepted = numerical.getByRole('group', { name: 'Accepted answer 1' });
  await accepted.getByLabel('Value').fill('0.012');
  await accepted.getByLabel('Tolerance', { exact: true }).fill('2');
  await accepted.getByLabel('Tolerance type').selectOption({ label: 'Percent (±%)' });
  const addUnit = numerical.getByRole('button', { name: 'Add unit' });
  const ampere = numerical.getByRole('group', { name: 'Unit 1' });
  await clickUntilShown(addUnit, ampere);
  await ampere.getByLabel('Unit', { exact: true }).fill('A');
  const milli = numerical.getByRole('group', { name: 'Unit 2' });
  await clickUntilShown(addUnit, milli);
  await milli.getByLabel('Unit', { exact: true }).fill('mA');
  await milli.getByLabel('Factor').fill('0.001');
  await expect(numerical.getByLabel('Unit penalty')).toHaveValue('0.1');
  await numerical.getByRole('button', { name: 'Preview' }).click();
  await expect(numerical.getByRole('combobox', { name: /^Unit of your answer/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: multiple select and numerical questions');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText('Multiple Select · 1 question · 2 marks')).toBeVisible();
  await expect(review.getByText('Numerical · 1 question · 2 marks')).toBeVisible();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const { exam } = (await (await created).json()).data as { exam: { _id: string } };
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  // The paper and its key, as printed.
  await page.goto(`/admin/exam/${exam._id}/print`);
  await expect(page.getByText('Tick every correct option.')).toBeVisible();
  await expect(page.getByText('Unit (A, mA):')).toBeVisible();
  await page.goto(`/admin/exam/${exam._id}/print-key`);
  await expect(page.getByText('Partial credit')).toBeVisible();
  await expect(page.getByText('0.012 ± 2% A')).toBeVisible();
  await expect(page.getByText('A; mA = 0.001 A')).toBeVisible();
  await expectAccessibleAtBothWidths(
    page,
    'Answer key with multiple select and numerical questions',
  );
  await logout(page);

  // The student sits it on a phone, with the keyboard alone.
  await page.setViewportSize(WIDTHS.phone);
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${exam._id}`);
  await press(page.getByRole('button', { name: 'Start exam' }), 'Enter');
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Select all' })).toBeVisible();

  const chosen = page.getByRole('article', { name: 'Question 1' });
  await expect(chosen.getByRole('group', { name: /Select all that apply/ })).toBeVisible();
  await press(chosen.getByRole('checkbox', { name: 'Copper' }), 'Space');
  await page.keyboard.press('Tab');
  await expect(chosen.getByRole('checkbox', { name: 'Glass' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  for (const option of ['Copper', 'Glass', 'Aluminium']) {
    await expect(chosen.getByRole('checkbox', { name: option })).toBeChecked();
  }
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt: a multiple select question');

  // The check ends at the desktop width: the student goes on on the phone.
  await page.setViewportSize(WIDTHS.phone);
  await press(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Numbers/ }),
    'Enter',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Numbers' })).toBeFocused();
  const answer = page.getByRole('textbox', { name: 'Your answer to question 1' });
  await expect(answer).toHaveAttribute('inputmode', 'decimal');
  // A text that is not a number is refused in place and never sent.
  await answer.focus();
  await page.keyboard.type('11,9x');
  await page.keyboard.press('Tab');
  await expect(page.getByText(ATTEMPT_MESSAGES.notANumber)).toBeVisible();
  await answer.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByText(ATTEMPT_MESSAGES.notANumber)).toHaveCount(0);
  const unit = page.getByRole('combobox', { name: 'Unit of your answer to question 1' });
  await page.keyboard.press('Tab');
  await expect(unit).toBeFocused();
  await page.keyboard.type('m');
  await expect(unit).toHaveValue('mA');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expect(
    page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: 'Question 1: answered' }),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Attempt: a numerical question');

  await submitAndReadResult(page, request, { _id: exam._id, title }, 2);
  // Partial credit: two right options and one wrong of two right is half the marks.
  await expect(page.getByRole('region', { name: 'Your score' })).toContainText('3 / 4');
  const selectAll = page.getByRole('region', { name: 'Select all' });
  await expect(selectAll.getByText('1 / 2 marks')).toBeVisible();
  const options = selectAll.getByRole('list', { name: 'Options' });
  await expect(options.getByRole('listitem').filter({ hasText: 'Copper' })).toContainText(
    'Your answerCorrect answer',
  );
  await expect(options.getByRole('listitem').filter({ hasText: 'Glass' })).toContainText(
    'Your answer',
  );
  const numbers = page.getByRole('region', { name: 'Numbers' });
  await expect(numbers.getByText('2 / 2 marks')).toBeVisible();
  await expect(numbers.getByText('11,9 mA')).toBeVisible();
  await expect(numbers.getByText('0.012 ± 2% A')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Result with multiple select and numerical answers');

  // The report counts what was chosen and given; the numerical key is corrected from it.
  await logout(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`/admin/exam/${exam._id}/report`);
  const figures = page.getByRole('table', { name: 'Questions' });
  await expect(figures.getByRole('row').nth(1)).toContainText(
    'Chosen: A 1 (key) · B 1 · C 1 (key)',
  );
  await expect(figures.getByRole('row').nth(2)).toContainText('Most given: 11.9 mA × 1 (2 marks)');
  await page.getByRole('button', { name: 'Correct the key of Q2' }).click();
  const correction = page.getByRole('dialog', { name: 'Correct the answer key' });
  const value = correction.getByRole('textbox', { name: 'Value' });
  await expect(value).toHaveValue('0.012');
  await value.fill('0.013');
  await correction.getByRole('textbox', { name: 'Tolerance' }).fill('0');
  await correction.getByRole('button', { name: 'Preview' }).click();
  await expect(correction.getByRole('region', { name: 'Preview' })).toContainText(
    /^1 result changes;/,
  );
  await expectAccessibleAtBothWidths(page, 'Correcting a numerical key');
  await correction.getByRole('button', { name: 'Apply…' }).click();
  await expect(correction).toContainText('The accepted answers become 0.013 A to this question');
  await correction.getByRole('button', { name: 'Apply the corrected key' }).click();
  await expect(correction).toContainText(
    'Every submitted attempt was re-scored with the accepted answers 0.013 A as the key.',
  );
  await correction.getByRole('button', { name: 'Close' }).last().click();
  await expect(figures.getByRole('row').nth(2)).toContainText('Most given: 11.9 mA × 1 (0 marks)');
});
