import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

test("an admin raises the longest exam's duration, counts the absent as 0, and the wizard holds exams to it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  const duration = page.getByLabel('Duration (minutes)');
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);

    // The spec's maximum and its message while nothing was changed.
    await page.goto('/admin/exam/create-exam');
    await expect(page.getByText('Up to 150 minutes')).toBeVisible();
    await duration.fill('151');
    await duration.blur();
    await expect(page.getByText('Duration cannot exceed 2.5 hours (150 minutes)')).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const maximum = page.getByLabel('Maximum exam duration (minutes)');
    const absentAsZero = page.getByRole('checkbox', { name: 'Count absent students as 0 marks' });
    await expect(maximum).toHaveValue('150');
    await expect(
      page.getByText('No setting was changed yet: every rule is the default.'),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-desktop.png') });
    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({ path: test.info().outputPath('settings-phone.png'), fullPage: true });
    await page.setViewportSize(WIDTHS.desktop);
    await expectAccessibleAtBothWidths(page, 'Settings');

    await maximum.fill('601');
    await maximum.blur();
    await expect(page.getByText('Maximum exam duration cannot exceed 600 minutes')).toBeVisible();
    await expect(maximum).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleAtBothWidths(page, 'Settings with an error');
    await maximum.fill('180');
    await expect(absentAsZero).not.toBeChecked();
    await absentAsZero.check();
    await expectAccessibleAtBothWidths(page, 'Settings counting the absent as 0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(page.getByText(new RegExp(`^Last saved .* by ${admin.email}\\.$`))).toBeVisible();
    await page.reload();
    await expect(maximum).toHaveValue('180');
    await expect(absentAsZero).toBeChecked();

    // The wizard now allows three hours and names that limit.
    await page.goto('/admin/exam/create-exam');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Up to 180 minutes')).toBeVisible();
    await duration.fill('180');
    await duration.blur();
    await expect(page.getByText(/Duration cannot exceed/)).toHaveCount(0);
    await duration.fill('181');
    await duration.blur();
    await expect(page.getByText('Duration cannot exceed 3 hours (180 minutes)')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'Wizard with a raised maximum duration');

    // The change is on the record.
    await page.goto('/admin/audit?action=settings.update');
    const entry = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'Changed 2 settings' });
    await expect(entry.first()).toContainText('Institution settings changed');
    await expect(entry.first()).toContainText(admin.email);
  } finally {
    // Every other spec of the run expects the spec's rules.
    const reset = await request.put('/api/admin/settings', {
      headers,
      data: { maxExamDurationMinutes: 150, countAbsentAsZero: false },
    });
    expect(reset.status()).toBe(200);
  }
});
