import {
  type AnswerFile,
  type AnswerToGrade,
  isWrittenQuestion,
  type ScoredAnswer,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { type AnswerColumns, answerText } from '../attempts/answer-text';
import { savedAnswers } from '../attempts/attempt-records';
import { examPaper, type PaperQuestion, questionsOfAttempt } from '../attempts/exam-paper';
import type { BlindCodes } from '../results/blind-codes';
import { countedQuestions, drawnPapers, isAnswered } from '../results/scores';

/** Who is marking, and the keyed names marking goes by. */
export interface Marker {
  userId: string;
  codes: BlindCodes;
}

/** The answers of one script that have marks, with how their marks were last set. */
const scoredAnswersStatement = preparedSql<
  AnswerColumns & {
    question_id: string;
    awarded_marks: number;
    override_reason: string | null;
    marked_at: Date | null;
  }
>(
  'scored_answers_of_script',
  `select question_id, selected_option, text, response, awarded_marks::float8 as awarded_marks,
    override_reason, marked_at
  from attempt_answers where attempt_id = $1 and awarded_marks is not null`,
);

/** A script's answers the server scored, in paper order, each readable as its student gave it. */
export async function scoredAnswersOf(
  db: AppDatabase,
  marker: Marker,
  exam: { id: string; paperVersion: string },
  attemptId: string,
): Promise<{ answers: ScoredAnswer[]; questions: PaperQuestion[] }> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const internalChoice = paper.sections.some((section) => section.answerAny !== null);
  const [rows, layouts, saved] = await Promise.all([
    scoredAnswersStatement(db, [attemptId]),
    drawnPapers(db, paper, exam.id, [attemptId]),
    internalChoice ? savedAnswers(db).execute({ attemptId }) : [],
  ]);
  const byQuestion = new Map(rows.map((row) => [row.question_id, row]));
  const givenAnswers = new Map(
    saved.map((answer) => [
      answer.questionId,
      { awardedMarks: answer.awardedMarks, answered: isAnswered(answer) },
    ]),
  );
  // The script's own questions, numbered through its paper, with the answers that count.
  const layout = layouts.get(attemptId) ?? null;
  const numbered = paper.sections.flatMap((section) => {
    const questions = questionsOfAttempt(paper, layout, section);
    const counted = countedQuestions(section, questions, givenAnswers);
    return questions.map((question) => ({ section, question, counted }));
  });
  const answers: ScoredAnswer[] = [];
  const shown: PaperQuestion[] = [];
  numbered.forEach(({ section, question, counted }, index) => {
    const row = byQuestion.get(question.id);
    if (!row || isWrittenQuestion(question.questionType)) return;
    shown.push(question);
    answers.push({
      _id: marker.codes.markingId(marker.userId, attemptId, question.id),
      questionId: question.id,
      sectionName: section.name,
      number: index + 1,
      questionText: question.questionText,
      questionType: question.questionType,
      outOf: question.marks,
      answer: answerText(question, row),
      marks: row.awarded_marks,
      overrideReason: row.override_reason,
      markedAt: row.marked_at?.toISOString() ?? null,
      ...(counted &&
        givenAnswers.get(question.id)?.answered && { counted: counted.has(question.id) }),
    });
  });
  return { answers, questions: shown };
}

/**
 * An answer as its evaluator sees it: by an id made for this marker and the script's code, named
 * only once results are published. Nothing in it joins to an attempt id or a time of the student's.
 */
export function answerOf(
  { userId, codes }: Marker,
  answer: {
    attemptId: string;
    questionId: string;
    studentName: string | null;
    text: string;
    marks: number | null;
    comment: string | null;
    markedAt: Date | null;
    /** A file upload question's files, in the answer's order. */
    files?: AnswerFile[];
  },
): AnswerToGrade {
  return {
    _id: codes.markingId(userId, answer.attemptId, answer.questionId),
    attemptCode: codes.attemptCode(answer.attemptId),
    studentName: answer.studentName,
    questionId: answer.questionId,
    text: answer.text,
    ...(answer.files ? { files: answer.files } : {}),
    marks: answer.marks,
    comment: answer.comment,
    markedAt: answer.markedAt?.toISOString() ?? null,
  };
}
