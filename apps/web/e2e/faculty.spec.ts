import { validFacultyPayload } from '@examiq/contracts/test-support';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fillContactInfo } from './support/person-form';
import { completeFirstLogin, logout, readDefaultPassword, signIn } from './support/session';

const faculty = validFacultyPayload({
  email: 'anand.menon@examiq.test',
  employeeId: 'EMP-E2E-77',
});
const name = 'Anand Menon';
const newPassword = 'Anand#Own-Pass9';

async function fillCreateFacultyForm(page: Page) {
  const account = page.getByRole('region', { name: 'Account Information' });
  await account.getByLabel('Email').fill(faculty.email);
  await account.getByLabel('Joining Date').fill(faculty.joiningDate);

  const personal = page.getByRole('region', { name: 'Personal Information' });
  await personal.getByLabel('First Name').fill('Anand');
  await personal.getByLabel('Last Name').fill('Menon');
  await personal.getByLabel('Date of Birth').fill('1984-02-29');
  await personal.getByLabel('Gender').selectOption({ label: 'Male' });
  await personal.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await personal.getByLabel('Nationality').fill(faculty.personalInfo.nationality);
  await personal.getByLabel('Religion').fill(faculty.personalInfo.religion);
  await personal.getByLabel('Photo URL').fill(faculty.personalInfo.photo);

  await fillContactInfo(page, faculty.contactInfo);

  const professional = page.getByRole('region', { name: 'Professional Information' });
  const { professionalInfo } = faculty;
  await professional.getByLabel('Employee ID').fill(professionalInfo.employeeId);
  await professional.getByLabel('Department').fill(professionalInfo.department);
  await professional.getByLabel('Designation').fill(professionalInfo.designation);

  const qualification = page.getByRole('group', { name: 'Qualification 1' });
  await qualification.getByLabel('Degree').fill('M.Tech');
  await qualification.getByLabel('Institution').fill('IIT Bombay');
  await qualification.getByLabel('Year').fill('2012');
  await qualification.getByLabel('Percentage').fill('82.5');

  const experience = page.getByRole('region', { name: 'Experience' });
  await experience.getByLabel('Total Years of Experience').fill('11');
  await experience.getByRole('button', { name: 'Add Previous Institution' }).click();
  const previous = page.getByRole('group', { name: 'Previous Institution 1' });
  await previous.getByLabel('Institution Name').fill('VIT Pune');
  await previous.getByLabel('Designation').fill('Assistant Professor');
  await previous.getByLabel('Duration').fill('5 years');
  await previous.getByLabel('From').fill('2013-07-01');
  await previous.getByLabel('To').fill('2018-06-30');
}

test('an admin creates a faculty member who resets the password, signs in, and is then deleted', async ({
  page,
  request,
}) => {
  // A long journey through three sign-ins; the other worker shares the machine meanwhile.
  test.setTimeout(120_000);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Faculty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Faculty' })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/admin\/faculty\/create-faculty$/);

  await fillCreateFacultyForm(page);
  await expectAccessibleAtBothWidths(page, 'Create faculty');
  await page.getByRole('button', { name: 'Create Faculty' }).click();
  await expect(page.getByText('Faculty created successfully')).toBeVisible();
  const defaultPassword = await readDefaultPassword(page);

  await logout(page);
  await completeFirstLogin(page, { email: faculty.email, defaultPassword, newPassword });
  await expect(page).toHaveURL(/\/faculty$/);
  await expect(page.getByText('Faculty Dashboard')).toBeVisible();
  await logout(page);

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/faculty');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(faculty.professionalInfo.employeeId);
  await expect(row).toContainText('Associate Professor');
  await expectAccessibleAtBothWidths(page, 'Faculty list');

  await row.getByRole('link', { name: `View ${name}` }).click();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByRole('heading', { name })).toBeVisible();
  await expect(profile).toContainText('Computer Science');
  await expect(profile).toContainText('1 Jul 2020');
  await expect(page.getByRole('region', { name: 'Personal Information' })).toContainText('Married');
  await expect(page.getByRole('region', { name: 'Professional Information' })).toContainText(
    '11 years',
  );
  await expect(page.getByRole('region', { name: 'Educational Qualifications' })).toContainText(
    'IIT Bombay',
  );
  await expect(page.getByRole('region', { name: 'Previous Experience' })).toContainText('VIT Pune');
  await expect(page.getByRole('region', { name: 'Account Information' })).not.toContainText(
    'Never',
  );
  await expectAccessibleAtBothWidths(page, 'Faculty detail');

  await page.getByRole('link', { name: 'Back to Faculty' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Faculty Member' });
  await expect(dialog).toContainText('courses, schedules and student assignments');
  await expectAccessibleAtBothWidths(page, 'Delete faculty dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Faculty member deleted successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  const signInAfterDeletion = await request.post('/api/auth/login', {
    data: { email: faculty.email, password: newPassword },
  });
  expect(signInAfterDeletion.status()).toBe(401);
});
