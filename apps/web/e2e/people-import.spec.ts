import { readFile } from 'node:fs/promises';
import { importExampleRow, PEOPLE_IMPORT_COLUMNS } from '@examiq/contracts';
import { type Download, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, completeFirstLogin, logout, signIn } from './support/session';

// Years, codes and emails of this file only: other specs create their own records meanwhile.
const BATCH = { startYear: 2039, endYear: 2043 };
const BRANCH_CODE = 'IMPCSE';
const ROWS = 50;
const emailOf = (index: number) => `intake${index}@examiq.test`;
const rollOf = (index: number) => `IMP-39-${String(index).padStart(3, '0')}`;
const invitedEmailOf = (index: number) => `invited.intake${index}@examiq.test`;
const invitedRollOf = (index: number) => `INV-39-${index}`;

/** The bad rows of the file, by their index among the data rows (row = index + 2). */
const BAD = {
  email: 2,
  branch: 7,
  duplicateRoll: { index: 21, of: 5 },
} as const;

test.describe.configure({ mode: 'serial' });

const COLUMNS = PEOPLE_IMPORT_COLUMNS.students.map((column) => column.name);

/**
 * Students in the template's columns, named by `serial`; rows of `bad` (50 of them, three wrong in
 * a way the preview must find) when asked.
 */
function studentsCsv(
  count: number,
  serial: { email: (index: number) => string; roll: (index: number) => string },
  bad: typeof BAD | null = BAD,
): string {
  const example = importExampleRow('students');
  const rows = Array.from({ length: count }, (_, index) => {
    const cells: Record<string, string | number> = {
      email: serial.email(index),
      rollNumber: serial.roll(index),
      'personalInfo.firstName': `Intake${String.fromCharCode(65 + (index % 26))}`,
      'personalInfo.lastName': `Student${index}`,
      'academicInfo.batch': `${BATCH.startYear}-${BATCH.endYear}`,
      'academicInfo.course': 'B.Tech',
      'academicInfo.branch': BRANCH_CODE,
      'academicInfo.section': 'A',
      'academicInfo.admissionYear': BATCH.startYear,
      'academicInfo.expectedGraduationYear': BATCH.endYear,
    };
    if (index === bad?.email) cells.email = 'not-an-email';
    if (index === bad?.branch) cells['academicInfo.branch'] = 'NOPE';
    if (index === bad?.duplicateRoll.index) cells.rollNumber = serial.roll(bad.duplicateRoll.of);
    return COLUMNS.map((column, position) => cells[column] ?? example[position] ?? '');
  });
  const quoted = (cell: string | number) => `"${String(cell).replaceAll('"', '""')}"`;
  return [COLUMNS, ...rows].map((row) => row.map(quoted).join(',')).join('\r\n');
}

async function textOf(download: Download): Promise<string> {
  return readFile((await download.path()) as string, 'utf8');
}

test.beforeAll(async ({ request }) => {
  const create = await adminCreator(request);
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'B.Tech',
    fullName: 'Bachelor of Technology',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'Computer Science',
    code: BRANCH_CODE,
  });
  await create('create-section', { branchId: branch._id, name: 'A', capacity: 60 });
});

test('an admin imports 50 students from a CSV with three bad rows, and one of them signs in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/admin\/student\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Students' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Import page');
  await screenshotsAtBothWidths(page, 'import-empty');

  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV template' }).click();
  const templateFile = await template;
  expect(templateFile.suggestedFilename()).toBe('students-import-template.csv');
  expect((await textOf(templateFile)).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    COLUMNS.join(','),
  );

  await page.getByLabel('CSV or XLSX file').setInputFiles({
    name: 'intake.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(studentsCsv(ROWS, { email: emailOf, roll: rollOf })),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('3 rows have errors; 47 students can be imported.')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Errors by row and column' });
  const errorRows = await errors
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].slice(0, 2).map((cell) => cell.textContent)),
    );
  expect(errorRows).toEqual([
    [String(BAD.email + 2), 'email'],
    [String(BAD.branch + 2), 'academicInfo.branch'],
    [String(BAD.duplicateRoll.index + 2), 'rollNumber'],
  ]);
  await expectAccessibleAtBothWidths(page, 'Import preview with errors');
  await screenshotsAtBothWidths(page, 'import-preview');

  // Nothing is fixed: all or nothing refuses, the valid rows go in.
  await expect(page.getByRole('button', { name: 'Import 50 students' })).toBeDisabled();
  await page.getByRole('radio', { name: /Valid rows only/ }).check();
  await page.getByRole('button', { name: 'Import 47 students' }).click();
  await expect(page).toHaveURL(/\/admin\/student\/import\?job=[0-9a-f-]{36}$/);
  await expect(page.getByText('47 students imported.')).toBeVisible({ timeout: 60_000 });

  // The job is in the address: leaving and coming back shows it again.
  const jobUrl = page.url();
  await page.goto('/admin/student');
  await page.goto(jobUrl);
  await expect(page.getByText('47 students imported.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Done' })).toHaveAttribute(
    'aria-valuenow',
    '47',
  );
  await expectAccessibleAtBothWidths(page, 'Import finished');
  await screenshotsAtBothWidths(page, 'import-finished');

  const credentials = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download credentials' }).click();
  const credentialsFile = await credentials;
  expect(credentialsFile.suggestedFilename()).toBe('students-credentials.csv');
  const [header, ...lines] = (await textOf(credentialsFile))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(header).toBe('email,studentId,rollNumber,defaultPassword');
  expect(lines).toHaveLength(47);
  await expect(page.getByText(/The credentials file has been downloaded/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download credentials' })).toHaveCount(0);

  const imported = lines.map((line) => line.split(','));
  expect(imported.map(([email]) => email)).not.toContain('not-an-email');
  const [email, , , defaultPassword] = imported[0] as string[];
  await logout(page);
  await completeFirstLogin(page, {
    email: email as string,
    defaultPassword: defaultPassword as string,
    newPassword: 'Intake#Own-Pass9',
  });
  await expect(page).toHaveURL(/\/student$/);
});

test('an admin exports the student list with a search', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student');
  await page.getByRole('searchbox', { name: 'Search students' }).fill(rollOf(9));
  await page.getByRole('searchbox', { name: 'Search students' }).press('Enter');
  await expect(page.getByRole('row').filter({ hasText: rollOf(9) })).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, 'Student list with a search');
  await screenshotsAtBothWidths(page, 'student-list');

  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toBe('students.csv');
  const [header, ...rows] = (await textOf(file))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(header).toBe(COLUMNS.join(','));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(`${emailOf(9)},${rollOf(9)},`);
  expect(rows[0]).toContain(`,${BATCH.startYear}-${BATCH.endYear},B.Tech,${BRANCH_CODE},A,`);
});

test('an admin imports students with invitations; the outbox holds them and one link signs its student in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student/import');
  await page.getByLabel('CSV or XLSX file').setInputFiles({
    name: 'invited.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(studentsCsv(3, { email: invitedEmailOf, roll: invitedRollOf }, null)),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Every row is valid: 3 students ready to import.')).toBeVisible();

  // The create forms' choice, from the keyboard.
  const passwords = page.getByRole('group', { name: 'First passwords' });
  await expect(passwords.getByRole('radio', { name: /Set default passwords/ })).toBeChecked();
  await passwords.getByRole('radio', { name: /Set default passwords/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(passwords.getByRole('radio', { name: /Email invitations/ })).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'Import with the password choice');
  await screenshotsAtBothWidths(page, 'import-invite-choice');

  await page.getByRole('button', { name: 'Import 3 students' }).click();
  await expect(page.getByText('3 students imported.')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText(/Each student imported is emailed an invitation to set their own password/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download credentials' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Import finished with invitations');
  await screenshotsAtBothWidths(page, 'import-invite-finished');

  // No SMTP_URL in the test server: the invitations wait in the outbox.
  await page.getByRole('link', { name: 'Outbox' }).click();
  for (const index of [0, 1, 2]) {
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: invitedEmailOf(index) })
        .first(),
    ).toContainText('You are invited to ExamIQ');
  }
  const row = page
    .getByRole('row')
    .filter({ hasText: invitedEmailOf(1) })
    .first();
  await row.getByText(/^You are invited to ExamIQ/).click();
  const text = await row.locator('details p').innerText();
  const token = /set-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  expect(token).not.toBe('');
  await logout(page);

  await page.goto(`/set-password?token=${token}`);
  const password = 'Invitee#Own-Pass39';
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, invitedEmailOf(1), password);
  await expect(page).toHaveURL(/\/student$/);
});
