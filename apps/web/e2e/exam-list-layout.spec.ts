import { validExamPayload, validFacultyPayload } from '@examiq/contracts/test-support';
import { expect, type Locator, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';

const BATCH = { startYear: 2044, endYear: 2049 };
const RUN = Date.now().toString(36).toUpperCase();
const SUBJECT = `Operating Systems ${RUN}`;
const TITLE = 'Operating Systems Mid-Semester Examination';

/** The texts inside `within` that are cut: wider than the box that shows them. */
function cutTexts(within: Locator) {
  return within.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.textContent?.trim() ?? ''),
  );
}

test('at 1280 px the exam list shows every title, mode and schedule whole', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
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
  const branch = await create('create-branch', { courseId: course._id, name: 'CSE', code: 'CSE' });
  const section = await create('create-section', { branchId: branch._id, name: 'A', capacity: 60 });
  const proctor = await create(
    'create-faculty',
    validFacultyPayload({
      email: `exam.list.${RUN.toLowerCase()}@examiq.test`,
      employeeId: `EMP-EL-${RUN}`,
    }),
  );
  const payload = validExamPayload({
    batchId: batch._id,
    courseId: course._id,
    branchId: branch._id,
    sectionIds: [section._id],
    assignedFacultyIds: [proctor.faculty.userId._id],
  });
  await create('create-exam', { ...payload, examTitle: TITLE, subject: SUBJECT });

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`/admin/exam/all-exam?search=${encodeURIComponent(RUN)}`);
  const table = page.getByRole('table', { name: 'Exams' });
  const row = table.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Proctoring')).toBeVisible();
  expect(await cutTexts(row)).toEqual([]);
  // Nothing of the table is out of sight sideways.
  const region = page.getByRole('region', { name: 'Exams' });
  expect(await region.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(1);
  await expectAccessibleAtBothWidths(page, 'exam list with a long title');
});
