import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fakeMediaLaunchOptions } from './support/chromium';
import { signIn } from './support/session';
import {
  createProctoredSitting,
  SITTING_PASSWORD,
  startProctoredFromLobby,
} from './support/sittings';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** 'HH:mm' of an instant on this machine's clock, which is the server's. */
const clockTime = (instant: Date) =>
  `${String(instant.getHours()).padStart(2, '0')}:${String(instant.getMinutes()).padStart(2, '0')}`;

async function signInAsAdmin(page: Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
}

test('Live Proctoring lists the proctored exams open now to open their monitor; the sample is a demonstration', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createProctoredSitting(request, 'live-list');
  await signInAsAdmin(page);
  await page.goto('/admin/exam');
  await page.getByRole('link', { name: 'Live Proctoring' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/live-proctoring$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Live Proctoring' })).toBeVisible();

  const open = page.getByRole('region', { name: 'Open now' });
  const card = open.getByRole('article', { name: sitting.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0 of 1 student sitting');
  await expectAccessibleAtBothWidths(page, 'Live Proctoring');
  await screenshotsAtBothWidths(page, 'live-proctoring');

  await card.getByRole('link', { name: `Open the monitor of ${sitting.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/exam-ui\\?examId=${sitting.examId}$`));
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText(sitting.title)).toBeVisible();
  await expect(page.getByText('Demonstration', { exact: true })).toHaveCount(0);

  await page.goto('/admin/exam/live-proctoring');
  await page.getByRole('link', { name: 'See a demonstration' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/exam-ui$/);
  await expect(page.getByText('Demonstration', { exact: true })).toBeVisible();
  await expect(page.getByText(/A demonstration of the monitor/)).toBeVisible();
  // The sample's alerts are those the product raises, in its words.
  const alerts = page.getByRole('tabpanel', { name: 'Alerts' });
  await expect(alerts).toContainText('More than one face in the camera (3 times)');
  await expect(alerts).not.toContainText('Screen sharing stopped');
  await expect(alerts).not.toContainText('Looked away from the screen');
  await expectAccessibleAtBothWidths(page, 'Monitor demonstration');
  await screenshotsAtBothWidths(page, 'monitor-demonstration');
  await expect(page.getByRole('link', { name: 'Back to Live Proctoring' })).toHaveAttribute(
    'href',
    '/admin/exam/live-proctoring',
  );
});

test('before the window opens, the lobby says when Start opens and the monitor counts down to the start', async ({
  browser,
  page: student,
  request,
}) => {
  test.setTimeout(180_000);
  // The exam opens twenty minutes from now, on today's date.
  const startsAt = new Date(Date.now() + 21 * 60_000);
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  test.skip(endsAt.getDate() !== new Date().getDate(), 'the window would cross midnight');
  const sitting = await createProctoredSitting(request, 'not-yet', {
    startTime: clockTime(startsAt),
    endTime: clockTime(endsAt),
  });

  await signIn(student, sitting.email, SITTING_PASSWORD);
  await expect(student).toHaveURL(/\/student$/);
  await student.goto(`/student/exam/${sitting.examId}`);
  await student.getByRole('button', { name: 'Check my system' }).click();
  // The fake camera starts slowly when the machine is busy.
  const passed = student.getByText(/^All checks passed\./);
  await expect(passed).toHaveText(/^All checks passed\. Start opens in (20|19):\d\d\.$/, {
    timeout: 30_000,
  });
  await expect(student.getByText('You can start the exam.')).toHaveCount(0);
  await expect(student.getByRole('button', { name: 'Start exam' })).toBeDisabled();
  await expectAccessibleAtBothWidths(student, 'Lobby before the start');
  await screenshotsAtBothWidths(student, 'lobby-start-opens-in');

  const adminContext = await browser.newContext();
  const monitor = await adminContext.newPage();
  try {
    await signInAsAdmin(monitor);
    await monitor.goto(`/admin/exam/exam-ui?examId=${sitting.examId}`);
    await expect(monitor.getByText('Live', { exact: true })).toBeVisible();
    await expect(monitor.getByText('Starts in', { exact: true })).toBeVisible();
    await expect(monitor.getByText('Starts in', { exact: true }).locator('..')).toContainText(
      /(20|19):\d\d/,
    );
    await expect(monitor.getByText('Time Remaining')).toHaveCount(0);
    await expectAccessibleAtBothWidths(monitor, 'Monitor before the start');
    await screenshotsAtBothWidths(monitor, 'monitor-starts-in');

    // The exam opening soon is on Live Proctoring, apart from those open now.
    await monitor.goto('/admin/exam/live-proctoring');
    await expect(
      monitor
        .getByRole('region', { name: 'Opening soon' })
        .getByRole('article', { name: sitting.title }),
    ).toContainText('1 student');
  } finally {
    await adminContext.close();
  }
});

test("a proctor's chat message shows on the student's screen at once, read out, and stays in the chat", async ({
  browser,
  page: student,
  request,
}) => {
  test.setTimeout(180_000);
  const sitting = await createProctoredSitting(request, 'chat-banner');
  await startProctoredFromLobby(student, sitting);

  const adminContext = await browser.newContext();
  const monitor = await adminContext.newPage();
  try {
    await signInAsAdmin(monitor);
    await monitor.goto(`/admin/exam/exam-ui?examId=${sitting.examId}`);
    await expect(monitor.getByText('Live', { exact: true })).toBeVisible();
    await monitor.getByRole('button', { name: 'Message Asha Patel' }).click();
    const text = 'Please keep your face in view of the camera.';
    const toStudent = monitor.getByRole('textbox', { name: 'Message to Asha Patel' });
    await toStudent.fill(text);
    await toStudent.press('Enter');

    const banner = student.getByRole('region', { name: 'New message from your proctors' });
    await expect(banner).toContainText(text);
    await expect(banner).toContainText('Administrator');
    // Read out by a live region, whether or not the student looks at the corner.
    await expect(student.locator('[aria-live="polite"]', { hasText: text })).toHaveText(
      /^Message from Administrator at \d\d:\d\d: Please keep your face in view of the camera\.$/,
    );
    await expectAccessibleAtBothWidths(student, 'Attempt with a proctor message');
    await screenshotsAtBothWidths(student, 'attempt-proctor-message');

    await banner.getByRole('button', { name: 'Open chat' }).click();
    await expect(banner).toHaveCount(0);
    const chat = student.getByRole('region', { name: 'Chat with your proctors' });
    await expect(chat.getByRole('list', { name: 'Messages' })).toContainText(text);

    // The next message while the chat is closed shows again, and can be put away.
    await student.getByRole('button', { name: 'Close chat' }).click();
    await toStudent.fill('Thank you.');
    await toStudent.press('Enter');
    await expect(banner).toContainText('Thank you.');
    await banner.getByRole('button', { name: 'Dismiss the message' }).click();
    await expect(banner).toHaveCount(0);
    await expect(student.getByRole('button', { name: /Proctor chat/ })).toBeFocused();
  } finally {
    await adminContext.close();
  }
});
