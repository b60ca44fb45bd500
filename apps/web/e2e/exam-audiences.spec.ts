import { validStudentPayload } from '@examiq/contracts/test-support';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { adminCreator, apiSignIn, logout, signIn } from './support/session';
import {
  addSection,
  chooseAudience,
  createMasterData,
  fillExamInformation,
  next,
  openWizard,
  question,
} from './support/wizard';

const RUN = Date.now().toString(36);
const PASSWORD = 'Student#Common2029';

/** The server's wall-clock date of an instant, 'YYYY-MM-DD': the tests run on its machine. */
function localDate(instant: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

test('an admin sets one paper for two branches in the wizard, and a student of the second sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The spec's own year: 2030-2040 is made by no other spec.
  const { batch, audience } = await createMasterData(request, 2030);
  const create = await adminCreator(request);
  const { _id: courseId } = await create('create-course', {
    batchId: audience.batchId,
    name: 'M.E',
    fullName: 'Master of Engineering',
    totalSemesters: 4,
    durationYears: 2,
    courseType: 'PG',
  });
  const { _id: branchId } = await create('create-branch', {
    courseId,
    name: 'Electronics',
    code: 'ECE',
  });
  const { _id: sectionId } = await create('create-section', { branchId, name: 'A', capacity: 60 });
  const email = `common.${RUN}@examiq.test`;
  const { defaultPassword } = await create(
    'create-student',
    validStudentPayload({
      email,
      rollNumber: `COMMON-${RUN}`.toUpperCase(),
      batch,
      course: courseId,
      branch: branchId,
      section: sectionId,
    }),
  );
  const reset = await request.post('/api/auth/change-password', {
    data: {
      email,
      currentPassword: defaultPassword,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  const title = `Common Paper ${RUN}`;
  await openWizard(page);
  await fillExamInformation(page, { title, mode: 'Auto', totalMarks: '2' });
  await next(page);
  await chooseAudience(page, batch);

  const add = page.getByRole('button', { name: 'Add another branch' });
  await add.focus();
  await page.keyboard.press('Enter');
  const second = page.getByRole('group', { name: 'Branch 2' });
  await expect(second.getByLabel('Branch', { exact: true })).toBeDisabled();
  // An incomplete group keeps the step from being left.
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await second
    .getByLabel('Course', { exact: true })
    .selectOption({ label: 'Master of Engineering' });
  await second.getByLabel('Branch', { exact: true }).selectOption({ label: 'Electronics (ECE)' });
  await second.getByRole('group', { name: 'Sections' }).getByLabel('Section A').check();
  await expectAccessibleAtBothWidths(page, 'Wizard: Target Audience with two branches');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: test.info().outputPath('audience-two-branches-phone.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('audience-two-branches.png') });

  // A third group can be added and removed again from the keyboard.
  await add.click();
  const third = page.getByRole('group', { name: 'Branch 3' });
  await third.getByRole('button', { name: 'Remove Branch 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(third).toHaveCount(0);
  await next(page);

  await page.getByLabel('Start Date').fill(localDate(new Date()));
  await page.getByLabel('End Date').fill(localDate(new Date(Date.now() + 86_400_000)));
  await next(page);
  await addSection(page, 1, {
    name: 'True or false',
    marks: '2',
    type: 'True/False',
    questions: '1',
  });
  await next(page);
  const card = question(page, 1, 1);
  await card.getByLabel('Question Text').fill('Both branches sit this same paper.');
  await card.getByLabel('Explanation').fill('One exam serves several branches of a batch.');
  await card.getByLabel('Marks').fill('2');
  await card.getByRole('checkbox', { name: 'Correct (True)' }).check();

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText(/1 section, and 1 more branch$/)).toBeVisible();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const body = await (await created).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  await page.goto(`/admin/exam/${body.data.exam._id}`);
  const others = page.getByText('Also sitting this paper');
  await expect(others).toBeVisible();
  await expect(
    page.getByText('Electronics (ECE), Master of Engineering · Section A'),
  ).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam page with two branches');
  await page.screenshot({ path: test.info().outputPath('exam-page-two-branches.png') });

  // The sittings and the results name each student's section, and filter by one.
  const examId = body.data.exam._id as string;
  await page.goto(`/admin/exam/${examId}/sittings`);
  const row = page.getByRole('row', { name: /COMMON-/ });
  await expect(row.getByRole('cell', { name: 'ECE · A' })).toBeVisible();
  const filter = page.getByLabel('Student section');
  await expect(filter.getByRole('option')).toHaveText(['All sections', 'CSE · A', 'ECE · A']);
  await filter.selectOption({ label: 'CSE · A' });
  await expect(page).toHaveURL(/section=/);
  await expect(row).toHaveCount(0);
  await filter.selectOption({ label: 'ECE · A' });
  await expect(row).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Sittings of two branches');
  await page.screenshot({ path: test.info().outputPath('sittings-by-section.png') });
  await page.goto(`/admin/exam/${examId}/results`);
  await expect(page.getByLabel('Student section')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Results of two branches');
  await page.screenshot({ path: test.info().outputPath('results-by-section.png') });
  await page.goto(`/admin/exam/${examId}/report`);
  const bySection = page.getByRole('table', { name: 'By student section' });
  await expect(bySection.getByRole('row')).toHaveCount(3);
  await expect(bySection.getByRole('row', { name: /ECE · A/ })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Report of two branches');
  await bySection.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('report-by-section.png') });

  await logout(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await expect(
    page.getByRole('region', { name: 'Available now' }).getByRole('article', { name: title }),
  ).toBeVisible();

  // The API agrees: the exam is this student's to sit.
  const { tokens } = await apiSignIn(request, email, PASSWORD);
  const mine = await request.get('/api/student/get-my-exams', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const listed = (await mine.json()).data.exams as { _id: string }[];
  expect(listed.map((exam) => exam._id)).toContain(body.data.exam._id);
});
