import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin, faculty, firstLoginStudent, firstStartAdmin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

test('an admin signs in, lands on /admin and signs out', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner').getByText(admin.email)).toBeVisible();

  // The dashboard's own links (Manage Students) stay on screen until the next page arrives.
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Student', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/student$/);
  await expect(nav.getByRole('link', { name: 'Student', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a student resets the temporary password at first login and reaches only the student area', async ({
  page,
}) => {
  const newPassword = 'MyOwn#Password9';
  await signIn(page, firstLoginStudent.email, firstLoginStudent.password);
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel('Email').fill(firstLoginStudent.email);
  await page.getByLabel('Temporary Password').fill(firstLoginStudent.password);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
  await page.getByLabel('New Password').focus();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Change password with a message');
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByText('Student Dashboard')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Student dashboard');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/student$/);
  await page.goto('/faculty');
  await expect(page).toHaveURL(/\/student$/);
});

test('the first admin replaces the printed password and goes on signed in to the dashboard', async ({
  page,
}) => {
  const newPassword = 'Chosen#ByTheAdmin7';
  await signIn(page, firstStartAdmin.email, firstStartAdmin.password);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(firstStartAdmin.email);
  await expectAccessibleAtBothWidths(page, 'Reset password at first start');
  await page.getByLabel('Temporary Password').fill(firstStartAdmin.password);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();

  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner').getByText(firstStartAdmin.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Dashboard after the first-start reset');

  // The session survives a reload: it is the server's, not a leftover of the first sign-in.
  await page.reload();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
});

test('a faculty member signs in to the faculty area', async ({ page }) => {
  await signIn(page, faculty.email, faculty.password);
  await expect(page).toHaveURL(/\/faculty$/);
  await expect(page.getByText('Faculty Dashboard')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Faculty dashboard');
});

test('a garbage access token is replaced through the refresh token without signing in again', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request, admin.email, admin.password);
  await page.goto('/');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', 'garbage');
    localStorage.setItem('refreshToken', stored.tokens.refreshToken);
    localStorage.setItem('sessionId', stored.sessionId);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);

  const authenticatedCall = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/me') && response.status() === 200,
  );
  await page.goto('/admin');
  await authenticatedCall;
  await expect(page.getByRole('banner').getByText(admin.email)).toBeVisible();
  const stored = await page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    refreshToken: localStorage.getItem('refreshToken'),
  }));
  expect(stored.accessToken).not.toBe('garbage');
  expect(stored.accessToken?.split('.')).toHaveLength(3);
  expect(stored.refreshToken).not.toBe(session.tokens.refreshToken);
  await expect(page).toHaveURL(/\/admin$/);
});

test('a session whose refresh fails is cleared and sent to /login, which says why', async ({
  page,
  request,
}) => {
  const session = await apiSignIn(request, admin.email, admin.password);
  await page.goto('/');
  await page.evaluate((stored) => {
    localStorage.setItem('accessToken', 'garbage');
    localStorage.setItem('refreshToken', 'not-the-refresh-token');
    localStorage.setItem('sessionId', stored.sessionId);
    localStorage.setItem('user', JSON.stringify(stored.user));
  }, session);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your session has ended. Please sign in again.',
  );
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await expectAccessibleAtBothWidths(page, 'Sign in after a session ended');
});
