import { AUTH_MESSAGES } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { apiSignIn, logout, signIn } from './support/session';
import { createFacultyMember, FACULTY_PASSWORD } from './support/sittings';

test('a signed-in person changes their own password from the header, stays signed in and is signed out elsewhere', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const faculty = await createFacultyMember(request, 'own-password');
  const elsewhere = await apiSignIn(request, faculty.email, FACULTY_PASSWORD);
  await signIn(page, faculty.email, FACULTY_PASSWORD);
  await expect(page).toHaveURL(/\/faculty$/);

  const menu = page.getByRole('button', { name: `${faculty.email}: account menu` });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole('button', { name: 'Change password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Change password dialog');
  await dialog.getByLabel('Current password', { exact: true }).fill('Not-my-password-1');
  await dialog.getByLabel('New password', { exact: true }).fill('Brand-new-secret-7');
  await dialog.getByLabel('Confirm password', { exact: true }).fill('Brand-new-secret-7');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText(AUTH_MESSAGES.wrongCurrentPassword)).toBeVisible();

  await dialog.getByLabel('Current password', { exact: true }).fill(FACULTY_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordUpdated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(menu).toBeFocused();

  // This session goes on; the one signed in elsewhere has ended.
  await page.reload();
  await expect(page).toHaveURL(/\/faculty$/);
  const other = await request.get('/api/auth/me', {
    headers: { Authorization: `Bearer ${elsewhere.tokens.accessToken}` },
  });
  expect(other.status()).toBe(401);

  await logout(page);
  await signIn(page, faculty.email, 'Brand-new-secret-7');
  await expect(page).toHaveURL(/\/faculty$/);
});
