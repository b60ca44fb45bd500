import { importExampleRow, PEOPLE_IMPORT_COLUMNS } from '@examiq/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, logout, signIn } from './support/session';

// Years, codes and emails of this file only: other specs create their own records meanwhile.
const BATCH = { startYear: 2045, endYear: 2049 };
const BRANCH_CODE = 'INVIMP';
const emailOf = (index: number) => `invited.intake${index}@examiq.test`;
const COLUMNS = PEOPLE_IMPORT_COLUMNS.students.map((column) => column.name);

/** Three students in the template's columns. */
function smallCsv(): string {
  const example = importExampleRow('students');
  const rows = [0, 1, 2].map((index) => {
    const cells: Record<string, string | number> = {
      email: emailOf(index),
      rollNumber: `INV-45-${index}`,
      'personalInfo.firstName': `Invitee${String.fromCharCode(65 + index)}`,
      'personalInfo.lastName': 'Student',
      'academicInfo.batch': `${BATCH.startYear}-${BATCH.endYear}`,
      'academicInfo.course': 'B.Tech',
      'academicInfo.branch': BRANCH_CODE,
      'academicInfo.section': 'A',
      'academicInfo.admissionYear': BATCH.startYear,
      'academicInfo.expectedGraduationYear': BATCH.endYear,
    };
    return COLUMNS.map((column, position) => cells[column] ?? example[position] ?? '');
  });
  const quoted = (cell: string | number) => `"${String(cell).replaceAll('"', '""')}"`;
  return [COLUMNS, ...rows].map((row) => row.map(quoted).join(',')).join('\r\n');
}

async function screenshots(page: Page, name: string) {
  for (const [width, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(WIDTHS.desktop);
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
    name: 'Civil Engineering',
    code: BRANCH_CODE,
  });
  await create('create-section', { branchId: branch._id, name: 'A', capacity: 60 });
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
    buffer: Buffer.from(smallCsv()),
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
  await screenshots(page, 'import-invite-choice');

  await page.getByRole('button', { name: 'Import 3 students' }).click();
  await expect(page.getByText('3 students imported.')).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText(/Each student imported is emailed an invitation to set their own password/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download credentials' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Import finished with invitations');
  await screenshots(page, 'import-invite-finished');

  // No SMTP_URL in the test server: the invitations wait in the outbox.
  await page.getByRole('link', { name: 'Outbox' }).click();
  for (const index of [0, 1, 2]) {
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: emailOf(index) })
        .first(),
    ).toContainText('You are invited to ExamIQ');
  }
  const row = page
    .getByRole('row')
    .filter({ hasText: emailOf(1) })
    .first();
  await row.getByText(/^You are invited to ExamIQ/).click();
  const text = await row.locator('details p').innerText();
  const token = /set-password\?token=([\w-]+)/.exec(text)?.[1] ?? '';
  expect(token).not.toBe('');
  await logout(page);

  await page.goto(`/set-password?token=${token}`);
  const password = 'Invitee#Own-Pass45';
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, emailOf(1), password);
  await expect(page).toHaveURL(/\/student$/);
});
