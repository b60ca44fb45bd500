import { validQuestions } from '@examiq/contracts/test-support';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { adminCreator } from './support/session';
import {
  chooseAudience,
  clickUntilShown,
  createMasterData,
  fillExamInformation,
  next,
  openWizard,
  stepButton,
} from './support/wizard';

// The batch 2032-2040 is this spec's own: its course's bank holds only what the spec writes.
const START_YEAR = 2032;
const BANK_COURSE = `Bachelor of Engineering (${START_YEAR}-2040)`;
const RUN = Date.now().toString(36);

test('an admin builds a section drawing "2 Easy + 1 Hard" from a bank category and saves it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { batch, audience } = await createMasterData(request, START_YEAR);
  const create = await adminCreator(request);
  // Unit 3 holds three Easy and one Hard Ready MCQ of 1 mark; Unit 4 one Easy the rules leave out.
  const seeded = [
    ['Unit 3', 'EASY', 'REMEMBER'],
    ['Unit 3', 'EASY', 'REMEMBER'],
    ['Unit 3/Kirchhoff', 'EASY', 'APPLY'],
    ['Unit 3', 'HARD', 'ANALYSE'],
    ['Unit 4', 'EASY', 'REMEMBER'],
  ] as const;
  for (const [index, [category, difficulty, bloomLevel]] of seeded.entries()) {
    await create('create-bank-question', {
      courseId: audience.courseId,
      ...validQuestions.MCQ(),
      questionText: `Which law holds at node ${index + 1} of the circuit?`,
      category,
      difficulty,
      bloomLevel,
      tags: [],
      courseOutcomes: [],
      status: 'READY',
    });
  }

  await openWizard(page);
  await fillExamInformation(page, { title: `Circuits Draw ${RUN}`, mode: 'Auto', totalMarks: '3' });
  await next(page);
  await chooseAudience(page, batch);
  await next(page);
  await page.getByLabel('Start Date').fill('2031-03-14');
  await page.getByLabel('End Date').fill('2031-03-16');
  await next(page);

  const section = page.getByRole('region', { name: /^Section 1/ });
  await clickUntilShown(page.getByRole('button', { name: 'Add Section' }), section);
  await section.getByLabel('Section Name').fill('Circuit laws');
  await section.getByLabel('Section Marks').fill('3');
  await section.getByLabel('Drawn from a question bank').check();
  const rule = (number: number) => section.getByRole('region', { name: `Rule ${number}` });

  await rule(1).getByLabel('Course', { exact: true }).selectOption({ label: BANK_COURSE });
  await rule(1).getByLabel('Category').selectOption('Unit 3');
  await rule(1).getByLabel('Count').fill('2');
  await rule(1).getByLabel('Difficulty').selectOption('EASY');
  await clickUntilShown(section.getByRole('button', { name: 'Add rule' }), rule(2));
  await rule(2).getByLabel('Category').selectOption('Unit 3');
  await rule(2).getByLabel('Count').fill('2');
  await rule(2).getByLabel('Difficulty').selectOption('HARD');
  // Drawn questions carry the section's marks shared out: 4 marks for 4 questions of 1 mark.
  await section.getByLabel('Section Marks').fill('4');

  // One Hard question cannot fill a rule needing two: the rule says so, and no paper is possible.
  await expect(rule(1).getByText('3 available')).toBeVisible();
  await expect(
    rule(2).getByText('Unit 3 has only 1 Hard question; this rule needs 2'),
  ).toBeVisible();
  await expect(
    section.getByText('No paper can be drawn until every rule can be filled.'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: a rule its category cannot fill');
  await screenshotsAtBothWidths(page, 'drawn-section-refused');

  await rule(2).getByLabel('Count').fill('1');
  await section.getByLabel('Section Marks').fill('3');
  await expect(rule(2).getByText('1 available')).toBeVisible();
  await expect(section.getByLabel('Total Questions')).toHaveValue('3');
  await expect(section.getByText('Each drawn question carries 1 mark')).toBeVisible();
  // Two of the three Easy questions, with the one Hard question: three different papers.
  await expect(section.getByText('This blueprint allows 3 different papers.')).toBeVisible();
  await section.getByLabel('Students answer any (optional)').fill('2');
  await expect(
    section.getByText('Answer any 2 of these 3 questions. If you answer more, your best 2 count.'),
  ).toBeVisible();
  await section.getByLabel('Students answer any (optional)').fill('');
  await expectAccessibleAtBothWidths(page, 'Wizard: a drawn section');
  await screenshotsAtBothWidths(page, 'drawn-section');

  await expect(stepButton(page, 'Questions')).toBeEnabled();
  await next(page);
  const group = page.getByRole('region', { name: /^Section 1/ });
  await expect(
    group.getByText('2 Easy + 1 Hard from Unit 3, each student a paper of their own'),
  ).toBeVisible();
  const shares = page.getByRole('region', { name: "Share of the paper's 3 marks" });
  await expect(
    shares.getByRole('list', { name: "By Bloom's level" }).getByText('Not classified'),
  ).toBeVisible();
  await expect(shares.getByRole('list', { name: 'By difficulty' })).toContainText(
    'Easy67% · 2 marks',
  );
  await expectAccessibleAtBothWidths(page, 'Wizard: questions of a drawn section');
  await screenshotsAtBothWidths(page, 'drawn-section-questions');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(
    review.getByText('2 Easy + 1 Hard from Unit 3, each student a paper of their own'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Review of an exam with a drawn section');
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Save as draft' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Exam saved as draft successfully!')).toBeVisible();
  const examId = (await (await created).json()).data.exam._id as string;

  // Editing the saved exam restores its rules.
  await page.goto(`/admin/exam/${examId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Exam' })).toBeVisible();
  await stepButton(page, 'Exam Structure').click();
  const saved = page.getByRole('region', { name: /^Section 1/ });
  await saved.getByRole('button', { name: 'Expand section 1' }).click();
  await expect(saved.getByLabel('Drawn from a question bank')).toBeChecked();
  await expect(saved.getByRole('region', { name: 'Rule 2' }).getByLabel('Difficulty')).toHaveValue(
    'HARD',
  );
  await expect(saved.getByLabel('Total Questions')).toHaveValue('3');
});
