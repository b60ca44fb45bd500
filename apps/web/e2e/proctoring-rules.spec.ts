import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { createProctor } from './support/session';
import {
  addSection,
  chooseAudience,
  createMasterData,
  fillExamInformation,
  next,
  openWizard,
  question,
  stepButton,
} from './support/wizard';

const RUN = Date.now().toString(36);

test('an admin sets the proctoring rules in the wizard, publishes, and the exam shows them', async ({
  page,
  request,
}) => {
  // Five steps, six accessibility checks and the edit: a busy machine needs the time.
  test.setTimeout(180_000);
  const { batch } = await createMasterData(request, 2034);
  const { name: proctor } = await createProctor(request, {
    handle: `rules.proctor.${RUN}`,
    firstName: 'Farah',
    lastName: 'Qureshi',
  });
  const title = `Proctored Rules Test ${RUN}`;
  await openWizard(page);

  await fillExamInformation(page, { title, mode: 'Proctoring', totalMarks: '2' });
  await next(page);
  await chooseAudience(page, batch);
  await page.getByRole('group', { name: 'Faculty' }).getByLabel(proctor).check();

  const rules = page.getByRole('group', { name: 'Proctoring rules' });
  const warnAt = rules.getByLabel('Warning Threshold');
  const flagAt = rules.getByLabel('Flag Threshold');
  await expect(warnAt).toHaveValue('1');
  await expect(flagAt).toHaveValue('3');
  await expect(rules.getByLabel('Flags Before Submission')).toHaveCount(0);
  await flagAt.fill('2');
  await warnAt.fill('3');
  await warnAt.blur();
  await expect(
    rules.getByText('Flag threshold cannot be lower than the warning threshold'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await flagAt.fill('4');
  // Automatic submission is switched on from the keyboard alone.
  const autoSubmit = rules.getByRole('checkbox', {
    name: 'Submit automatically after too many flags',
  });
  await expect(autoSubmit).not.toBeChecked();
  await autoSubmit.focus();
  await page.keyboard.press('Space');
  await rules.getByLabel('Flags Before Submission').fill('2');
  await expectAccessibleAtBothWidths(page, 'Wizard: proctoring rules');
  await next(page);

  await page.getByLabel('Exam Date').fill('2030-05-06');
  await page.getByLabel('Start Time').fill('09:00');
  await page.getByLabel('End Time').fill('10:30');
  await next(page);
  await addSection(page, 1, {
    name: 'True or false',
    marks: '1',
    type: 'True/False',
    questions: '1',
  });
  await next(page);
  const card = question(page, 1, 1);
  await card.getByLabel('Question Text').fill('A queue removes the oldest item first.');
  await card.getByLabel('Explanation').fill('Covered in the lecture on linear structures.');
  await card.getByRole('checkbox', { name: 'Correct (True)' }).check();

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText('Warning threshold')).toBeVisible();
  await expect(review.getByText('From signal 3 of a kind')).toBeVisible();
  await expect(review.getByText('From signal 4 of a kind')).toBeVisible();
  await expect(review.getByText('After 2 flags')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Review dialog with proctoring rules');
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const { exam } = (await (await created).json()).data as { exam: { _id: string } };
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  await page.goto(`/admin/exam/${exam._id}`);
  const section = page.getByRole('region', { name: 'Proctoring Rules' });
  await expect(section).toContainText('Warning ThresholdFrom signal 3 of a kind');
  await expect(section).toContainText('Flag ThresholdFrom signal 4 of a kind');
  await expect(section).toContainText('Automatic SubmissionAfter 2 flags');
  await expectAccessibleAtBothWidths(page, 'Exam detail with proctoring rules');

  // Edited again, the wizard opens with the rules as they were saved.
  await page.getByRole('link', { name: 'Edit' }).click();
  await stepButton(page, 'Target Audience').click();
  await expect(rules.getByLabel('Warning Threshold')).toHaveValue('3');
  await expect(rules.getByLabel('Flag Threshold')).toHaveValue('4');
  await expect(autoSubmit).toBeChecked();
  await expect(rules.getByLabel('Flags Before Submission')).toHaveValue('2');
});
