import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { bankCall } from './support/bank';
import { adminCreator, apiSignIn, signIn } from './support/session';
import { createFacultyMember, FACULTY_PASSWORD } from './support/sittings';
import { createMasterData, question, stepButton } from './support/wizard';

// The batch 2027-2031 is this spec's own (no other spec creates it): its course's bank starts empty.
const START_YEAR = 2027;
const END_YEAR = 2031;
const COURSE = 'Bachelor of Engineering (2027-2031)';
const RUN = Date.now().toString(36);
/** A saved question's own page, where the editor goes once the server has kept it. */
const SAVED_QUESTION = /question-bank\/([0-9a-f-]{36})$/;

// Both tests work in the one bank this spec makes; the second needs the first's batch.
test.describe.configure({ mode: 'serial' });

/**
 * The course of this spec's batch with two outcomes, its bank granted to an author: made once,
 * as the batch can be made once a run.
 */
async function prepareBank(request: APIRequestContext) {
  const { audience } = await createMasterData(request, START_YEAR, END_YEAR);
  const author = await createFacultyMember(request, 'bank-editor');
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  await bankCall(request, tokens.accessToken, `admin/set-course-outcomes/${audience.courseId}`, {
    outcomes: [
      { code: 'CO1', description: 'Apply Kirchhoff’s laws to circuits', targetPercent: 60 },
      { code: 'CO2', description: 'Analyse transient response', targetPercent: 60 },
    ],
  });
  await bankCall(request, tokens.accessToken, `admin/set-bank-access/${audience.courseId}`, {
    authors: [author.userId],
    reviewers: [],
  });
  return { audience, author };
}
let prepared: ReturnType<typeof prepareBank> | undefined;
const bankOnce = (request: APIRequestContext) => {
  prepared ??= prepareBank(request);
  return prepared;
};

/** Writes a True/False question into the editor's card, True its answer. */
async function writeTrueFalse(page: Page, text: string, explanation: string) {
  await page.getByLabel('Question Type').selectOption('TRUE_FALSE');
  await page.getByLabel('Question Text').fill(text);
  await page.getByRole('checkbox', { name: 'Correct (True)' }).check();
  await page.getByLabel('Explanation').fill(explanation);
}

test('a granted author writes bank questions on screen and edits one an exam uses', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { audience, author } = await bankOnce(request);

  await signIn(page, author.email, FACULTY_PASSWORD);
  await page.getByRole('link', { name: 'Question bank' }).first().click();
  await page.getByLabel('Course').selectOption({ label: COURSE });
  await page.getByRole('link', { name: 'New question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Bank Question' })).toBeVisible();

  // Nothing filled in: the contract's messages, nothing sent.
  await page.getByRole('button', { name: 'Add to bank' }).click();
  await expect(page.getByText("Please select a valid Bloom's level")).toBeVisible();

  await writeTrueFalse(
    page,
    `Kirchhoff’s current law conserves charge ${RUN}.`,
    'Charge cannot pile up at a node.',
  );
  await page.getByLabel('Difficulty').selectOption('EASY');
  await page.getByLabel('Category').fill('Unit 3/Kirchhoff');
  await page.getByLabel('Tags').fill('kcl, nodes');
  await page.getByLabel("Bloom's level").selectOption('UNDERSTAND');
  await page.getByRole('checkbox', { name: 'CO1: Apply Kirchhoff’s laws to circuits' }).check();
  await page.getByRole('radio', { name: /^Ready/ }).check();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('radio', { name: 'True' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'new bank question');
  await screenshotsAtBothWidths(page, 'bank-question-editor');
  await page.getByRole('button', { name: 'Add to bank' }).click();

  await expect(page.getByText('The question is in the bank')).toBeVisible();
  await expect(page).toHaveURL(SAVED_QUESTION);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bank Question', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Unit 3/Kirchhoff').first()).toBeVisible();
  const questionId = SAVED_QUESTION.exec(page.url())?.[1] ?? '';
  expect(questionId).not.toBe('');

  // A second question typed into a new category of the same tree, through the editor again.
  await page.locator('#main-content').getByRole('link', { name: 'Question bank' }).click();
  await page.getByRole('link', { name: 'New question' }).click();
  await writeTrueFalse(
    page,
    `An RC circuit settles in about five tau ${RUN}.`,
    'After five time constants less than 1% remains.',
  );
  await page.getByLabel('Category').fill('Unit 3/Transients');
  await page.getByLabel("Bloom's level").selectOption('REMEMBER');
  await page.getByRole('checkbox', { name: 'CO2: Analyse transient response' }).check();
  await page.getByRole('button', { name: 'Add to bank' }).click();
  // The first question's toast may still be showing on a loaded machine.
  await expect(page.getByText('The question is in the bank').last()).toBeVisible();
  // The saved question's page replaces the editor, whose own back link would lose the race: the
  // editor's heading 'New Bank Question' holds the words too, so only the address and the exact
  // heading say the save has landed.
  await expect(page).toHaveURL(
    (url) => SAVED_QUESTION.test(url.pathname) && !url.pathname.endsWith(questionId),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bank Question', exact: true }),
  ).toBeVisible();
  // The back link names the question's course once the question has loaded.
  await expect(page.getByText('Unit 3/Transients').first()).toBeVisible();
  await page.locator('#main-content').getByRole('link', { name: 'Question bank' }).click();
  const tree = page.getByRole('navigation', { name: 'Categories' });
  await expect(tree.getByRole('button', { name: 'Unit 3 2 questions' })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Transients 1 question' })).toBeVisible();

  // An exam takes the first question as it stands, so editing it makes version 2.
  const create = await adminCreator(request);
  const payload = validExamPayload(audience);
  await create('create-exam', {
    ...payload,
    examTitle: `Circuits Mid-term ${RUN}`,
    questions: payload.questions.map((list, index) =>
      index === 1 ? [{ bankQuestionId: questionId }] : list,
    ),
  });

  await page.goto(`/faculty/question-bank/${questionId}`);
  await expect(page.getByText(`Circuits Mid-term ${RUN} (version 1)`)).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Bank Question' })).toBeVisible();
  await expect(
    page.getByText(/An exam uses this question: saving makes a new version/),
  ).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('Unit 3/Kirchhoff');
  await page
    .getByLabel('Question Text')
    .fill(`Kirchhoff’s current law conserves charge at every node ${RUN}.`);
  await expectAccessibleAtBothWidths(page, 'edit bank question');
  await screenshotsAtBothWidths(page, 'bank-question-edit');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved as revision 2, version 2')).toBeVisible();
  await expect(
    page.getByText(`Kirchhoff’s current law conserves charge at every node ${RUN}.`),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Changed question text'),
  ).toBeVisible();
});

test('an admin picks bank questions into a wizard section and saves a wizard question to a bank', async ({
  page,
  request,
}) => {
  // Four axe runs over a wizard of five sections.
  test.setTimeout(300_000);
  const { audience } = await bankOnce(request);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const adminToken = tokens.accessToken;
  const picked = await bankCall(
    request,
    adminToken,
    'admin/create-bank-question',
    {
      courseId: audience.courseId,
      ...validQuestions.TRUE_FALSE(1),
      questionText: `A capacitor blocks steady direct current ${RUN}.`,
      category: 'Unit 4',
      bloomLevel: 'REMEMBER',
      courseOutcomes: ['CO2'],
      status: 'READY',
    },
    201,
  );
  await bankCall(
    request,
    adminToken,
    'admin/create-bank-question',
    {
      courseId: audience.courseId,
      ...validQuestions.TRUE_FALSE(1),
      questionText: `A draft about inductors is not offered ${RUN}.`,
      category: 'Unit 4',
      bloomLevel: 'REMEMBER',
    },
    201,
  );
  const create = await adminCreator(request);
  const { exam } = await create('create-exam', {
    ...validExamPayload(audience),
    examTitle: `Circuits End-term ${RUN}`,
  });

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${exam._id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Exam' })).toBeVisible();
  await stepButton(page, 'Questions').click();

  await page.getByRole('button', { name: 'Pick questions from the bank for section 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pick from the bank for Section 2' });
  await expect(dialog.getByLabel('Course')).toHaveValue(audience.courseId);
  await dialog.getByRole('searchbox', { name: 'Search the bank' }).fill(RUN);
  const choice = dialog.getByRole('checkbox', { name: /A capacitor blocks steady direct current/ });
  await expect(choice).toBeVisible();
  // Only Ready questions are offered: the draft is not.
  await expect(dialog.getByText(/A draft about inductors/)).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'pick from bank');
  await screenshotsAtBothWidths(page, 'pick-from-bank');
  // The keyboard reaches the choice and Add without a pointer.
  await choice.focus();
  await page.keyboard.press('Space');
  await expect(choice).toBeChecked();
  await dialog.getByRole('button', { name: 'Add 1 question to True or false' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const bankCard = page.getByRole('region', { name: 'Question 2, from the bank' });
  await expect(bankCard).toContainText(`${COURSE} › Unit 4 · version 1`);
  await expect(
    bankCard.getByText(`A capacitor blocks steady direct current ${RUN}.`),
  ).toBeVisible();

  await question(page, 1, 1).getByRole('button', { name: 'Save question 1 to the bank' }).click();
  const save = page.getByRole('dialog', { name: 'Save question 1 to the bank' });
  await save.getByLabel('Category').fill('Unit 5/Reused');
  await save.getByLabel("Bloom's level").selectOption('APPLY');
  await save.getByRole('checkbox', { name: 'CO1: Apply Kirchhoff’s laws to circuits' }).check();
  await expectAccessibleAtBothWidths(page, 'save to bank');
  await screenshotsAtBothWidths(page, 'save-to-bank');
  await save.getByRole('button', { name: 'Save to bank' }).click();
  await expect(page.getByText('Question 1 is in the bank')).toBeVisible();
  await expect(
    question(page, 1, 1).getByText(`Saved to the bank: ${COURSE} › Unit 5/Reused`),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'questions with a bank question');
  await screenshotsAtBothWidths(page, 'wizard-bank-cards');

  const draft = page.getByRole('button', { name: 'Draft', exact: true });
  await expect(draft).toBeEnabled();
  await draft.click();
  await expect(page.getByText('Exam saved as draft successfully!')).toBeVisible();

  const stored = await request.get(`/api/admin/get-exam/${exam._id}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
  });
  const { questions } = (await stored.json()).data.exam;
  expect(questions[1][1]).toMatchObject({
    questionText: `A capacitor blocks steady direct current ${RUN}.`,
    bankQuestionId: picked._id,
    bankVersion: 1,
  });
  const bank = await request.get('/api/admin/get-bank-questions', {
    headers: { Authorization: `Bearer ${adminToken}` },
    params: { courseId: audience.courseId, category: 'Unit 5/Reused' },
  });
  expect((await bank.json()).data.questions).toHaveLength(1);
});
