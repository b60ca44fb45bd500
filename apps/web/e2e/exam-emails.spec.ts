import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { logout, signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

test('a published exam is announced in the outbox, and a student turns their reminders off', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'emails');

  // Publishing wrote the announcement in the background; without SMTP_URL it is kept.
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(async () => {
    await page.goto('/admin/outbox');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: sitting.email })
        .filter({ hasText: `Exam scheduled: ${sitting.title}` }),
    ).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await logout(page);

  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  const menu = page.getByRole('button', { name: `${sitting.email}: account menu` });
  await menu.click();
  await page.getByRole('button', { name: 'Email reminders' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email reminders' });
  const reminders = dialog.getByRole('checkbox', { name: 'Email me reminders before my exams' });
  await expect(reminders).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'Email reminders');
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`email-reminders-${width}.png`) });
  }
  await page.setViewportSize(WIDTHS.desktop);
  // From the keyboard, as any checkbox.
  await reminders.focus();
  await page.keyboard.press('Space');
  await expect(reminders).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Email preferences saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(menu).toBeFocused();

  await page.reload();
  await menu.click();
  await page.getByRole('button', { name: 'Email reminders' }).click();
  await expect(reminders).not.toBeChecked();
});
