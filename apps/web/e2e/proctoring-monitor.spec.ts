import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { signIn } from './support/session';

const MONITOR = '/admin/exam/exam-ui';

/**
 * Signs in, then loads the monitor under a clock the test can move, and records every API
 * request from that load on. The shell asks GET /api/auth/me on every load; anything else would
 * come from the monitor.
 */
async function openMonitor(page: Page): Promise<Request[]> {
  // Sign-in lands on the dashboard, whose figures load on their own: wait for them so that a
  // late answer is not counted as the monitor's.
  const dashboardLoaded = page.waitForResponse('**/api/admin/overview');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await dashboardLoaded;
  await page.clock.install();
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request);
  });
  await page.goto(MONITOR);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return requests;
}

function requestLine(request: Request): string {
  return `${request.method()} ${new URL(request.url()).pathname}`;
}

function notFromTheShell(requests: Request[]): string[] {
  return requests.map(requestLine).filter((request) => request !== 'GET /api/auth/me');
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('The element is not visible');
  return found;
}

function secondsOf(countdown: string): number {
  return countdown
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

test('the monitor shows every student, switches tabs and chats without calling the server', async ({
  page,
}) => {
  // Sign-in, three tabs, typing, ten fake seconds and four accessibility checks of a screen that
  // redraws every second: more than the default budget when the machine is busy with the other
  // worker.
  test.setTimeout(90_000);
  const requests = await openMonitor(page);

  await expect(page.getByRole('region', { name: 'Candidates' }).getByRole('listitem')).toHaveCount(
    20,
  );
  await expect(page.getByText('Total Students')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Monitor: Alerts');

  const studentsTab = page.getByRole('tab', { name: 'Students' });
  await studentsTab.click();
  await expect(studentsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Students' })).toContainText('Last activity');
  await expectAccessibleAtBothWidths(page, 'Monitor: Students');
  await studentsTab.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Alerts' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Alerts' })).toBeVisible();

  await page.getByRole('tab', { name: 'Chat' }).click();
  const chat = page.getByRole('tabpanel', { name: 'Chat' });
  await chat.getByRole('button', { name: /Aarav Iyer/ }).click();
  const message = chat.getByRole('textbox', { name: 'Message to Aarav Iyer' });
  const conversation = chat.getByRole('log', { name: 'Conversation with Aarav Iyer' });
  await expect(message).toBeFocused();

  await message.pressSequentially('Please keep your face');
  await message.press('Shift+Enter');
  await message.pressSequentially('in the frame.');
  await expect(message).toHaveValue('Please keep your face\nin the frame.');
  await expect(conversation.getByRole('listitem')).toHaveCount(0);

  await message.press('Enter');
  await expect(conversation.getByRole('listitem')).toHaveCount(1);
  await expect(conversation).toContainText('Please keep your face');
  await expect(conversation).toContainText('in the frame.');
  await expect(message).toHaveValue('');

  await expectAccessibleAtBothWidths(page, 'Monitor: a conversation');

  await chat.getByRole('button', { name: 'Back' }).click();
  await expect(chat.getByRole('button', { name: /Aarav Iyer/ })).toContainText(
    'You: Please keep your face',
  );
  await expectAccessibleAtBothWidths(page, 'Monitor: Chat');

  // Ten seconds of countdown and simulated activity, still without a request.
  const countdown = page.getByText('Time Remaining').locator('xpath=following-sibling::dd');
  const before = secondsOf(await countdown.innerText());
  await page.clock.runFor(10_000);
  await expect
    .poll(async () => before - secondsOf(await countdown.innerText()))
    .toBeGreaterThanOrEqual(10);

  // The shell's own request proves the recording works; nothing else may be in it.
  expect(requests.map(requestLine)).toContain('GET /api/auth/me');
  expect(notFromTheShell(requests)).toEqual([]);
});

test('the side panel is 350px beside the grid on a desktop and full width below it on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openMonitor(page);
  const panel = page.getByRole('complementary', { name: 'Proctoring panel' });
  const grid = page.getByRole('region', { name: 'Candidates' });

  const desktop = { panel: await box(panel), grid: await box(grid) };
  expect(desktop.panel.width).toBe(350);
  expect(desktop.panel.x).toBeGreaterThanOrEqual(desktop.grid.x + desktop.grid.width);

  await page.setViewportSize({ width: 375, height: 812 });
  const phone = { panel: await box(panel), grid: await box(grid) };
  expect(phone.panel.width).toBe(phone.grid.width);
  expect(phone.panel.y).toBeGreaterThanOrEqual(phone.grid.y + phone.grid.height);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBe(375);
});
