import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD, submitBlank } from './support/sittings';

test('a student who joins after results are published early is told why the exam cannot be started', async ({
  page,
  request,
}) => {
  const sitting = await createSitting(request, 'published');
  await submitBlank(request, sitting.email, sitting.examId);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const published = await request.post(`/api/admin/publish-results/${sitting.examId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(published.status(), await published.text()).toBe(200);

  const latecomer = await sitting.enrol('latecomer');
  await signIn(page, latecomer, SITTING_PASSWORD);
  await expect(
    page.getByRole('region', { name: 'Completed' }).getByRole('article', { name: sitting.title }),
  ).toBeVisible();

  await page.goto(`/student/exam/${sitting.examId}`);
  await expect(page.getByText(ATTEMPT_MESSAGES.resultsPublished)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start exam' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Lobby after results are published');
});
