import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import {
  addSection,
  chooseAudience,
  createMasterData,
  fillExamInformation,
  next,
  openWizard,
  question,
} from './support/wizard';

const RUN = Date.now().toString(36);
const GIFT_FILE = new URL('./fixtures/data-structures.gift', import.meta.url).pathname;

test('an admin imports a GIFT file into a section, publishes the exam and exports its questions as GIFT', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { batch } = await createMasterData(request, 2039);
  const title = `Imported Structures Quiz ${RUN}`;
  await openWizard(page);
  await fillExamInformation(page, { title, mode: 'Auto', totalMarks: '2' });
  await next(page);
  await chooseAudience(page, batch);
  await next(page);
  await page.getByLabel('Start Date').fill('2030-05-04');
  await page.getByLabel('End Date').fill('2030-05-05');
  await next(page);
  await addSection(page, 1, {
    name: 'Multiple choice',
    marks: '2',
    type: 'MCQ (Multiple Choice)',
    questions: '1',
  });
  await next(page);

  await page.getByRole('button', { name: 'Import questions into section 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions into Section 1' });
  await dialog.getByLabel('Question file').setInputFiles(GIFT_FILE);
  // The extension tells the format.
  await expect(dialog.getByLabel('Format')).toHaveValue('gift');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('status')).toHaveText('2 questions ready to add, 1 skipped');
  const added = dialog.getByRole('region', { name: 'To add: MCQ (Multiple Choice)' });
  await expect(added.getByText('1. Which structure removes the newest item first?')).toBeVisible();
  await expect(added.getByText('Queue (correct answer)')).toBeAttached();
  const notAdded = dialog.getByRole('region', { name: 'Not added' });
  await expect(notAdded.getByText('Question 3 of the file (Capitals)')).toBeVisible();
  await expect(notAdded.getByText('Unsupported question type: matching')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Import questions dialog with its preview');

  await dialog.getByRole('button', { name: 'Add 2 questions to Multiple choice' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Import questions into section 1' })).toBeFocused();
  await expect(question(page, 1, 1).getByLabel('Question Text')).toHaveValue(
    'Which structure removes the newest item first?',
  );
  await expect(question(page, 1, 2).getByLabel('Question Text')).toHaveValue(
    'Which structure serves print jobs in the order they arrive?',
  );
  await expect(
    question(page, 1, 2).getByRole('checkbox', { name: 'Correct (option 1)' }),
  ).toBeChecked();

  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await expect(publish).toBeEnabled();
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await page
    .getByRole('dialog', { name: 'Review exam' })
    .getByRole('button', { name: 'Publish exam' })
    .click();
  const exam = (await (await created).json()).data.exam as { _id: string; examId: string };
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  await page.goto(`/admin/exam/${exam._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const download = page.waitForEvent('download');
  await page
    .getByRole('group', { name: 'Export questions' })
    .getByRole('button', { name: 'Moodle GIFT' })
    .click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${exam.examId}-questions.gift`);
  const gift = await readFile(await saved.path(), 'utf8');
  expect(gift).toContain('Which structure removes the newest item first?');
  expect(gift).toContain('Which structure serves print jobs in the order they arrive?');
  expect(gift).toMatch(/=Queue/);
  await expectAccessibleAtBothWidths(page, 'Exam page with its question export');
});
