import { RESULT_MESSAGES } from '@examiq/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, logout, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

/**
 * The student sits the exam through the API: the first multiple-choice question right, the second
 * wrong, the true-or-false right, the written questions left blank (nothing to mark), then submits.
 * The student is the only one of the exam's section, so the sittings are over at once.
 */
async function sitAndSubmit(
  request: APIRequestContext,
  sitting: { email: string; examId: string },
) {
  const { tokens } = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const view = (await started.json()).data as {
    attempt: { _id: string };
    sections: { questions: { _id: string; questionType: string }[] }[];
  };
  const questions = view.sections.flatMap((section) => section.questions);
  const [first, second] = questions.filter((question) => question.questionType === 'MCQ');
  const trueFalse = questions.find((question) => question.questionType === 'TRUE_FALSE');
  const saved = await request.put(`/api/student/save-answers/${view.attempt._id}`, {
    headers,
    data: {
      seq: 1,
      answers: [
        { questionId: first?._id, selectedOptionId: '0' },
        { questionId: second?._id, selectedOptionId: '1' },
        { questionId: trueFalse?._id, selectedOptionId: '0' },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post(`/api/student/submit-exam/${view.attempt._id}`, {
    headers,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

test('the admin publishes from the dashboard and the student reads the result with the answers', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'results');
  await sitAndSubmit(request, sitting);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page
    .getByRole('region', { name: 'Quick Actions' })
    .getByRole('link', { name: 'Publish Results' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sitting.title });
  await expect(row.getByText('Ready to Publish')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Results');

  await row.getByRole('button', { name: `Publish results of ${sitting.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Results' });
  await expect(dialog).toContainText(sitting.title);
  await expectAccessibleAtBothWidths(page, 'Publish dialog');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(RESULT_MESSAGES.published)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Published, it leaves the exams ready to publish.
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'All', exact: true }).click();
  await page.getByRole('link', { name: sitting.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Exam' });
  await expect(figures.getByText('Published')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '2 / 10' })).toContainText('Fail');
  await expect(page.getByRole('button', { name: 'Publish Results' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Exam results');
  await logout(page);

  await signIn(page, sitting.email, SITTING_PASSWORD);
  const card = page
    .getByRole('region', { name: 'Completed' })
    .getByRole('article', { name: sitting.title });
  await expect(card).toContainText('Your result is published');
  await card.getByRole('link', { name: 'View result' }).click();
  await expect(page).toHaveURL(new RegExp(`/student/result/${sitting.examId}$`));
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
  const score = page.getByRole('region', { name: 'Your score' });
  await expect(score).toContainText('2 / 10');
  await expect(score.getByText('Failed')).toBeVisible();

  const choices = page.getByRole('region', { name: 'Multiple choice' });
  const wrong = choices.getByRole('listitem').filter({ hasText: 'Which data structure' }).nth(1);
  await expect(wrong.getByRole('listitem').filter({ hasText: 'Linked list' })).toContainText(
    'Your answer',
  );
  await expect(wrong.getByRole('listitem').filter({ hasText: 'Hash table' })).toContainText(
    'Correct answer',
  );
  await expect(wrong.getByText('Explained in the lecture notes of week three.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Student result');
});
