import { validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fillStudentForm } from './support/person-form';
import { adminCreator, logout, signIn } from './support/session';

// Years and names of this file only: other specs create their own records meanwhile.
const BATCH = { startYear: 2050, endYear: 2054 };
const student = validStudentPayload({
  email: 'invited.student@examiq.test',
  rollNumber: 'INV-50-001',
  course: '',
  branch: '',
  section: '',
  batch: '2050-2054',
});
const name = 'Nila Varma';
const newPassword = 'Nila#Own-Pass50';

/** The batch, course, branch and section the student is enrolled in, made through the API. */
async function createMasterData(request: APIRequestContext) {
  const create = await adminCreator(request);
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'B.A',
    fullName: 'Bachelor of Arts',
    totalSemesters: 6,
    durationYears: 3,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'History',
    code: 'HIS',
  });
  await create('create-section', { branchId: branch._id, name: 'C', capacity: 40 });
}

test('an admin invites a student by email, who sets a password with the link and signs in', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await createMasterData(request);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student/create-student');
  const choice = page
    .getByRole('region', { name: 'First Password' })
    .getByRole('group', { name: 'First password' });
  await expect(choice.getByRole('radio', { name: /Set a default password/ })).toBeChecked();
  // Keyboard: the arrow key moves the choice within the group.
  await choice.getByRole('radio', { name: /Set a default password/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: /Email an invitation/ })).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'Create student with the password choice');

  await fillStudentForm(page, student, {
    firstName: 'Nila',
    lastName: 'Varma',
    placement: {
      batch: '2050-2054',
      course: 'Bachelor of Arts',
      branch: 'History (HIS)',
      section: 'Section C',
    },
  });
  await page.getByRole('button', { name: 'Create Student' }).click();
  const sent = page.getByRole('dialog', { name: 'Student Created' });
  await expect(sent).toContainText(`An invitation was emailed to ${student.email}`);
  await expect(sent.getByLabel('Default password')).toHaveCount(0);
  await sent.getByRole('button', { name: 'Done' }).click();

  // The detail page offers to send it again, while the student has not signed in.
  await page.goto('/admin/student');
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: `View ${name}` })
    .click();
  await page.getByRole('button', { name: 'Resend Invitation' }).click();
  const confirm = page.getByRole('dialog', { name: 'Resend Invitation' });
  await confirm.getByRole('button', { name: 'Resend Invitation' }).click();
  await expect(page.getByText('Invitation sent again').first()).toBeVisible();

  // No SMTP_URL in the test server: the admin reads the newest message in the outbox.
  await page.getByRole('link', { name: 'Outbox' }).click();
  const row = page.getByRole('row').filter({ hasText: student.email }).first();
  await expect(row).toContainText('Kept, not sent');
  await row.getByText(/^You are invited to ExamIQ/).click();
  const text = await row.locator('details p').innerText();
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(text)?.[0] ?? '';
  expect(link).not.toBe('');
  await logout(page);

  // The link points at PUBLIC_URL; the test server is where this browser goes.
  const token = new URL(link).searchParams.get('token');
  await page.goto(`/set-password?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Set password');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Set password with messages');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible();

  await signIn(page, student.email, newPassword);
  await expect(page).toHaveURL(/\/student$/);

  // The link worked once.
  await logout(page);
  await page.goto(`/set-password?token=${token}`);
  await page.getByLabel('New password').fill('Another-Start-2050');
  await page.getByLabel('Confirm password').fill('Another-Start-2050');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(
    page
      .getByText(
        'This invitation link is invalid, used or has expired. Please ask the admin for a new one.',
      )
      .first(),
  ).toBeVisible();
});
