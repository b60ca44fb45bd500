import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import {
  createFacultyMember,
  createSitting,
  FACULTY_PASSWORD,
  SITTING_PASSWORD,
} from './support/sittings';

const ESSAY =
  'Both sorts divide and conquer. Merge sort is stable and needs extra memory; quicksort sorts in place.';

/** Through the API: a faculty member who has replaced the default password, chosen to evaluate. */
async function createEvaluator(request: APIRequestContext, examId: string) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const evaluator = await createFacultyMember(request, 'grader');
  const chosen = await request.put(`/api/admin/set-exam-evaluators/${examId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { evaluatorIds: [evaluator.userId] },
  });
  expect(chosen.status(), await chosen.text()).toBe(200);
  return evaluator.email;
}

/** Through the API: the student starts, writes the essay and submits. */
async function submitEssay(request: APIRequestContext, email: string, examId: string) {
  const { tokens } = await apiSignIn(request, email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { attempt, sections } = (await started.json()).data;
  const essay = sections.find((section: { name: string }) => section.name === 'Essay');
  // The essay is timed: its questions come with its opening.
  const opened = await request.post(`/api/student/open-section/${attempt._id}`, {
    headers,
    data: { sectionId: essay._id },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const { questions } = (await opened.json()).data;
  const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, {
    headers,
    data: { seq: 1, answers: [{ questionId: questions[0]._id, text: ESSAY }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

async function screenshots(page: Page, name: string) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS.desktop);
}

test('a faculty member marks a long answer with the keyboard only', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sitting = await createSitting(request, 'grading');
  const evaluatorEmail = await createEvaluator(request, sitting.examId);
  await submitEssay(request, sitting.email, sitting.examId);

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
  await screenshots(page, 'faculty-dashboard');

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
  await screenshots(page, 'grading');

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
