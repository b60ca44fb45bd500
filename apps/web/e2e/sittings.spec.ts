import { validExamPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

// Batch years of this file only; other specs create theirs meanwhile. Titles, emails and roll
// numbers carry the run.
const BATCH = { startYear: 2026, endYear: 2030 };
const RUN = Date.now().toString(36).toUpperCase();
const nandini = { firstName: 'Nandini', lastName: 'Rao', rollNumber: `SIT-${RUN}-01` };
const STUDENTS = [nandini, { firstName: 'Tarun', lastName: 'Bose', rollNumber: `SIT-${RUN}-02` }];

/** A published exam for one section of two students, made through the API. */
async function createExamWithStudents(request: APIRequestContext) {
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
    name: 'B.E',
    fullName: 'Bachelor of Engineering',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'Computer Science',
    code: 'CSE',
  });
  const section = await create('create-section', {
    branchId: branch._id,
    name: 'A',
    capacity: 60,
  });
  for (const student of STUDENTS) {
    const payload = validStudentPayload({
      email: `${student.firstName.toLowerCase()}.${RUN.toLowerCase()}@examiq.test`,
      rollNumber: student.rollNumber,
      course: course._id,
      branch: branch._id,
      section: section._id,
      batch: `${BATCH.startYear}-${BATCH.endYear}`,
    });
    await create('create-student', {
      ...payload,
      personalInfo: {
        ...payload.personalInfo,
        firstName: student.firstName,
        lastName: student.lastName,
      },
    });
  }
  const title = `Sittings Check ${RUN}`;
  await create('create-exam', {
    ...validExamPayload({
      batchId: batch._id,
      courseId: course._id,
      branchId: branch._id,
      sectionIds: [section._id],
      examStatus: 'PUBLISH',
    }),
    examTitle: title,
  });
  return title;
}

test('an admin opens an exam’s sittings, finds a student and grants them extra time', async ({
  page,
  request,
}) => {
  const title = await createExamWithStudents(request);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/exam/all-exam');

  await page.getByRole('link', { name: `Sittings of ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/[^/]+\/sittings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sittings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exam' })).toContainText(title);
  const table = page.getByRole('table', { name: 'Sittings' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('1 to 2 of 2 students')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Sittings');

  await page.getByRole('searchbox', { name: 'Search students' }).fill('nandini');
  await expect(page).toHaveURL(/\?search=nandini$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Nandini Rao/ });
  await expect(row).toContainText(nandini.rollNumber);
  await expect(row).toContainText('Not started');

  await row.getByRole('button', { name: 'Extra time for Nandini Rao' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extra time for Nandini Rao' });
  await expect(dialog).toContainText('No extra time granted yet.');
  await expectAccessibleAtBothWidths(page, 'Extra time dialog');
  await dialog.getByLabel('Total extra time (minutes)').fill('601');
  await dialog.getByLabel('Total extra time (minutes)').blur();
  await expect(dialog.getByText('Extra time cannot exceed 600 minutes')).toBeVisible();
  await dialog.getByLabel('Total extra time (minutes)').fill('20');
  await dialog.getByRole('button', { name: 'Grant extra time' }).click();

  await expect(page.getByText('Extra time granted')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('20 min');

  // The search stays in the address: a reload shows the same student with the new allowance.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search students' })).toHaveValue('nandini');
  await expect(table.getByRole('row', { name: /Nandini Rao/ })).toContainText('20 min');
  await page.getByRole('link', { name: 'Back to Exams' }).click();
  await expect(page).toHaveURL(/\/admin\/exam\/all-exam$/);
});
