import { AUTH_MESSAGES, PEOPLE_MESSAGES } from '@examiq/contracts';
import { validFacultyPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { expectAuditHistory } from './support/audit';
import { adminCreator, apiSignIn, signIn } from './support/session';

// Years and names of this file only: other specs create their own records meanwhile.
const BATCH = { startYear: 2048, endYear: 2052 };

/** A student in master data of their own, made through the API; their id and default password. */
async function createStudent(request: APIRequestContext) {
  const create = await adminCreator(request);
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'B.Com',
    fullName: 'Bachelor of Commerce',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'Accounting',
    code: 'ACC',
  });
  const section = await create('create-section', {
    branchId: branch._id,
    name: 'C',
    capacity: 40,
  });
  const payload = validStudentPayload({
    email: 'rohan.mehta@examiq.test',
    rollNumber: 'ACC-38-011',
    course: course._id,
    branch: branch._id,
    section: section._id,
    batch: batch.name,
  });
  const created = await create('create-student', {
    ...payload,
    personalInfo: { ...payload.personalInfo, firstName: 'Rohan', lastName: 'Mehta' },
  });
  return { id: created.student._id as string, email: payload.email };
}

test('an admin edits a student, resets their password and deactivates them', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const student = await createStudent(request);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/student/${student.id}`);
  await expect(page.getByRole('heading', { name: 'Rohan Mehta' })).toBeVisible();

  // Edit: the create form, filled in, back to the details with a toast.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/student/${student.id}/edit$`));
  const personal = page.getByRole('region', { name: 'Personal Information' });
  await expect(personal.getByLabel('First Name')).toHaveValue('Rohan');
  const academic = page.getByRole('region', { name: 'Academic Information' });
  await expect(academic.getByLabel('Section')).toHaveValue(/.+/);
  await expect(academic.getByLabel('Branch')).toHaveValue(/.+/);
  await expectAccessibleAtBothWidths(page, 'Edit student');
  await personal.getByLabel('First Name').fill('Rohit');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PEOPLE_MESSAGES.studentUpdated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/student/${student.id}$`));
  await expect(page.getByRole('heading', { name: 'Rohit Mehta' })).toBeVisible();

  // Reset password: shown once in a dialog, copied with its button.
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page
    .getByRole('dialog', { name: 'Reset Password' })
    .getByRole('button', { name: 'Reset Password' })
    .click();
  const shown = page.getByRole('dialog', { name: 'Password Reset' });
  await expect(shown).toContainText('Rohit Mehta');
  const password = await shown.getByLabel('Default password').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  await expectAccessibleAtBothWidths(page, 'Password reset dialog');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const studentSession = await apiSignIn(request, student.email, password);
  expect(studentSession.user.isFirstLogin).toBe(true);
  const me = () =>
    request.get('/api/auth/me', {
      headers: { Authorization: `Bearer ${studentSession.tokens.accessToken}` },
    });
  expect((await me()).status()).toBe(200);

  // Deactivate: the profile says Inactive, the student's session ends, sign-in is refused.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Account' });
  await expectAccessibleAtBothWidths(page, 'Deactivate dialog');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText(PEOPLE_MESSAGES.accountDeactivated)).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByText('Inactive')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Deactivated student detail');
  expect((await me()).status()).toBe(401);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, student.email, password);
  await expect(page.getByText(AUTH_MESSAGES.accountDisabled)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expectAuditHistory(page, { type: 'student', id: student.id }, [
    'Student account deactivated',
    'Student password reset',
    'Student edited',
    'Student created',
  ]);
});

test('the faculty edit page and the account dialogs of a faculty member pass axe', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const create = await adminCreator(request);
  const created = await create(
    'create-faculty',
    validFacultyPayload({ email: 'kavita.nair@examiq.test', employeeId: 'EMP-MP-48' }),
  );
  const detailPath = `/admin/faculty/${created.faculty._id}`;

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`${detailPath}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Faculty' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Vikram');
  await expectAccessibleAtBothWidths(page, 'Edit faculty');

  await page.goto(detailPath);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const confirmReset = page.getByRole('dialog', { name: 'Reset Password' });
  await expectAccessibleAtBothWidths(page, 'Faculty reset password dialog');
  await confirmReset.getByRole('button', { name: 'Reset Password' }).click();
  const shown = page.getByRole('dialog', { name: 'Password Reset' });
  await expect(shown.getByLabel('Default password')).toHaveValue(/.{12,}/);
  await expectAccessibleAtBothWidths(page, 'Faculty password reset dialog');
  await shown.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('dialog', { name: 'Deactivate Account' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Faculty deactivate dialog');
});
