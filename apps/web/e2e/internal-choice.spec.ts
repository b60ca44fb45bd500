import { ATTEMPT_MESSAGES, answerAnyNotice } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { signIn } from './support/session';
import {
  createOneSectionExam,
  createSitting,
  SITTING_PASSWORD,
  saveState,
} from './support/sittings';

/** This spec's batch: no other spec's records meet its own. */
const START_YEAR = 2020;

const QUESTIONS = [
  'State Ohm’s law.',
  'Define electric power.',
  'What does a fuse protect?',
  'Name the unit of resistance.',
];

/**
 * Through the API: an exam for the sitting's section, open from today to tomorrow, whose one
 * section asks the student to answer any 2 of its 4 one-mark questions (2 marks).
 */
async function createChoiceExam(request: APIRequestContext, sittingExamId: string) {
  const title = `Electricity Basics ${Date.now().toString(36)}`;
  const { examId } = await createOneSectionExam(request, sittingExamId, {
    title,
    passingMarks: 1,
    section: {
      name: 'Short questions',
      marks: 2,
      questionType: 'MCQ',
      totalQuestions: 4,
      answerAny: 2,
      instructions: ['Each question carries 1 mark.'],
    },
    questions: QUESTIONS.map((questionText, index) => ({
      ...validQuestions.MCQ(index + 1),
      questionText,
      options: [
        { text: 'The first answer', isCorrect: true },
        { text: 'The second answer', isCorrect: false },
      ],
    })),
  });
  return { examId, title };
}

const answer = (page: Page, number: number) =>
  page
    .getByRole('article', { name: `Question ${number}` })
    .getByRole('radio', { name: 'The first answer' })
    .check();

test('a student is told before the start to answer any 2 of 4, sees the count, and may answer a third', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const sitting = await createSitting(request, 'choice', { batchStartYear: START_YEAR });
  const exam = await createChoiceExam(request, sitting.examId);
  const notice = answerAnyNotice(2, 4);

  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${exam.examId}`);
  await expect(page.getByText(notice)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Lobby with internal choice');
  await page.screenshot({ path: test.info().outputPath('lobby-desktop.png'), fullPage: true });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: test.info().outputPath('lobby-phone.png'), fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);

  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByText(notice)).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: 'answered' });
  await expect(count).toHaveText('0 of 2 answered');
  await answer(page, 1);
  await expect(count).toHaveText('1 of 2 answered');
  await answer(page, 2);
  await expect(count).toHaveText('2 of 2 answered');
  // A third answer is taken, and the page says the best two count.
  await answer(page, 3);
  await expect(count).toHaveText('3 answered: your best 2 count');
  await expect(
    page
      .getByRole('article', { name: 'Question 3' })
      .getByRole('radio', { name: 'The first answer' }),
  ).toBeChecked();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  await expectAccessibleAtBothWidths(page, 'Attempt with internal choice');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath('attempt-desktop.png') });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: test.info().outputPath('attempt-phone.png') });
});
