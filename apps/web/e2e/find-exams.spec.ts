import { validExamPayload, validFacultyPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';

// This file's batch and exams: other specs create their own records meanwhile. The subject
// carries the run, so a search for it can only find this run's exams.
const BATCH = { startYear: 2043, endYear: 2047 };
const RUN = Date.now().toString(36).toUpperCase();
const SUBJECT = `Palaeography ${RUN}`;

/** Through the API: an AUTO draft and a PROCTORING exam of the same subject, in a batch of its own. */
async function createExams(request: APIRequestContext) {
  const create = await adminCreator(request);
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'M.A',
    fullName: 'Master of Arts',
    totalSemesters: 4,
    durationYears: 2,
    courseType: 'PG',
  });
  const branch = await create('create-branch', {
    courseId: course._id,
    name: 'History',
    code: 'HIS',
  });
  const section = await create('create-section', { branchId: branch._id, name: 'P', capacity: 30 });
  const faculty = await create(
    'create-faculty',
    validFacultyPayload({
      email: `find.exams.${RUN.toLowerCase()}@examiq.test`,
      employeeId: `EMP-FE-${RUN}`,
    }),
  );
  const audience = {
    batchId: batch._id,
    courseId: course._id,
    branchId: branch._id,
    sectionIds: [section._id],
  };
  await create('create-exam', {
    ...validExamPayload(audience),
    examTitle: 'Dating Charters',
    subject: SUBJECT,
  });
  await create('create-exam', {
    ...validExamPayload({ ...audience, assignedFacultyIds: [faculty.faculty.userId._id] }),
    examTitle: 'Reading Seals',
    subject: SUBJECT,
  });
}

test('an admin finds exams by part of their subject, narrows them by mode and comes back to the list', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await createExams(request);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/exam/all-exam');
  const table = page.getByRole('table', { name: 'Exams' });

  // Part of the subject, in lower case.
  await page.getByRole('searchbox', { name: 'Search exams' }).fill(`graphy ${RUN.toLowerCase()}`);
  await expect(table.getByText('Dating Charters')).toBeVisible();
  await expect(table.getByText('Reading Seals')).toBeVisible();
  await expect(page.getByText('1 to 2 of 2 exams')).toBeVisible();

  await page.getByLabel('Mode').selectOption({ label: 'Proctoring' });
  await expect(table.getByText('Dating Charters')).toHaveCount(0);
  await expect(table.getByText('Reading Seals')).toBeVisible();
  await expect(page.getByText('1 to 1 of 1 exams')).toBeVisible();
  await expect(page).toHaveURL(/[?&]mode=PROCTORING/);
  await expect(page).toHaveURL(/[?&]search=graphy/);
  await expectAccessibleAtBothWidths(page, 'exam list, searched and filtered');

  // An exam's page and Back: the same list, its search and filter still in place.
  const filtered = page.url();
  await page.getByRole('link', { name: 'View Reading Seals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading Seals' })).toBeVisible();
  await page.goBack();
  expect(page.url()).toBe(filtered);
  await expect(table.getByText('Reading Seals')).toBeVisible();
  await expect(table.getByText('Dating Charters')).toHaveCount(0);
  await expect(page.getByLabel('Mode')).toHaveValue('PROCTORING');
  await expect(page.getByRole('searchbox', { name: 'Search exams' })).toHaveValue(
    `graphy ${RUN.toLowerCase()}`,
  );

  // A shared link opens the same view in a new tab.
  const shared = await page.context().newPage();
  await shared.goto(filtered);
  await expect(
    shared.getByRole('table', { name: 'Exams' }).getByText('Reading Seals'),
  ).toBeVisible();
  await expect(shared.getByText('1 to 1 of 1 exams')).toBeVisible();
});
