import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, logout, signIn } from './support/session';
import {
  createOneSectionExam,
  createSitting,
  SITTING_PASSWORD,
  saveState,
} from './support/sittings';

/** This spec's batch: no other spec's records meet its own, so its course's bank is its own. */
const START_YEAR = 2021;
const EASY = Array.from({ length: 8 }, (_, index) => `Which law holds at node ${index + 1}?`);
const HARD = 'Which transient settles first in the RC circuit?';

/**
 * Through the API, for the sitting's section: outcomes CO1 (the Easy questions) and CO2 (the Hard
 * one), Unit 3 of the course's bank with eight Easy and one Hard Ready MCQ of 1 mark, and an exam
 * open from today to tomorrow whose one section draws "2 Easy + 1 Hard" from Unit 3.
 */
async function createDrawnExam(request: APIRequestContext, sittingExamId: string) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  };
  const found = await request.get(`/api/admin/get-exam/${sittingExamId}`, { headers });
  expect(found.status(), await found.text()).toBe(200);
  const { courseId } = (await found.json()).data.exam;
  await post(`set-course-outcomes/${courseId}`, {
    outcomes: [
      { code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 },
      { code: 'CO2', description: 'Analyse transients', targetPercent: 60 },
    ],
  });
  for (const [questionText, difficulty, code] of [
    ...EASY.map((text) => [text, 'EASY', 'CO1'] as const),
    [HARD, 'HARD', 'CO2'] as const,
  ]) {
    await post('create-bank-question', {
      courseId,
      category: 'Unit 3',
      tags: [],
      bloomLevel: difficulty === 'EASY' ? 'APPLY' : 'ANALYSE',
      courseOutcomes: [code],
      status: 'READY',
      ...validQuestions.MCQ(),
      questionText,
      difficulty,
      options: [
        { text: 'The first answer', isCorrect: true },
        { text: 'The second answer', isCorrect: false },
      ],
    });
  }
  const rule = { courseId, category: 'Unit 3', includeSubcategories: true, tags: [] };
  const title = `Circuit Laws Drawn ${Date.now().toString(36)}`;
  const { examId } = await createOneSectionExam(request, sittingExamId, {
    title,
    passingMarks: 1,
    section: {
      name: 'Circuit laws',
      marks: 3,
      questionType: 'MCQ',
      totalQuestions: 3,
      instructions: ['Each question carries 1 mark.'],
      draw: [
        { ...rule, count: 2, difficulty: 'EASY' },
        { ...rule, count: 1, difficulty: 'HARD' },
      ],
    },
    questions: [],
  });
  return { examId, courseId: courseId as string, title, headers };
}

/**
 * Starts the exam through the API: the question texts of the paper drawn for the student, and a
 * way to submit it unanswered.
 */
async function startPaper(request: APIRequestContext, email: string, examId: string) {
  const { tokens } = await apiSignIn(request, email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { attempt, sections } = (await started.json()).data;
  return {
    paper: (sections[0].questions as { questionText: string }[])
      .map((question) => question.questionText)
      .sort(),
    submit: async () => {
      const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, {
        headers,
        data: {},
      });
      expect(submitted.status(), await submitted.text()).toBe(200);
    },
  };
}

/**
 * The student resumes the attempt in the browser, finds the paper drawn at the start (the same
 * after a reload), answers the Easy questions right and the Hard one right or wrong, and submits.
 */
async function sitPaper(
  page: Page,
  {
    email,
    examId,
    paper,
    hardRight,
  }: { email: string; examId: string; paper: string[]; hardRight: boolean },
) {
  await signIn(page, email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${examId}`);
  await page.getByRole('link', { name: 'Resume exam' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Circuit laws' })).toBeVisible();
  const questions = page.getByRole('article', { name: /^Question \d$/ });
  await expect(questions).toHaveCount(3);
  for (const text of paper) {
    const question = questions.filter({ hasText: text });
    const right = text !== HARD || hardRight;
    await question
      .getByRole('radio', { name: right ? 'The first answer' : 'The second answer' })
      .check();
  }
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  if (hardRight) await expectAccessibleAtBothWidths(page, 'Attempt on a drawn paper');
  await page.reload();
  for (const text of paper) await expect(questions.filter({ hasText: text })).toHaveCount(1);
  await page.getByRole('button', { name: 'Submit exam' }).click();
  await page
    .getByRole('dialog', { name: 'Submit exam?' })
    .getByRole('button', { name: 'Submit exam' })
    .click();
  await expect(page.getByRole('region', { name: 'Exam submitted' })).toBeVisible();
  await logout(page);
}

test('two students sit papers of their own drawn from a bank, of equal marks, and the bank and CO report count them', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'drawn', { batchStartYear: START_YEAR });
  const exam = await createDrawnExam(request, sitting.examId);

  // Twenty-eight papers are possible: students join until one is given a paper unlike the first's.
  const first = {
    email: sitting.email,
    ...(await startPaper(request, sitting.email, exam.examId)),
  };
  let second: { email: string; paper: string[] } | undefined;
  let blank = 0;
  for (let tries = 1; !second && tries <= 6; tries += 1) {
    const email = await sitting.enrol(`drawn${tries}`);
    const started = await startPaper(request, email, exam.examId);
    // A student given the first paper again hands it in blank: results wait for every sitting.
    if (started.paper.join() === first.paper.join()) {
      await started.submit();
      blank += 1;
    } else second = { email, paper: started.paper };
  }
  if (!second) throw new Error('Six students were all given the first paper');
  for (const { paper } of [first, second]) {
    expect(paper.filter((text) => EASY.includes(text))).toHaveLength(2);
    expect(paper).toContain(HARD);
  }

  await sitPaper(page, { ...first, examId: exam.examId, hardRight: true });
  await sitPaper(page, { ...second, examId: exam.examId, hardRight: false });
  const published = await request.post(`/api/admin/publish-results/${exam.examId}`, {
    headers: exam.headers,
    data: {},
  });
  expect(published.status(), await published.text()).toBe(200);

  // Each result is out of the same 3 marks, on the student's own questions.
  for (const [{ email, paper }, score] of [
    [first, '3 / 3'],
    [second, '2 / 3'],
  ] as const) {
    await signIn(page, email, SITTING_PASSWORD);
    await expect(page).toHaveURL(/\/student$/);
    await page.goto(`/student/result/${exam.examId}`);
    await expect(page.getByRole('region', { name: 'Your score' })).toContainText(score);
    await expect(page.getByText('1 mark to pass')).toBeVisible();
    for (const text of paper) await expect(page.getByText(text)).toBeVisible();
    if (email === second.email) {
      await expectAccessibleAtBothWidths(page, 'Result of a drawn paper');
      await screenshotsAtBothWidths(page, 'drawn-paper-result');
    }
    await logout(page);
  }

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/question-bank?course=${exam.courseId}`);
  // Both sat the Hard question, one of them right; a paper handed in blank had it too.
  const hard = page
    .getByRole('table', { name: 'Questions' })
    .getByRole('row')
    .filter({ hasText: HARD });
  await expect(hard).toContainText(`${Math.round(100 / (2 + blank))}%`);
  await expect(hard).toContainText(`Used ${2 + blank} times`);
  await page.goto(`/admin/exam/${exam.examId}/report`);
  // An Easy question on one of the two papers only says how many attempts were given it.
  await expect(page.getByRole('table', { name: 'Questions' })).toContainText(/\d of \d given it/);
  await screenshotsAtBothWidths(page, 'drawn-exam-report');
  await page.getByRole('link', { name: 'CO attainment' }).click();
  const outcomes = page.getByRole('table', { name: 'Course outcome attainment' });
  // A paper handed in blank was assessed on both outcomes too, and attained neither.
  const assessed = 2 + blank;
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO1' })).toContainText(
    `2 of ${assessed}`,
  );
  await expect(outcomes.getByRole('row').filter({ hasText: 'CO2' })).toContainText(
    `1 of ${assessed}`,
  );
  await expectAccessibleAtBothWidths(page, 'CO attainment of a drawn exam');
});
