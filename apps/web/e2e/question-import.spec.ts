import { readFile } from 'node:fs/promises';
import { validExamPayload } from '@examiq/contracts/test-support';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, apiSignIn, signIn } from './support/session';
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
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const GIFT_FILE = fixture('data-structures.gift');
const AIKEN_FILE = fixture('search-trees.txt');

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
  await expect(notAdded.getByText('Match each country with its capital.')).toBeVisible();
  await expect(
    notAdded.getByText('A Matching question: this section holds MCQ (Multiple Choice) questions'),
  ).toBeVisible();
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
  // Texts are written as GIFT's [markdown], the content's own format.
  expect(gift).toContain('=[markdown]Queue');
  await expectAccessibleAtBothWidths(page, 'Exam page with its question export');
});

test('an admin imports an Aiken file into a draft exam, completes the questions and saves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { audience } = await createMasterData(request, 2035);
  const create = await adminCreator(request);
  const { exam } = await create('create-exam', {
    ...validExamPayload(audience),
    examTitle: `Search Trees Draft ${RUN}`,
  });
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${exam._id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Exam' })).toBeVisible();
  await stepButton(page, 'Questions').click();

  await page.getByRole('button', { name: 'Import questions into section 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions into Section 1' });
  await dialog.getByLabel('Question file').setInputFiles(AIKEN_FILE);
  // A .txt file may be GIFT or Aiken: the admin says which.
  await expect(dialog.getByLabel('Format')).toHaveValue('');
  await dialog.getByLabel('Format').selectOption({ label: 'Aiken' });
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // Aiken has no explanations, which the wizard requires: the questions come to be completed.
  await expect(dialog.getByRole('status')).toHaveText('0 questions ready to add, 2 to complete');
  await expect(dialog.getByText('Explanation is required')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Add 2 questions to Multiple choice' }).click();

  await expect(stepButton(page, 'Questions')).toHaveAccessibleDescription('Incomplete');
  await expect(page.getByRole('button', { name: 'Draft', exact: true })).toBeDisabled();
  for (const number of [3, 4]) {
    await question(page, 1, number)
      .getByLabel('Explanation')
      .fill('Covered in the lecture on search trees.');
  }
  await expect(question(page, 1, 4).getByLabel('Question Text')).toHaveValue(
    'Which traversal of a binary search tree lists its keys in sorted order?',
  );
  const draft = page.getByRole('button', { name: 'Draft', exact: true });
  await expect(draft).toBeEnabled();
  await draft.click();
  await expect(page.getByText('Exam saved as draft successfully!')).toBeVisible();

  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const stored = await request.get(`/api/admin/get-exam/${exam._id}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const { examSections, questions } = (await stored.json()).data.exam;
  expect(examSections[0].totalQuestions).toBe(4);
  expect(questions[0].slice(2)).toMatchObject([
    {
      questionText: 'Which tree keeps every left child smaller than its parent?',
      options: [{ text: 'Binary search tree', isCorrect: true }, { isCorrect: false }, {}],
    },
    { order: 4, explanation: 'Covered in the lecture on search trees.' },
  ]);
});
