import type { ProctorEventType } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, createProctor, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

const RUN = Date.now().toString(36);
const PASSED = { camera: true, microphone: true, fullscreen: true, connection: true };

test('an admin reviews the flags of a proctored attempt on its timeline, and its result shows them', async ({
  page,
  request,
}) => {
  // A sitting made through the API and six accessibility checks: a busy machine needs the time.
  test.setTimeout(180_000);
  const proctor = await createProctor(request, {
    handle: `timeline.proctor.${RUN}`,
    firstName: 'Joseph',
    lastName: 'Mathew',
  });
  const sitting = await createSitting(request, 'timeline', { proctors: [proctor.userId] });

  // The student sits it through the API: three exits from fullscreen and three switches of tab
  // (the third of each a flag, by the default rules), a warning from the admin, then the submit.
  const student = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const asStudent = { Authorization: `Bearer ${student.tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, {
    headers: asStudent,
    data: { systemCheck: PASSED },
  });
  expect(started.status(), await started.text()).toBe(200);
  const attemptId: string = (await started.json()).data.attempt._id;
  // The signals happen after the start, a tenth of a second apart, and are reported at once.
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const signals: ProctorEventType[] = [
    'HEARTBEAT',
    'FULLSCREEN_EXIT',
    'FULLSCREEN_ENTER',
    'FULLSCREEN_EXIT',
    'FULLSCREEN_ENTER',
    'FULLSCREEN_EXIT',
    'HEARTBEAT',
    'TAB_HIDDEN',
    'TAB_VISIBLE',
    'TAB_HIDDEN',
    'TAB_VISIBLE',
    'TAB_HIDDEN',
  ];
  const reported = await request.post(`/api/student/report-events/${attemptId}`, {
    headers: asStudent,
    data: {
      events: signals.map((type, index) => ({
        type,
        at: new Date(startedAt + (index + 1) * 100).toISOString(),
      })),
    },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const warned = await request.post('/api/admin/warn-student', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: { attemptId, text: 'Stay in fullscreen, please.' },
  });
  expect(warned.status(), await warned.text()).toBe(200);
  const submitted = await request.post(`/api/student/submit-exam/${attemptId}`, {
    headers: asStudent,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${sitting.examId}/results`);
  const row = page.getByRole('row', { name: /Asha Patel/ });
  await expect(row.getByText('2 flags pending')).toBeVisible();
  // At 1280 px every column is in sight: the sections are said under the total.
  await page.setViewportSize(WIDTHS.desktop);
  const results = page.getByRole('region', { name: 'Results' });
  expect(await results.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
  await expect(row.getByText(/Multiple choice: \d+ \/ \d+ · True or false: /)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam results with flags');

  await row.getByRole('link', { name: 'Timeline of Asha Patel' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/exam/${sitting.examId}/attempts/${attemptId}/timeline$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Proctoring Timeline' })).toBeVisible();
  const attempt = page.getByRole('region', { name: 'Attempt' });
  await expect(attempt.getByText('2 flags pending')).toBeVisible();
  const timeline = page.getByRole('region', { name: /^Timeline/ });
  const entries = timeline.getByRole('listitem');
  await expect(entries.first()).toContainText('Started the exam');
  await expect(entries.last()).toContainText('Submitted by the student');
  await expect(timeline.getByText('Administrator warned the student')).toBeVisible();
  await expect(timeline.getByText('Heartbeat')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Attempt timeline');

  await timeline
    .getByRole('button', { name: /^Confirm flag: Left fullscreen \(3 times\)/ })
    .click();
  await expect(page.getByRole('status').getByText('Flag confirmed')).toBeVisible();
  await expect(timeline.getByText('Administrator confirmed a flag')).toBeVisible();
  // From the keyboard alone.
  await timeline
    .getByRole('button', { name: /^Dismiss flag: Switched away from the exam tab \(3 times\)/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText('Flag dismissed')).toBeVisible();
  await expect(timeline.getByText('Administrator dismissed a flag')).toBeVisible();
  await expect(attempt.getByText('1 flag confirmed')).toBeVisible();
  await expect(attempt.getByText('1 flag dismissed')).toBeVisible();
  await expect(timeline.getByText('Pending review')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Attempt timeline, flags reviewed');

  await page.getByRole('link', { name: 'Back to Results' }).click();
  await expect(row.getByText('1 flag confirmed')).toBeVisible();
  await expect(row.getByText('1 flag dismissed')).toBeVisible();
  await expect(row.getByText(/pending/)).toHaveCount(0);
});
