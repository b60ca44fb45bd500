import { validFacultyPayload } from '@examiq/contracts/test-support';
import { expect, test } from '@playwright/test';
import { expectAccessible, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';

test('a faculty member who forgot the password gets a reset link, kept in the outbox without a mail server, and signs in with a new password', async ({
  page,
  browser,
  request,
}) => {
  const create = await adminCreator(request);
  const email = 'forgetful.lecturer@examiq.test';
  await create('create-faculty', validFacultyPayload({ email, employeeId: 'EMP-FORGETFUL' }));

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize(width);
    await expectAccessible(page, `forgot password at ${width.width}px`);
  }
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account has this email, a link to reset its password is on its way.',
  );

  // No SMTP_URL in the test server: the admin reads the message in the outbox.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  let link = '';
  try {
    await signIn(adminPage, admin.email, admin.password);
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage.getByRole('link', { name: 'Outbox' }).click();
    await expect(adminPage.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    await expect(adminPage.getByText('No mail server is configured')).toBeVisible();
    const row = adminPage.getByRole('row').filter({ hasText: email }).first();
    await expect(row).toContainText('Kept, not sent');
    await row.getByText(/^Reset your password/).click();
    const text = await row.locator('details p').innerText();
    link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? '';
    expect(link).not.toBe('');
    for (const width of Object.values(WIDTHS)) {
      await adminPage.setViewportSize(width);
      await expectAccessible(adminPage, `outbox at ${width.width}px`);
    }
  } finally {
    await adminContext.close();
  }

  // The link points at PUBLIC_URL; the test server is where this browser goes.
  const token = new URL(link).searchParams.get('token');
  await page.goto(`/reset-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  for (const width of Object.values(WIDTHS)) {
    await page.setViewportSize(width);
    await expectAccessible(page, `reset password at ${width.width}px`);
  }
  await page.getByLabel('New password').fill('Chalk-and-Talk-2026');
  await page.getByLabel('Confirm password').fill('Chalk-and-Talk-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password was reset. Sign in with the new one.')).toBeVisible();

  await signIn(page, email, 'Chalk-and-Talk-2026');
  await expect(page).toHaveURL(/\/faculty$/);

  // The link worked once.
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password').fill('Another-Start-2026');
  await page.getByLabel('Confirm password').fill('Another-Start-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This reset link is invalid or has expired. Please ask for a new one.').first(),
  ).toBeVisible();
});
