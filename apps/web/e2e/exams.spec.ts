import { expect, type Locator, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { createProctor } from './support/session';
import {
  addSection,
  chooseAudience,
  clickUntilShown,
  createMasterData,
  fillExamInformation,
  next,
  openWizard,
  question,
  stepButton,
} from './support/wizard';

// Names carry the run, so the exam list can only show this run's exams under them.
const RUN = Date.now().toString(36);

async function writeBasics(card: Locator, text: string) {
  await card.getByLabel('Question Text').fill(text);
  await card.getByLabel('Explanation').fill('Covered in the lecture on linear structures.');
}

async function writeMcq(card: Locator, text: string) {
  await writeBasics(card, text);
  for (const [index, option] of ['Stack', 'Queue', 'Heap'].entries()) {
    await clickUntilShown(
      card.getByRole('button', { name: 'Add option' }),
      card.getByLabel(`Option ${index + 1}`, { exact: true }),
    );
    await card.getByLabel(`Option ${index + 1}`, { exact: true }).fill(option);
  }
  await card.getByRole('checkbox', { name: 'Correct (option 2)' }).check();
  await card.getByRole('checkbox', { name: 'Correct (option 1)' }).check();
  await expect(card.getByRole('checkbox', { name: 'Correct (option 2)' })).not.toBeChecked();
}

async function writeTrueFalse(card: Locator, text: string) {
  await writeBasics(card, text);
  await expect(card.getByLabel('Option 1', { exact: true })).toHaveAttribute('readonly', '');
  await card.getByRole('checkbox', { name: 'Correct (True)' }).check();
}

test('an admin builds an AUTO exam in the wizard, publishes it and finds it in the exam list', async ({
  page,
  request,
}) => {
  // Six wizard steps, each checked for accessibility at two widths, beside the other worker.
  test.setTimeout(180_000);
  const { batch } = await createMasterData(request, 2036);
  const title = `Linear Structures Quiz ${RUN}`;
  await openWizard(page);

  // Nothing can be saved, and no step opened, before the steps before it are valid.
  for (const name of ['Draft', 'Publish']) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Please fill all required fields');
  }
  await expect(stepButton(page, 'Questions')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'Wizard: Exam Information');

  await fillExamInformation(page, { title, mode: 'Auto', totalMarks: '3' });
  // Both settings start off and are switched on from the keyboard alone.
  const shuffleQuestions = page.getByRole('checkbox', { name: 'Shuffle questions' });
  const shuffleOptions = page.getByRole('checkbox', { name: 'Shuffle options' });
  await expect(shuffleQuestions).not.toBeChecked();
  await expect(shuffleOptions).not.toBeChecked();
  await shuffleQuestions.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(shuffleOptions).toBeFocused();
  await page.keyboard.press('Space');
  await expect(shuffleQuestions).toBeChecked();
  await expect(shuffleOptions).toBeChecked();
  await expect(stepButton(page, 'Schedule')).toBeDisabled();
  await next(page);
  await expect(page.getByRole('group', { name: 'Faculty' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Wizard: Target Audience');
  await chooseAudience(page, batch);
  await next(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Schedule' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: Schedule');
  await page.getByLabel('Start Date').fill('2030-03-14');
  await page.getByLabel('End Date').fill('2030-03-16');
  // Optional clock times: the exam opens at 09:00 on its first day and closes at 17:00 on its last.
  await page.getByLabel('Start Time (optional)').fill('09:00');
  await page.getByLabel('End Time (optional)').fill('17:00');
  await page.screenshot({ path: test.info().outputPath('schedule-auto-times.png') });
  await next(page);

  await expect(page.getByText('No sections created yet.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: Exam Structure');
  await addSection(page, 1, {
    name: 'Multiple choice',
    marks: '2',
    type: 'MCQ (Multiple Choice)',
    questions: '2',
  });
  await addSection(page, 2, {
    name: 'True or false',
    marks: '1',
    type: 'True/False',
    questions: '1',
  });
  await next(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: Questions');
  await writeMcq(question(page, 1, 1), 'Which structure removes the newest item first?');
  await writeMcq(question(page, 1, 2), 'Which structure serves a call stack best?');
  await writeTrueFalse(question(page, 2, 1), 'A queue removes the oldest item first.');

  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await expect(publish).toHaveAccessibleDescription('Publish exam');
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText(title)).toBeVisible();
  await expect(review.getByText('Shuffle questions')).toBeVisible();
  await expect(review.getByText('Shuffle options')).toBeVisible();
  await expect(review.getByText('Show answers and explanations after publishing')).toBeVisible();
  // Both shuffles turned on, and the answers shown after publishing, as by default.
  await expect(review.getByText('On', { exact: true })).toHaveCount(3);
  await expect(review.getByText('14 Mar 2030, 09:00 – 16 Mar 2030, 17:00')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Review dialog');
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const shuffled = { shuffleQuestions: true, shuffleOptions: true, showAnswersAfterPublish: true };
  expect((await (await created).json()).data.exam).toMatchObject({
    examTitle: title,
    ...shuffled,
    scheduleDetails: {
      startDate: '2030-03-14',
      startTime: '09:00',
      endDate: '2030-03-16',
      endTime: '17:00',
    },
  });

  await expect(page.getByText('Exam published successfully!')).toBeVisible();
  await expect(publish).toBeDisabled();
  const listed = page.waitForResponse((response) => response.url().includes('/get-all-exam'));
  await page.getByRole('link', { name: 'View all exams' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/all-exam$/);
  await expect(page.getByText(title)).toBeVisible();
  const { exams } = (await (await listed).json()).data as { exams: { examTitle: string }[] };
  expect(exams.find((exam) => exam.examTitle === title)).toMatchObject(shuffled);
  await expectAccessibleAtBothWidths(page, 'All exams');

  await page.getByRole('navigation').getByRole('link', { name: 'Exam', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Exams' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exams');
});

test('an admin saves a PROCTORING exam with its faculty member as a draft', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { batch } = await createMasterData(request, 2037);
  const { name: proctor } = await createProctor(request, {
    handle: `exam.proctor.${RUN}`,
    firstName: 'Nalini',
    lastName: 'Deshmukh',
  });
  await openWizard(page);

  await fillExamInformation(page, {
    title: `Proctored Stacks Test ${RUN}`,
    mode: 'Proctoring',
    totalMarks: '2',
  });
  await next(page);
  await chooseAudience(page, batch);
  const faculty = page.getByRole('group', { name: 'Faculty' });
  await page.getByRole('button', { name: "Show what's missing" }).click();
  await expect(
    faculty.getByText('Faculty selection is required for proctoring mode'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, "Wizard: what's missing for proctoring");
  await faculty.getByLabel(proctor).check();
  await next(page);

  await page.getByLabel('Exam Date').fill('2030-04-02');
  await page.getByLabel('Start Time').fill('09:30');
  await page.getByLabel('End Time').fill('09:00');
  await page.getByLabel('End Time').blur();
  await expect(page.getByText('End time must be after start time')).toBeVisible();
  await page.getByLabel('End Time').fill('10:30');
  await page.getByLabel('Before Exam (minutes)').fill('15');
  await next(page);

  await addSection(page, 1, {
    name: 'True or false',
    marks: '1',
    type: 'True/False',
    questions: '1',
  });
  await next(page);
  await writeTrueFalse(question(page, 1, 1), 'A stack removes the newest item first.');

  const draft = page.getByRole('button', { name: 'Draft', exact: true });
  await expect(draft).toBeEnabled();
  await draft.click();
  await expect(page.getByText('Exam saved as draft successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all exams' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  // The saved draft, as its students would see it: from the wizard, without a second save.
  await page.getByRole('link', { name: 'Preview as a student' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/[0-9a-f-]{36}\/preview$/);
  await expect(page.getByText('A stack removes the newest item first.')).toBeVisible();
});

test('a reload in the middle of building an exam offers to resume it', async ({
  page,
  request,
}) => {
  const { batch } = await createMasterData(request, 2038);
  const title = `Resumed Exam ${RUN}`;
  await openWizard(page);
  await fillExamInformation(page, { title, mode: 'Auto', totalMarks: '10' });
  await page.getByRole('checkbox', { name: 'Shuffle options' }).check();
  await next(page);
  await chooseAudience(page, batch);
  await expect(stepButton(page, 'Target Audience')).toHaveAccessibleDescription('Complete');
  // The exam is written to this device a moment after the last change.
  const storedExam = () =>
    page.evaluate(
      () =>
        Object.entries(localStorage).find(([key]) => key.startsWith('examiq.exam-draft.'))?.[1] ??
        '',
    );
  await expect.poll(storedExam).toMatch(/"step":"targetAudience".*"sectionIds":\["/);

  await page.reload();
  await expect(page.getByText(`“${title}” was kept on this device`)).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Target Audience' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sections' }).getByLabel('Section A')).toBeChecked();
  await stepButton(page, 'Exam Information').click();
  await expect(page.getByLabel('Exam Title')).toHaveValue(title);
  await expect(page.getByRole('checkbox', { name: 'Shuffle options' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Shuffle questions' })).not.toBeChecked();
});
