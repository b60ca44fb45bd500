import { isDeepStrictEqual } from 'node:util';
import {
  ATTEMPT_LIMITS,
  type CreateExamPayload,
  EXAM_RECORD_MESSAGES,
  type ExamDetail,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  examAttempts,
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  questions,
} from '../../db/schema';
import { ApiError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { newPaperVersion } from '../attempts/exam-paper';
import { sittingWindow } from '../attempts/exam-window';
import { recordAudit } from '../audit/audit';
import { drawPoolsOf } from '../banks/exam-questions';
import { queueExamMessages } from '../mail/exam-messages';
import { checkAudience, checkDuration, withCanonicalIds } from './check-exam';
import { listColumns, scheduleDetailsOf } from './exam-header';
import { rowsOf } from './exam-rows';
import { payloadOf, readDetail } from './exam-view';

/**
 * Everything but the end of the schedule and its buffers, in a form two payloads of the same exam
 * compare equal in: ids are the server's, and the sections and faculty chosen are sets.
 */
function lockedPartOf(exam: CreateExamPayload) {
  const { scheduleDetails: schedule, examSections: parts, questions: list, ...rest } = exam;
  const start =
    'examDate' in schedule
      ? [schedule.examDate, schedule.startTime]
      : [schedule.startDate, schedule.startTime ?? null];
  return JSON.parse(
    JSON.stringify({
      ...rest,
      sectionIds: [...new Set(rest.sectionIds)].sort(),
      additionalAudiences: rest.additionalAudiences
        .map((group) => ({ ...group, sectionIds: [...new Set(group.sectionIds)].sort() }))
        .sort((a, b) => a.branchId.localeCompare(b.branchId)),
      assignedFacultyIds: [...new Set(rest.assignedFacultyIds)].sort(),
      start,
      examSections: parts.map(({ id: _id, ...section }) => section),
      // Where a question came from is not what it asks: a copy sent back written is the same.
      questions: list.map((section) =>
        section.map(
          ({ id: _id, bankQuestionId: _bank, bankVersion: _version, ...question }) => question,
        ),
      ),
    }),
  );
}

/** Replaces the exam's own columns and writes its sections, questions and audience anew. */
async function replaceExam(
  tx: AppDatabase,
  actorUserId: string,
  id: string,
  exam: CreateExamPayload,
) {
  // Drawn sections draw from their banks as they stand at this save; only admins save exams.
  const pools = await drawPoolsOf(tx, { userId: actorUserId, role: 'admin' }, exam);
  const rows = rowsOf(exam, pools, '', id);
  const { id: _id, createdBy: _createdBy, ...columns } = rows.exam;
  await tx
    .update(exams)
    .set({ ...columns, paperVersion: newPaperVersion })
    .where(eq(exams.id, id));
  await tx.delete(examSections).where(eq(examSections.examId, id));
  await tx.delete(examTargetSections).where(eq(examTargetSections.examId, id));
  await tx.delete(examFaculty).where(eq(examFaculty.examId, id));
  await tx.insert(examTargetSections).values(rows.targetSections);
  if (rows.faculty.length > 0) await tx.insert(examFaculty).values(rows.faculty);
  await tx.insert(examSections).values(rows.sections);
  if (rows.questions.length > 0) await tx.insert(questions).values(rows.questions);
}

/**
 * Moves the end of the schedule and the buffers, and the deadlines of the sittings in progress
 * with them: each is the earlier of its start plus the duration and the window's new end, plus
 * the extra time it had.
 */
async function moveScheduleEnd(tx: AppDatabase, id: string, exam: CreateExamPayload) {
  const schedule = exam.scheduleDetails;
  const [moved] = await tx
    .update(exams)
    .set({
      ...('examDate' in schedule
        ? { endTime: schedule.endTime }
        : { endDate: schedule.endDate, endTime: schedule.endTime ?? null }),
      bufferBeforeMinutes: schedule.bufferTime.beforeExam,
      bufferAfterMinutes: schedule.bufferTime.afterExam,
    })
    .where(eq(exams.id, id))
    .returning(listColumns);
  if (!moved) throw new Error('An update returned no row');
  const endsAt = sittingWindow(scheduleDetailsOf(moved)).endsAt;
  const base = sql`least(${examAttempts.startedAt} + make_interval(mins => ${moved.durationMinutes}), ${endsAt.toISOString()}::timestamptz)`;
  const extra = sql`(${examAttempts.deadlineAt} - ${examAttempts.baseDeadlineAt})`;
  await tx
    .update(examAttempts)
    .set({
      baseDeadlineAt: base,
      deadlineAt: sql`${base} + ${extra}`,
      dueAt: sql`${base} + ${extra} + make_interval(secs => ${ATTEMPT_LIMITS.saveGraceMs / 1000})`,
    })
    .where(and(eq(examAttempts.examId, id), eq(examAttempts.status, 'IN_PROGRESS')));
}

/**
 * Saves an exam again with the create's rules. What may change depends on where the exam stands
 * (`changeScopeOf`); the change, its audit entry and, when it publishes the exam, the job that
 * announces it to its students commit together.
 */
export async function updateExam(
  db: AppDatabase,
  jobs: JobRunner,
  actorUserId: string,
  id: string,
  input: CreateExamPayload,
  now: Date,
): Promise<ExamDetail> {
  const exam = withCanonicalIds(input);
  const saved = await db.transaction(async (tx) => {
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, id)).for('update');
    const before = await readDetail(tx, id, now);
    if (before.changeScope === 'NONE')
      throw new ApiError(409, EXAM_RECORD_MESSAGES.resultsPublished);
    if (before.changeScope === 'FULL') {
      await checkDuration(tx, exam);
      await checkAudience(tx, exam);
      await replaceExam(tx, actorUserId, id, exam);
    } else {
      if (!isDeepStrictEqual(lockedPartOf(exam), lockedPartOf(payloadOf(before)))) {
        throw new ApiError(409, EXAM_RECORD_MESSAGES.scheduleEndOnly);
      }
      await moveScheduleEnd(tx, id, exam);
    }
    const after = await readDetail(tx, id, now);
    const published = before.examStatus !== after.examStatus;
    await recordAudit(tx, actorUserId, {
      action: published
        ? after.examStatus === 'PUBLISH'
          ? 'exam.publish'
          : 'exam.unpublish'
        : 'exam.update',
      recordType: 'exam',
      recordId: id,
      recordLabel: after.examTitle,
      summary:
        before.changeScope === 'FULL'
          ? `Saved exam ${after.examId} as ${after.examStatus}`
          : `Moved the end of exam ${after.examId}'s schedule or its buffers`,
      changes: {
        scheduleDetails: { from: before.scheduleDetails, to: after.scheduleDetails },
        // Stricter or looser rules change what a sitting risks: the record says when and who.
        ...(isDeepStrictEqual(before.proctoringThresholds, after.proctoringThresholds)
          ? {}
          : {
              proctoringThresholds: {
                from: before.proctoringThresholds,
                to: after.proctoringThresholds,
              },
            }),
      },
    });
    if (published && after.examStatus === 'PUBLISH') {
      await queueExamMessages(tx, jobs, id, 'exam-scheduled');
    }
    return after;
  });
  jobs.wake();
  return saved;
}
