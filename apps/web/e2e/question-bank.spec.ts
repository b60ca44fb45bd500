import { validQuestions } from '@examiq/contracts/test-support';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { bankCall } from './support/bank';
import { apiSignIn, logout, signIn } from './support/session';
import { createFacultyMember, FACULTY_PASSWORD } from './support/sittings';
import { createMasterData } from './support/wizard';

// The batch 2033-2040 is this spec's own (no other spec creates it): its course's bank starts empty.
const START_YEAR = 2033;
const COURSE = 'Bachelor of Engineering (2033-2040)';

test('faculty granted a course find its questions by category, search and filters', async ({
  page,
  request,
}) => {
  const { audience } = await createMasterData(request, START_YEAR);
  const author = await createFacultyMember(request, 'bank-author');

  // The admin defines the course's outcomes and grants the author, on the bank's settings page.
  await signIn(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Question bank' }).first().click();
  await page.getByLabel('Course').selectOption({ label: COURSE });
  await page.getByRole('link', { name: 'Outcomes and access' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outcomes and Access' })).toBeVisible();
  const authors = page.getByRole('group', { name: 'Authors' });
  await authors.locator(`input[type="checkbox"][value="${author.userId}"]`).check();
  await page.getByRole('button', { name: 'Save access' }).click();
  await expect(page.getByText('Access saved')).toBeVisible();
  await page.getByRole('button', { name: 'Add outcome' }).click();
  await page.getByRole('button', { name: 'Add outcome' }).click();
  const descriptions = page.getByRole('textbox', { name: 'Description' });
  await expect(page.getByRole('textbox', { name: 'Code' }).nth(1)).toHaveValue('CO2');
  await descriptions.nth(0).fill('Apply Kirchhoff’s laws to circuits');
  await descriptions.nth(1).fill('Analyse transient response');
  // Leaving the field first: a touched field's 'Description is required' goes only once the
  // typed text is checked, which moves Save up a line; a click at once would land beside it.
  await descriptions.nth(1).blur();
  await page.getByRole('button', { name: 'Save outcomes' }).click();
  await expect(page.getByText('Course outcomes saved')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'outcomes and access');
  await screenshotsAtBothWidths(page, 'outcomes-and-access');
  await logout(page);

  const { tokens } = await apiSignIn(request, author.email, FACULTY_PASSWORD);
  const write = (fields: object) =>
    bankCall(
      request,
      tokens.accessToken,
      'faculty/create-bank-question',
      {
        courseId: audience.courseId,
        ...validQuestions.MCQ(),
        ...fields,
      },
      201,
    );
  const kirchhoff = await write({
    category: 'Unit 1/Kirchhoff',
    tags: ['kcl'],
    bloomLevel: 'APPLY',
    courseOutcomes: ['CO1'],
    questionText: 'Which quantity does Kirchhoff’s current law conserve?',
  });
  await write({
    category: 'Unit 2',
    tags: ['transients'],
    bloomLevel: 'ANALYSE',
    courseOutcomes: ['CO2'],
    difficulty: 'HARD',
    questionText: 'What is the time constant of an RC circuit?',
  });

  await signIn(page, author.email, FACULTY_PASSWORD);
  await page.getByRole('link', { name: 'Question bank' }).first().click();
  await expect(page).toHaveURL(/\/faculty\/question-bank$/);
  await expect(page.getByText('Choose a course')).toBeVisible();
  await page.getByLabel('Course').selectOption({ label: COURSE });

  const tree = page.getByRole('navigation', { name: 'Categories' });
  await expect(tree.getByRole('button', { name: 'All categories 2 questions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Questions' });
  await expect(table.getByText('What is the time constant of an RC circuit?')).toBeVisible();
  await expect(
    table.getByText('Which quantity does Kirchhoff’s current law conserve?'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'question bank');
  await screenshotsAtBothWidths(page, 'question-bank');

  await tree.getByRole('button', { name: 'Kirchhoff 1 question' }).click();
  await expect(table.getByText('What is the time constant of an RC circuit?')).toBeHidden();
  await expect(
    table.getByText('Which quantity does Kirchhoff’s current law conserve?'),
  ).toBeVisible();

  await tree.getByRole('button', { name: /^All categories/ }).click();
  await page.getByLabel('Outcome').selectOption('CO2');
  await expect(
    table.getByText('Which quantity does Kirchhoff’s current law conserve?'),
  ).toBeHidden();
  await expect(table.getByText('What is the time constant of an RC circuit?')).toBeVisible();
  await page.getByLabel('Outcome').selectOption('');

  await page.getByRole('searchbox', { name: 'Search questions' }).fill('kirchhoff');
  await expect(table.getByText('What is the time constant of an RC circuit?')).toBeHidden();
  await expect(
    table.getByText('Which quantity does Kirchhoff’s current law conserve?'),
  ).toBeVisible();

  await page.getByLabel('Difficulty').selectOption('HARD');
  await expect(page.getByText('No questions found')).toBeVisible();
  await page.getByLabel('Difficulty').selectOption('');

  // The question's editor is not built yet: the author's edit goes through the API.
  const edit = await request.put(`/api/faculty/update-bank-question/${kirchhoff._id}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: {
      courseId: audience.courseId,
      ...validQuestions.MCQ(),
      category: 'Unit 1/Kirchhoff',
      tags: ['kcl', 'conservation'],
      bloomLevel: 'APPLY',
      courseOutcomes: ['CO1'],
      questionText: 'Which quantity does Kirchhoff’s current law conserve at a node?',
    },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  await table
    .getByRole('link', { name: /^View Which quantity does Kirchhoff’s current law/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/faculty/question-bank/${kirchhoff._id}$`));
  await expect(
    page.getByText('Which quantity does Kirchhoff’s current law conserve at a node?'),
  ).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Changed question text, tags')).toBeVisible();
  await expect(history.getByText('Created the question')).toBeVisible();
  await page.getByRole('button', { name: 'Make Ready' }).click();
  await expect(page.getByText('The question is Ready')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to Draft' })).toBeVisible();
  await expect(history.getByText('Changed status')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'bank question');
  await screenshotsAtBothWidths(page, 'bank-question');

  await history.getByRole('button', { name: 'Restore revision 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore revision 1?' });
  await expectAccessibleAtBothWidths(page, 'restore dialog');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Revision 1 restored as revision 4')).toBeVisible();
  await expect(
    page.getByText('Which quantity does Kirchhoff’s current law conserve?', { exact: true }),
  ).toBeVisible();
});
