import {
  REPORT_LIMITS,
  RESULT_MESSAGES,
  type RegradeData,
  type RegradeRequest,
} from '@examiq/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { type AnswerResponse, exams, questions, regradeJobs } from '../../db/schema';
import { ApiError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { examPaper, newPaperVersion } from '../attempts/exam-paper';
import { responseMarks } from '../attempts/scoring';
import { recordAudit } from '../audit/audit';
import type { BlindCodes } from '../results/blind-codes';
import {
  drawnPapers,
  examEnded,
  publishedExam,
  resultFacts,
  type SectionMarks,
  scoreAttempt,
  sectionMarks,
} from '../results/scores';
import {
  type CorrectedKey,
  correctedKeyOf,
  type QuestionRow,
  questionOfExam,
  recordedCorrection,
} from './corrected-key';
import { getRegradeJob, type JobRow, REGRADE_JOB, type RegradeJobInput } from './regrade-job';

type ExamRow = typeof exams.$inferSelect;

/**
 * The submitted answers to the question whose marks the corrected key changes, with their
 * students: the marks each has and, for a single-choice key ($3), the marks the new key gives.
 * Every answer comes for another key, with its response to score here.
 */
const changedAnswersStatement = preparedSql<{
  attempt_id: string;
  first_name: string;
  last_name: string;
  roll_number: string;
  response: AnswerResponse | null;
  marks_before: number;
  marks_after: number | null;
}>(
  'regrade_changed_answers',
  `select * from (
    select attempt.id as attempt_id, student.first_name, student.last_name, student.roll_number,
      answer.response, coalesce(answer.awarded_marks, 0)::float8 as marks_before,
      (case when answer.selected_option = $3::int then $4::int else 0 end)::float8 as marks_after
    from exam_attempts as attempt
    inner join attempt_answers as answer
      on answer.attempt_id = attempt.id and answer.question_id = $2
        and answer.override_reason is null
    inner join students as student on student.user_id = attempt.student_user_id
    where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
  ) as answer
  where $3::int is null or marks_before <> marks_after
  order by roll_number, attempt_id`,
);

/**
 * Each answer's marks in a section with internal choice, with one answer's marks changed: which
 * of equal marks is that answer's makes no difference to the best K.
 */
function oneMarkChanged(marks: number[], before: number, after: number): number[] {
  const index = marks.indexOf(before);
  return marks.map((each, position) => (position === index ? after : each));
}

/** Whose results the corrected key changes, total or pass/fail, before and after. */
async function regradeChanges(
  db: AppDatabase,
  codes: BlindCodes,
  exam: ExamRow,
  question: QuestionRow,
  corrected: CorrectedKey,
): Promise<Omit<RegradeData, 'job'>> {
  const rows = await changedAnswersStatement(db, [
    exam.id,
    question.id,
    'correctOption' in corrected ? corrected.correctOption : null,
    question.marks,
  ]);
  const answers = rows.flatMap((row) => {
    const marksAfter =
      'key' in corrected
        ? responseMarks(corrected.key, question.marks, row.response)
        : (row.marks_after as number);
    return marksAfter === row.marks_before ? [] : [{ ...row, marks_after: marksAfter }];
  });
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const attemptIds = answers.map((answer) => answer.attempt_id);
  const [marks, layouts] = await Promise.all([
    sectionMarks(db, paper, exam.id, attemptIds),
    drawnPapers(db, paper, exam.id, attemptIds),
  ]);
  const changes = answers.flatMap((answer) => {
    const sections = marks.get(answer.attempt_id);
    const layout = layouts.get(answer.attempt_id) ?? null;
    const before = scoreAttempt(exam, paper, sections, layout);
    const withCorrection = new Map(sections);
    const section = withCorrection.get(question.sectionId) as SectionMarks;
    withCorrection.set(question.sectionId, {
      ...section,
      marks: section.marks - answer.marks_before + answer.marks_after,
      answerMarks:
        section.answerMarks &&
        oneMarkChanged(section.answerMarks, answer.marks_before, answer.marks_after),
    });
    const after = scoreAttempt(exam, paper, withCorrection, layout);
    if (before.total === after.total && before.passed === after.passed) return [];
    return [
      {
        attemptCode: codes.attemptCode(answer.attempt_id),
        studentName: `${answer.first_name} ${answer.last_name}`,
        rollNumber: answer.roll_number,
        totalBefore: before.total,
        totalAfter: after.total,
        passedBefore: before.passed,
        passedAfter: after.passed,
      },
    ];
  });
  return {
    changes: changes.slice(0, REPORT_LIMITS.regradeChangesListed),
    attemptsAffected: changes.length,
    passChanges: changes.filter((change) => change.passedBefore !== change.passedAfter).length,
  };
}

const runningJobOf = (db: Pick<AppDatabase, 'select'>, examId: string) =>
  db
    .select({ id: regradeJobs.id })
    .from(regradeJobs)
    .where(and(eq(regradeJobs.examId, examId), eq(regradeJobs.status, 'RUNNING')))
    .limit(1);

/**
 * Corrects a choice question's answer key, once every sitting of the exam is over. A dry run
 * only reports whose results change; otherwise the key is corrected and a job re-scores every
 * submitted answer to the question in the background.
 */
export async function regradeQuestion(
  db: AppDatabase,
  codes: BlindCodes,
  examId: string,
  payload: RegradeRequest,
  requestedBy: string,
  now: () => Date,
  jobs: JobRunner,
): Promise<RegradeData> {
  const exam = await publishedExam(db, examId);
  const [question] = await questionOfExam(db).execute({
    questionId: payload.questionId,
    examId: exam.id,
  });
  if (!question) throw new ApiError(404, RESULT_MESSAGES.questionNotFound);
  const corrected = correctedKeyOf(question, payload);
  const facts = (await resultFacts(db, [exam.id])).get(exam.id);
  if (!facts || !examEnded(exam, facts, now())) {
    throw new ApiError(409, RESULT_MESSAGES.regradeWhileSitting);
  }
  if ((await runningJobOf(db, exam.id)).length > 0) {
    throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
  }
  const changes = await regradeChanges(db, codes, exam, question, corrected);
  if (payload.dryRun) return { ...changes, job: null };

  const keys =
    'correctOption' in corrected
      ? {
          previousCorrectOption: question.correctOption,
          correctOption: corrected.correctOption,
          previousAnswerKey: null,
          answerKey: null,
        }
      : {
          previousCorrectOption: null,
          correctOption: null,
          previousAnswerKey: question.answerKey,
          answerKey: corrected.stored,
        };
  const recorded = recordedCorrection(question, corrected);
  const job = await db.transaction(async (tx) => {
    // Two admins applying at once: the second waits here, then finds the first one's job.
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id)).for('update');
    if ((await runningJobOf(tx, exam.id)).length > 0) {
      throw new ApiError(409, RESULT_MESSAGES.regradeRunning);
    }
    await tx
      .update(questions)
      .set(
        'correctOption' in corrected
          ? { correctOption: corrected.correctOption }
          : { answerKey: corrected.stored },
      )
      .where(eq(questions.id, question.id));
    await tx.update(exams).set({ paperVersion: newPaperVersion }).where(eq(exams.id, exam.id));
    const [created] = await tx
      .insert(regradeJobs)
      .values({
        examId: exam.id,
        questionId: question.id,
        ...keys,
        total: facts.submitted,
        requestedBy,
        createdAt: now(),
      })
      .returning();
    await recordAudit(
      tx,
      requestedBy,
      {
        action: 'exam.regrade-question',
        recordType: 'exam',
        recordId: exam.id,
        recordLabel: exam.title,
        summary: `Corrected a question's answer key ${recorded.summary}: ${facts.submitted} submitted attempts are marked again`,
        changes: { questionId: question.id, ...recorded.change },
      },
      now(),
    );
    const input: RegradeJobInput = { regradeId: (created as JobRow).id };
    await jobs.add(tx, REGRADE_JOB, input);
    return created as JobRow;
  });
  jobs.wake();
  return { ...changes, job: await getRegradeJob(db, job.id) };
}
