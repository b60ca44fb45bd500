import {
  acceptedAnswerText,
  acceptedBlankTexts,
  RESULT_MESSAGES,
  type ResultQuestion,
  type StudentResultData,
} from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { examSections, type QuestionPart, questions } from '../../db/schema';
import { ApiError } from '../../errors';
import { answerFilesOf, filesOfAttempt } from '../attempts/answer-files';
import { savedAnswers, visibleExam } from '../attempts/attempt-records';
import {
  examPaper,
  type PaperQuestion,
  type PaperSection,
  type QuestionKey,
  questionsOfAttempt,
} from '../attempts/exam-paper';
import { examHeaderWithMarksOf } from '../exams/exam-header';
import { type MediaLinks, mediaIdsOf, mediaUrlsFor, type SignedLinks } from '../media/media-links';
import { countedQuestions, isAnswered, scoreAttempt, sectionMarks } from './scores';

/** What a published result may show of each question beyond what the student saw sitting it. */
const questionKeys = perDatabase((db) =>
  db
    .select({
      id: questions.id,
      correctOption: questions.correctOption,
      modelAnswer: sql<
        string | null
      >`coalesce(${questions.modelAnswer}, ${questions.sampleAnswer})`,
      explanation: questions.explanation,
    })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .where(eq(examSections.examId, sql.placeholder('examId')))
    .prepare('exam_question_keys'),
);

/** The key of a question scored by more than one option as a published result shows it. */
function shownKey(key: QuestionKey | undefined) {
  switch (key?.questionType) {
    case 'MULTI_SELECT':
      return { correctOptionIds: [...key.correctOptions].map(String) };
    case 'NUMERICAL':
      return {
        acceptedAnswers: key.numericAnswers.map((answer) =>
          acceptedAnswerText(answer, key.units[0]?.unit),
        ),
      };
    case 'FILL_IN_BLANKS':
      return { acceptedBlanks: key.blanks.map(acceptedBlankTexts) };
    case 'MATCHING':
      return {
        correctMatches: Object.fromEntries(key.pairs.map(({ prompt, match }) => [prompt, match])),
      };
    case 'ORDERING':
      return { correctOrder: key.order };
    default:
      return undefined;
  }
}

const idAndText = (parts: QuestionPart[]) => parts.map(({ id, text }) => ({ _id: id, text }));

/** What a matching or ordering question offered, in an order that is not the key's. */
function partsShown(question: PaperQuestion) {
  return {
    ...(question.prompts && { prompts: idAndText(question.prompts) }),
    ...(question.matches && { matchChoices: idAndText(question.matches) }),
    ...(question.items && { items: idAndText(question.items) }),
  };
}

export async function studentResult(
  db: AppDatabase,
  userId: string,
  examId: string,
  now: Date,
  links: { media: MediaLinks; answerFiles: SignedLinks },
): Promise<StudentResultData> {
  const { exam, attempt } = await visibleExam(db, userId, examId);
  if (!exam.resultsPublishedAt) throw new ApiError(404, RESULT_MESSAGES.notPublished);
  if (attempt?.status !== 'SUBMITTED') throw new ApiError(404, RESULT_MESSAGES.noResult);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const [marks, answers, keys] = await Promise.all([
    sectionMarks(db, paper, exam.id, [attempt.id]),
    savedAnswers(db).execute({ attemptId: attempt.id }),
    exam.showAnswersAfterPublish ? questionKeys(db).execute({ examId: exam.id }) : [],
  ]);
  const score = scoreAttempt(exam, paper, marks.get(attempt.id), attempt.layout);
  const takesFiles = [...paper.questionById.values()].some((question) => question.upload);
  const files = new Map(
    (takesFiles ? await filesOfAttempt(db, attempt.id) : []).map((file) => [file.id, file]),
  );
  const answerOf = new Map(
    answers.map((answer) => [answer.questionId, { ...answer, answered: isAnswered(answer) }]),
  );
  const keyOf = new Map(keys.map((key) => [key.id, key]));
  const given = paper.sections.map((section) => questionsOfAttempt(paper, attempt.layout, section));
  // The images of the questions, and of the key where it is shown; never of a student's answer.
  const shown = mediaIdsOf(keys.flatMap((key) => [key.modelAnswer, key.explanation]));
  for (const question of given.flat()) for (const id of question.mediaIds) shown.add(id);
  return {
    exam: examHeaderWithMarksOf(exam, { showAnswersAfterPublish: exam.showAnswersAfterPublish }),
    total: score.total,
    passed: score.passed,
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    sections: score.sections.map((section, index) => {
      const paperSection = paper.sections[index] as PaperSection;
      const questionsGiven = given[index] ?? [];
      const counted = countedQuestions(paperSection, questionsGiven, answerOf);
      return {
        ...section,
        ...(paperSection.answerAny !== null && { answerAny: paperSection.answerAny }),
        questions: questionsGiven.map((question): ResultQuestion => {
          const answer = answerOf.get(question.id);
          const key = keyOf.get(question.id);
          return {
            _id: question.id,
            questionText: question.questionText,
            questionType: question.questionType,
            marks: question.marks,
            // Unanswered has no row and scores 0, as the section's marks count it.
            awardedMarks: answer ? answer.awardedMarks : 0,
            ...(question.options && {
              options: question.options.map((text, position) => ({ _id: String(position), text })),
            }),
            ...partsShown(question),
            selectedOptionId: answer?.selectedOption == null ? null : String(answer.selectedOption),
            text: answer?.text ?? null,
            ...answer?.response,
            ...(question.upload && {
              files: answerFilesOf(links.answerFiles, answer?.response ?? null, files, now),
            }),
            comment: answer?.comment ?? null,
            ...(key && {
              correctOptionId: key.correctOption === null ? null : String(key.correctOption),
              ...shownKey(paper.keyById.get(question.id)),
              modelAnswer: key.modelAnswer,
              explanation: key.explanation,
            }),
            ...(counted && answer?.answered && { counted: counted.has(question.id) }),
          };
        }),
      };
    }),
    ...mediaUrlsFor(links.media, shown, exam.id, now),
  };
}
