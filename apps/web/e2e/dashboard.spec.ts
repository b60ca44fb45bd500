import { validFacultyPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, apiSignIn, signIn } from './support/session';

const BLOCKS = [
  'System Overview',
  'Exam Statistics',
  'Recent Exams',
  'Quick Actions',
  'Result Publishing Status',
] as const;

// Year pairs of this file only (the master data spec creates 2031-2035); several, so a rerun
// against the same database still finds one that does not exist yet.
const CANDIDATE_BATCHES = [
  { startYear: 2032, endYear: 2033 },
  { startYear: 2032, endYear: 2034 },
  { startYear: 2032, endYear: 2035 },
  { startYear: 2033, endYear: 2034 },
  { startYear: 2033, endYear: 2035 },
  { startYear: 2034, endYear: 2035 },
];

async function openDashboard(page: Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
}

function figure(page: Page, block: string, label: string) {
  return page
    .getByRole('region', { name: block })
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .getByRole('definition');
}

async function readFigure(page: Page, block: string, label: string): Promise<number> {
  const value = figure(page, block, label);
  await expect(value).toHaveText(/^[\d,]+$/);
  return Number((await value.textContent())?.replaceAll(',', ''));
}

/** Creates, through the API, a batch whose years no earlier run has used. */
async function createUnusedBatch(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const list = await request.get('/api/admin/get-batches', { headers });
  expect(list.status()).toBe(200);
  const taken = new Set(
    ((await list.json()).data as { name: string }[]).map((batch) => batch.name),
  );
  const batch = CANDIDATE_BATCHES.find(
    ({ startYear, endYear }) => !taken.has(`${startYear}-${endYear}`),
  );
  if (!batch) throw new Error('Every candidate batch exists: use a fresh database');
  const response = await request.post('/api/admin/create-batch', { headers, data: batch });
  expect(response.status(), await response.text()).toBe(201);
}

test('the dashboard shows its five blocks with the real batch count', async ({ page, request }) => {
  await openDashboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const block of BLOCKS) {
    await expect(page.getByRole('heading', { level: 2, name: block })).toBeVisible();
  }
  await expect(
    page
      .getByRole('region', { name: 'Result Publishing Status' })
      .getByRole('columnheader', { name: 'Status' }),
  ).toBeVisible();
  for (const label of ['Ongoing', 'Completed', 'Upcoming', 'Pending Results']) {
    await readFigure(page, 'Exam Statistics', label);
  }
  await expectAccessibleAtBothWidths(page, 'Dashboard');
  const before = await readFigure(page, 'System Overview', 'Total Batches');

  await createUnusedBatch(request);
  await page.reload();

  // Other spec files create batches at the same time, so only growth by at least one is known.
  await expect
    .poll(() => readFigure(page, 'System Overview', 'Total Batches'))
    .toBeGreaterThanOrEqual(before + 1);
});

test('the quick actions open the exam wizard and the students list', async ({ page }) => {
  await openDashboard(page);
  const actions = page.getByRole('region', { name: 'Quick Actions' });

  await actions.getByRole('link', { name: 'Schedule New Exam' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/create-exam$/);

  await page.goBack();
  await actions.getByRole('link', { name: 'Manage Students' }).click();
  await expect(page).toHaveURL(/\/admin\/student$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
});

test('the result actions open the completed exams, the ready ones for Publish Results', async ({
  page,
}) => {
  await openDashboard(page);
  const actions = page.getByRole('region', { name: 'Quick Actions' });

  await actions.getByRole('link', { name: 'Publish Results' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/results\?status=Ready%20to%20Publish$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ready to Publish' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.goBack();
  await actions.getByRole('link', { name: 'View Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/results$/);
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the dashboard names an account whose sign-ins are slowed down by failed passwords', async ({
  page,
  request,
}) => {
  // An account of this test only: a slowed-down one of another spec would hold its sign-ins up.
  const run = Date.now().toString(36);
  const email = `slowed.${run}@examiq.test`;
  const create = await adminCreator(request);
  await create('create-faculty', validFacultyPayload({ email, employeeId: `EMP-SL-${run}` }));
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const failed = await request.post('/api/auth/login', {
      data: { email, password: 'Wrong#Password1' },
    });
    expect(failed.status()).toBe(401);
  }

  await openDashboard(page);
  const notice = page.getByRole('region', { name: 'Sign-ins slowed down after failed passwords' });
  await expect(notice.getByRole('listitem').filter({ hasText: email })).toContainText(
    '10 failed attempts, next attempt from a new browser after',
  );
  await expectAccessibleAtBothWidths(page, 'Dashboard with slowed sign-ins');
});
