import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

test('the audit log shows what the admin did, filtered by who, what and record', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };

  // A batch of its own: other spec files create batches at the same time, every one of them
  // starting in 2020 or later.
  let batch: { _id: string; name: string; startYear: number; endYear: number } | undefined;
  while (!batch) {
    const startYear = 2000 + Math.floor(Math.random() * 20);
    const endYear = startYear + 1 + Math.floor(Math.random() * 10);
    const created = await request.post('/api/admin/create-batch', {
      headers,
      data: { startYear, endYear },
    });
    if (created.status() === 201) batch = (await created.json()).data;
    else expect(created.status()).toBe(409);
  }
  const edited = await request.put(`/api/admin/update-batch/${batch._id}`, {
    headers,
    data: { startYear: batch.startYear, endYear: batch.endYear, status: 'Inactive' },
  });
  expect(edited.status()).toBe(200);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

  const log = page.getByRole('table', { name: 'Audit log' });
  await page.getByLabel('Who').fill(admin.email.slice(0, 8).toUpperCase());
  await page.getByLabel('What').selectOption({ label: 'Batch created' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=batch\.create/);
  const created = log.getByRole('row').filter({ hasText: `Created batch ${batch.name}` });
  await expect(created).toContainText(admin.email);
  await expect(created).toContainText('Batch created');
  await expectAccessibleAtBothWidths(page, 'Audit log');

  // The batch's whole history: its create and its edit, newest first, with what the edit changed.
  await created.getByRole('button', { name: `History of ${batch.name}` }).click();
  await expect(page.getByText('Showing the history of one batch.')).toBeVisible();
  await page.getByLabel('What').selectOption({ label: 'Any action' });
  await page.getByLabel('Who').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  const rows = log.getByRole('row').filter({ hasText: batch.name });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Batch edited');
  await expect(rows.last()).toContainText('Batch created');
  await rows.first().getByText('Details').click();
  await expect(rows.first().getByText('Active → Inactive', { exact: true })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Audit log with details');

  // A date range of tomorrow onwards holds none of today's entries.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
  await page.getByLabel('From').fill(day);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No entries found')).toBeVisible();

  // Back restores the view before the date filter.
  await page.goBack();
  await expect(rows).toHaveCount(2);
});

test('the audit log shows sign-ins, refusals and sign-outs apart from data changes', async ({
  page,
  request,
}) => {
  const refused = await request.post('/api/auth/login', {
    data: { email: admin.email, password: 'Not#ThePassword1' },
  });
  expect(refused.status()).toBe(401);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/audit');
  await page.getByLabel('Kind').selectOption({ label: 'Security events' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/kind=security/);

  const log = page.getByRole('table', { name: 'Audit log' });
  // Other specs sign in meanwhile, so the admin's sign-in is looked for rather than taken as the newest.
  await expect(
    log.getByRole('row').filter({ hasText: 'Signed in' }).filter({ hasText: admin.email }).first(),
  ).toBeVisible();
  await expect(
    log.getByRole('row').filter({ hasText: 'Wrong password from' }).first(),
  ).toContainText('Sign-in refused');
  await expect(log.getByText('Batch created')).toHaveCount(0);
  await expect(page.getByText('Not#ThePassword1')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Audit log of security events');

  await page.getByLabel('Kind').selectOption({ label: 'Data changes' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/kind=data/);
  await expect(log.getByText('Signed in', { exact: true })).toHaveCount(0);
});
