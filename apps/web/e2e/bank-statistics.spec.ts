import {
  validExamPayload,
  validQuestions,
  validStudentPayload,
} from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, apiSignIn, signIn } from './support/session';
import { localDate } from './support/sittings';

// The batch 2028-2032 is this spec's own: no other spec creates it, so its course has one exam.
const BATCH = { startYear: 2028, endYear: 2032 };
const PASSWORD = 'Student#Bank2028';

/**
 * Through the API: a course with outcomes CO1 (target 60%) and CO2 (50%), two Ready MCQs of its
 * bank (one toward each), an exam of the two for section A, and two students of A who sit it: the
 * first answers both right, the second the first only. Results are published.
 */
async function gradedBankExam(request: APIRequestContext) {
  const create = await adminCreator(request);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const post = async (path: string, data: object = {}) => {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  };
  const { _id: batchId } = await create('create-batch', BATCH);
  const { _id: courseId } = await create('create-course', {
    batchId,
    name: 'B.E',
    fullName: 'Bachelor of Engineering',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const { _id: branchId } = await create('create-branch', { courseId, name: 'EEE', code: 'EEE' });
  const { _id: sectionId } = await create('create-section', { branchId, name: 'A', capacity: 60 });
  await post(`set-course-outcomes/${courseId}`, {
    outcomes: [
      { code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 },
      { code: 'CO2', description: 'Analyse transients', targetPercent: 50 },
    ],
  });
  const bankIds: string[] = [];
  for (const [index, code] of ['CO1', 'CO2'].entries()) {
    const { _id } = await create('create-bank-question', {
      courseId,
      category: 'Unit 1',
      bloomLevel: index === 0 ? 'APPLY' : 'ANALYSE',
      courseOutcomes: [code],
      status: 'READY',
      ...validQuestions.MCQ(index + 1),
      questionText: `Kirchhoff question ${index + 1}: which law conserves charge?`,
    });
    bankIds.push(_id);
  }
  const payload = validExamPayload({
    batchId,
    courseId,
    branchId,
    sectionIds: [sectionId],
    examStatus: 'PUBLISH',
  });
  const { exam } = await create('create-exam', {
    ...payload,
    examTitle: 'Circuits Unit Test',
    totalMarks: 2,
    passingMarks: 1,
    scheduleDetails: {
      startDate: localDate(new Date()),
      endDate: localDate(new Date(Date.now() + 86_400_000)),
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    examSections: [
      {
        name: 'Circuits',
        order: '1',
        marks: 2,
        questionType: 'MCQ',
        totalQuestions: 2,
        timeLimit: 0,
        isOptional: false,
        instructions: ['Pick one option.'],
      },
    ],
    questions: [bankIds.map((bankQuestionId) => ({ bankQuestionId }))],
  });
  for (const [index, choices] of [
    ['0', '0'],
    ['0', '1'],
  ].entries()) {
    const email = `bank-stats-${index}.${Date.now().toString(36)}@examiq.test`;
    const { defaultPassword } = await create('create-student', {
      ...validStudentPayload({
        email,
        rollNumber: `BANK-${Date.now().toString(36)}-${index}`.toUpperCase(),
        course: courseId,
        branch: branchId,
        section: sectionId,
        batch: `${BATCH.startYear}-${BATCH.endYear}`,
      }),
    });
    const changed = await request.post('/api/auth/change-password', {
      data: {
        email,
        currentPassword: defaultPassword,
        newPassword: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    const student = await apiSignIn(request, email, PASSWORD);
    const studentHeaders = { Authorization: `Bearer ${student.tokens.accessToken}` };
    const started = await request.post(`/api/student/start-exam/${exam._id}`, {
      headers: studentHeaders,
    });
    expect(started.status(), await started.text()).toBe(200);
    const view = (await started.json()).data;
    const questionIds = view.sections[0].questions.map((question: { _id: string }) => question._id);
    const saved = await request.put(`/api/student/save-answers/${view.attempt._id}`, {
      headers: studentHeaders,
      data: {
        seq: 1,
        answers: choices.map((option, at) => ({
          questionId: questionIds[at],
          selectedOptionId: option,
        })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const submitted = await request.post(`/api/student/submit-exam/${view.attempt._id}`, {
      headers: studentHeaders,
      data: {},
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  await post(`publish-results/${exam._id}`);
  return { courseId, examId: exam._id as string };
}

test('after grading, the bank shows each question’s statistics and the CO report its attainment', async ({
  page,
  request,
}) => {
  // Seeding, three screens and axe at both widths each: a loaded machine needs more time.
  test.setTimeout(150_000);
  const { courseId, examId } = await gradedBankExam(request);

  await signIn(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Question bank' }).first().click();
  await page.getByLabel('Course').selectOption(courseId);
  const questions = page.getByRole('table', { name: 'Questions' });
  const first = questions.getByRole('row').filter({ hasText: 'Kirchhoff question 1' });
  const second = questions.getByRole('row').filter({ hasText: 'Kirchhoff question 2' });
  // Both students scored question 1 (too easy); one of two scored question 2.
  await expect(first).toContainText('100%');
  await expect(first).toContainText('Too easy');
  await expect(second).toContainText('50%');
  await page.getByLabel('Statistics').selectOption({ label: 'Too easy' });
  await expect(second).toHaveCount(0);
  await expect(first).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'bank statistics');
  await screenshotsAtBothWidths(page, 'bank-statistics');

  await first.getByRole('link', { name: /^View/ }).click();
  const statistics = page.getByRole('region', { name: 'Statistics from the sittings' });
  const version = statistics.getByRole('row').filter({ hasText: 'Version 1' });
  await expect(version).toContainText('100%');
  await expect(version).toContainText('A 100%');
  await expectAccessibleAtBothWidths(page, 'version statistics');
  await screenshotsAtBothWidths(page, 'version-statistics');

  await page.goto(`/admin/exam/${examId}/report`);
  await page.getByRole('link', { name: 'CO attainment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CO Attainment' })).toBeVisible();
  const outcomes = page.getByRole('table', { name: 'Course outcome attainment' });
  // CO1: both reach 60% of its mark; CO2: one of two reaches 50% of its mark, level 1 (≥ 40%).
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO1' })).toContainText('2 of 2');
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO1' })).toContainText('Level 3');
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO2' })).toContainText('1 of 2');
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO2' })).toContainText('Level 1');
  const chart = page.getByRole('img', { name: 'Attainment by outcome' });
  await expect(chart.locator('svg .recharts-bar-rectangle')).toHaveCount(2);
  // The bands' thresholds cross the bars, each named by its level.
  await expect(chart.locator('svg .recharts-reference-line-line')).toHaveCount(3);
  for (const level of ['Level 1', 'Level 2', 'Level 3']) {
    await expect(chart.locator('svg').getByText(level, { exact: true })).toBeVisible();
  }
  await expect(
    page.getByRole('table', { name: 'Marks by Bloom’s level' }).getByRole('row', { name: /Apply/ }),
  ).toContainText('50%');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/-co-attainment\.xlsx$/);
  await expectAccessibleAtBothWidths(page, 'CO attainment');
  await screenshotsAtBothWidths(page, 'co-attainment');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({
    path: test.info().outputPath('co-attainment-print.png'),
    fullPage: true,
  });
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/admin/question-bank/course/${courseId}`);
  await page.getByRole('link', { name: 'CO attainment report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Course CO Attainment' })).toBeVisible();
  await expect(page.getByText('Over 1 exam: Circuits Unit Test')).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Course outcome attainment' })
      .getByRole('row', { name: /CO2/ }),
  ).toContainText('1 of 2');
  await expectAccessibleAtBothWidths(page, 'course CO attainment');
  await screenshotsAtBothWidths(page, 'course-co-attainment');
});
