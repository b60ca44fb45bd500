import { validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

// This file's batch and people: other specs create their own records meanwhile.
const BATCH = { startYear: 2047, endYear: 2051 };
const RUN = Date.now().toString(36).toUpperCase();

/** Through the API: a course and branch with sections X and Y, and a student in each. */
async function createStudents(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function create(path: string, data: object) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: `Find ${RUN}`,
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
  const sections = [];
  for (const name of ['X', 'Y']) {
    sections.push(await create('create-section', { branchId: branch._id, name, capacity: 40 }));
  }
  const people = [
    ['Anaïs', 'Fernández', sections[0]._id],
    ['Tomas', 'Berg', sections[1]._id],
  ] as const;
  for (const [firstName, lastName, section] of people) {
    const payload = validStudentPayload({
      email: `${firstName.slice(0, 3).toLowerCase()}.${RUN.toLowerCase()}@examiq.test`,
      rollNumber: `FIND-${RUN}-${firstName.slice(0, 1)}`,
      course: course._id,
      branch: branch._id,
      section,
      batch: batch.name,
    });
    await create('create-student', {
      ...payload,
      personalInfo: { ...payload.personalInfo, firstName, lastName },
    });
  }
  return { batch: batch.name as string, course: course.fullName as string };
}

test('an admin finds a student by part of their name, narrows the list and comes back to it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const placement = await createStudents(request);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/student');
  const table = page.getByRole('table', { name: 'Students' });

  // Part of the last name, typed without its accent.
  await page.getByRole('searchbox', { name: 'Search students' }).fill('fernan');
  await expect(table.getByText('Anaïs Fernández')).toBeVisible();
  await expect(table.getByText('Tomas Berg')).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]search=fernan/);

  // The filters narrow the whole list to one section.
  await page.getByRole('searchbox', { name: 'Search students' }).fill('');
  await page.getByLabel('Batch').selectOption({ label: placement.batch });
  await page.getByLabel('Course').selectOption({ label: placement.course });
  await page.getByLabel('Branch').selectOption({ label: 'History (HIS)' });
  await page.getByLabel('Section').selectOption({ label: 'Section Y' });
  await expect(table.getByText('Tomas Berg')).toBeVisible();
  await expect(table.getByText('Anaïs Fernández')).toHaveCount(0);
  await expect(page.getByText('1 to 1 of 1 students')).toBeVisible();
  await expect(page).not.toHaveURL(/search=/);
  await expectAccessibleAtBothWidths(page, 'students list, filtered');

  // A student's page and Back: the same filtered list, its filters still chosen.
  const filtered = page.url();
  await page.getByRole('link', { name: 'View Tomas Berg' }).click();
  await expect(page.getByRole('heading', { name: 'Tomas Berg' })).toBeVisible();
  await page.goBack();
  expect(page.url()).toBe(filtered);
  await expect(table.getByText('Tomas Berg')).toBeVisible();
  await expect(page.getByLabel('Section')).toHaveValue(/.+/);
  await expect(page.getByText('1 to 1 of 1 students')).toBeVisible();

  // A shared link opens the same view in a new tab.
  const shared = await page.context().newPage();
  await shared.goto(filtered);
  await expect(
    shared.getByRole('table', { name: 'Students' }).getByText('Tomas Berg'),
  ).toBeVisible();
  await expect(shared.getByText('1 to 1 of 1 students')).toBeVisible();
});
