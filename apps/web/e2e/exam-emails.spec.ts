import { DEFAULT_INSTITUTION_SETTINGS, EXAM_EMAIL_SETTINGS } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, logout, signIn } from './support/session';
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

test('an admin switches the exam messages off on the settings page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const email = page.getByRole('region', { name: 'Email' });
    const switches = Object.values(EXAM_EMAIL_SETTINGS).map((label) =>
      email.getByRole('checkbox', { name: label }),
    );
    for (const toggle of switches) await expect(toggle).toBeChecked();
    await expectAccessibleAtBothWidths(page, 'Settings with the email switches');
    await email.scrollIntoViewIfNeeded();
    for (const [width, size] of Object.entries(WIDTHS)) {
      await page.setViewportSize(size);
      await email.screenshot({ path: test.info().outputPath(`settings-email-${width}.png`) });
    }
    await page.setViewportSize(WIDTHS.desktop);

    for (const toggle of switches) await toggle.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    for (const toggle of switches) await expect(toggle).not.toBeChecked();
    const saved = await request.get('/api/admin/settings', { headers });
    expect((await saved.json()).data.settings).toMatchObject({
      examScheduledEmails: false,
      examReminderEmails: false,
      resultsPublishedEmails: false,
    });
  } finally {
    // Every other spec of the run expects the defaults.
    const reset = await request.put('/api/admin/settings', {
      headers,
      data: DEFAULT_INSTITUTION_SETTINGS,
    });
    expect(reset.status()).toBe(200);
  }
});
