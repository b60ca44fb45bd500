import { validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fillStudentForm } from './support/person-form';
import {
  apiSignIn,
  completeFirstLogin,
  logout,
  readDefaultPassword,
  signIn,
} from './support/session';

// Years and names of this file only: the master data spec creates its own records meanwhile.
const BATCH = { startYear: 2041, endYear: 2045 };
const student = validStudentPayload({
  email: 'meera.iyer@examiq.test',
  rollNumber: 'PHY-41-007',
  course: '',
  branch: '',
  section: '',
  batch: '2041-2045',
});
const name = 'Meera Iyer';
const newPassword = 'Meera#Own-Pass9';

/** The batch, course, branch and section a student is enrolled in, made through the API. */
async function createMasterData(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function create(path: string, data: Record<string, unknown>): Promise<string> {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data._id;
  }
  const batchId = await create('create-batch', BATCH);
  const courseId = await create('create-course', {
    batchId,
    name: 'B.Sc',
    fullName: 'Bachelor of Science',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const branchId = await create('create-branch', { courseId, name: 'Physics', code: 'PHY' });
  await create('create-section', { branchId, name: 'B', capacity: 40 });
}

function fillCreateStudentForm(page: Page) {
  return fillStudentForm(page, student, {
    firstName: 'Meera',
    lastName: 'Iyer',
    placement: {
      batch: '2041-2045',
      course: 'Bachelor of Science',
      branch: 'Physics (PHY)',
      section: 'Section B',
    },
  });
}

test('an admin creates a student who resets the password, signs in, and is then deleted', async ({
  page,
  request,
}) => {
  // A long journey through three sign-ins; the other worker shares the machine meanwhile.
  test.setTimeout(120_000);
  await createMasterData(request);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Student' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/student\/create-student$/);

  // A field shows its message once it has been left.
  const rollNumber = page
    .getByRole('region', { name: 'Account Information' })
    .getByLabel('Roll Number');
  await rollNumber.fill('P1');
  await rollNumber.blur();
  await expect(page.getByText('Roll number must be at least 3 characters')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Create student with a message');

  await fillCreateStudentForm(page);
  await page.getByRole('button', { name: 'Create Student' }).click();
  await expect(page.getByText('Student created successfully')).toBeVisible();
  const defaultPassword = await readDefaultPassword(page);
  await expect(
    page.getByRole('region', { name: 'Account Information' }).getByLabel('Email'),
  ).toHaveValue('');

  await logout(page);
  await completeFirstLogin(page, { email: student.email, defaultPassword, newPassword });
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByText('Student Dashboard')).toBeVisible();
  await logout(page);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(student.rollNumber);
  await expect(row).toContainText('B.Sc / PHY / B');
  await expect(row).toContainText('Active');
  await expectAccessibleAtBothWidths(page, 'Student list');

  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(/\/admin\/student\/[0-9a-f-]{36}$/);
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name })).toBeVisible();
  await expect(profile).toContainText('B.Sc - Physics');
  await expect(profile).toContainText('Semester 1');
  await expect(profile).toContainText('Section B');
  await expect(profile).toContainText(student.rollNumber);
  await expect(page.getByRole('region', { name: 'Guardian' })).toContainText('Kiran Shah');
  await expect(page.getByRole('region', { name: 'Account Information' })).toContainText('student');
  await expectAccessibleAtBothWidths(page, 'Student detail');

  await page.getByRole('link', { name: 'Back to Students' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Student' });
  await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
  await expect(dialog).toContainText('This action cannot be undone');
  await expectAccessibleAtBothWidths(page, 'Delete student dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Student deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  const signInAfterDeletion = await request.post('/api/auth/login', {
    data: { email: student.email, password: newPassword },
  });
  expect(signInAfterDeletion.status()).toBe(401);
});
