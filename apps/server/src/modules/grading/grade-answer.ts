import {
  type AnswerToGrade,
  type GradeAnswerPayload,
  isWrittenQuestion,
  RESULT_MESSAGES,
} from '@examiq/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { attemptAnswers } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { answerFilesOf, fileIdsOf, filesByIds } from '../attempts/answer-files';
import { recordAudit } from '../audit/audit';
import { refreshBankStatistics } from '../banks/bank-statistics';
import { queueLtiScores } from '../lti/score-sends';
import type { SignedLinks } from '../media/media-links';
import { assertEvaluator } from './evaluators';
import { answerOf, type Marker } from './scored-answers';

/** The answer with what grading it depends on: its attempt, question, exam and student. */
const answerToGradeStatement = preparedSql<{
  exam_id: string;
  marks_before: number | null;
  status: 'IN_PROGRESS' | 'SUBMITTED';
  question_type: string;
  marks: number;
  answered: boolean;
  published: boolean;
  student_name: string;
  exam_title: string;
}>(
  'answer_to_grade',
  `select submitted.exam_id, answer.awarded_marks::float8 as marks_before, exam.title as exam_title, submitted.status, question.question_type, question.marks,
    answer.attempt_id is not null as answered, exam.results_published_at is not null as published,
    student.first_name || ' ' || student.last_name as student_name
  from exam_attempts as submitted
  inner join exams as exam on exam.id = submitted.exam_id
  inner join students as student on student.user_id = submitted.student_user_id
  inner join questions as question on question.id = $2
  inner join exam_sections as section
    on section.id = question.section_id and section.exam_id = submitted.exam_id
  left join attempt_answers as answer
    on answer.attempt_id = submitted.id and answer.question_id = question.id
  where submitted.id = $1`,
);

/**
 * Marks a written answer of a submitted attempt, or changes the marks the server gave an answer
 * it scored, for a reason. Marking after the results are published is a correction: the
 * student's result is computed from the marks, so it follows at once.
 */
export async function gradeAnswer(
  db: AppDatabase,
  marker: Marker,
  { answerId, marks, comment, reason }: GradeAnswerPayload,
  now: Date,
  fileLinks: SignedLinks,
  jobs: JobRunner,
): Promise<AnswerToGrade> {
  const { userId } = marker;
  // An id made for another marker, or made up, names nothing.
  const answer = marker.codes.answerOf(userId, answerId);
  if (!answer) throw new ApiError(404, RESULT_MESSAGES.answerNotFound);
  const { attemptId, questionId } = answer;
  const [target] = await answerToGradeStatement(db, [attemptId, questionId]);
  if (!target?.answered) throw new ApiError(404, RESULT_MESSAGES.answerNotFound);
  await assertEvaluator(db, target.exam_id, userId);
  const written = isWrittenQuestion(target.question_type);
  const overrideReason = written ? null : reason || null;
  if (!written && !overrideReason) {
    throw new FieldErrors({ reason: RESULT_MESSAGES.overrideReasonRequired });
  }
  if (marks > target.marks) {
    throw new FieldErrors({ marks: RESULT_MESSAGES.marksAboveQuestion(target.marks) });
  }
  if (target.status !== 'SUBMITTED') throw new ApiError(409, RESULT_MESSAGES.notSubmitted);
  const graded = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(attemptAnswers)
      .set({
        awardedMarks: marks,
        comment: comment || null,
        overrideReason,
        markedBy: userId,
        markedAt: now,
      })
      .where(
        and(eq(attemptAnswers.attemptId, attemptId), eq(attemptAnswers.questionId, questionId)),
      )
      .returning();
    if (!row) throw new ApiError(404, RESULT_MESSAGES.answerNotFound);
    // By the attempt's code, as the evaluator marks it: the log does not name the student. The
    // record id is the answer's own, which only the admin reads.
    const code = marker.codes.attemptCode(attemptId);
    const record = {
      recordType: 'answer',
      recordId: `${attemptId}.${questionId}`,
      recordLabel: `${target.exam_title} · ${code}`,
    } as const;
    await recordAudit(
      tx,
      userId,
      overrideReason
        ? {
            action: 'answer.override-score',
            ...record,
            summary: `Changed the score of an answer of ${code} from ${target.marks_before ?? 0} to ${marks} of ${target.marks}: ${overrideReason}`,
            changes: { marks, marksBefore: target.marks_before, reason: overrideReason },
          }
        : {
            action: 'answer.grade',
            ...record,
            summary: `Marked an answer of ${code}: ${marks} of ${target.marks}`,
            changes: { marks, comment: row.comment },
          },
      now,
    );
    // A re-evaluation of a published result: the LMS learns the student's new score.
    if (target.published) await queueLtiScores(tx, jobs, target.exam_id);
    return row;
  });
  // A correction after publishing changes what the bank's statistics were computed from.
  if (target.published) await refreshBankStatistics(db, target.exam_id, now);
  const files =
    target.question_type === 'FILE_UPLOAD'
      ? answerFilesOf(
          fileLinks,
          graded.response,
          await filesByIds(db, fileIdsOf(graded.response)),
          now,
        )
      : undefined;
  return answerOf(marker, {
    attemptId,
    questionId,
    studentName: target.published ? target.student_name : null,
    text: graded.text ?? '',
    ...(files ? { files } : {}),
    marks: graded.awardedMarks,
    comment: graded.comment,
    markedAt: graded.markedAt,
  });
}
