import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

test("a student's page lists the exams they sat, the result once published, and leads to the timeline and result", async ({
  page,
  request,
}) => {
  // A sitting made through the API and four accessibility checks: a busy machine needs the time.
  test.setTimeout(180_000);
  const sitting = await createSitting(request, 'history');
  const student = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const asStudent = { Authorization: `Bearer ${student.tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, {
    headers: asStudent,
  });
  expect(started.status(), await started.text()).toBe(200);
  const attemptId: string = (await started.json()).data.attempt._id;
  const submitted = await request.post(`/api/student/submit-exam/${attemptId}`, {
    headers: asStudent,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/student/${sitting.studentId}`);
  const history = page.getByRole('table', { name: 'Exam history' });
  const row = history.getByRole('row').filter({ hasText: sitting.title });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('Not published');
  await expectAccessibleAtBothWidths(page, 'Student detail with exam history');

  await row.getByRole('link', { name: `Timeline of ${sitting.title}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/exam/${sitting.examId}/attempts/${attemptId}/timeline$`),
  );
  await expect(page.getByRole('heading', { name: 'Proctoring Timeline' })).toBeVisible();
  await page.goBack();

  await row.getByRole('link', { name: `Result of ${sitting.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/${sitting.examId}/results\\?search=`));
  await expect(page.getByRole('row', { name: new RegExp(sitting.rollNumber) })).toBeVisible();

  // Ended now and published: the page shows the score and the result.
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const asAdmin = { Authorization: `Bearer ${tokens.accessToken}` };
  const ended = await request.post(`/api/admin/end-exam-now/${sitting.examId}`, {
    headers: asAdmin,
  });
  expect(ended.status(), await ended.text()).toBe(200);
  const published = await request.post(`/api/admin/publish-results/${sitting.examId}`, {
    headers: asAdmin,
  });
  expect(published.status(), await published.text()).toBe(200);
  await page.goto(`/admin/student/${sitting.studentId}`);
  await expect(row).toContainText(/0 \/ \d+/);
  await expect(row).toContainText('Fail');
  await expectAccessibleAtBothWidths(page, 'Student detail with a published result');
});
