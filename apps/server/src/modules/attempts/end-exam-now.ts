import {
  ATTEMPT_MESSAGES,
  END_EXAM_MESSAGES,
  type EndExamNowData,
  type ScheduleDetails,
} from '@examiq/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { examAttempts, exams } from '../../db/schema';
import { ApiError } from '../../errors';
import { wallClockInstant, wallClockMinute } from '../../wall-clock';
import { recordAudit } from '../audit/audit';
import { listColumns, scheduleDetailsOf } from '../exams/exam-header';
import { announceSubmitted } from '../proctoring/monitor';
import type { ProctoringNotifier } from '../proctoring/notifier';
import { sittingWindow } from './exam-window';
import { finaliseAttempt } from './submit-exam';

interface EndableExam {
  status: 'DRAFT' | 'PUBLISH';
  resultsPublishedAt: Date | null;
  scheduleDetails: ScheduleDetails;
}

/**
 * Why "End exam now" would be refused, or null when it is accepted: the exam must be published
 * and running, and either its window still open or someone still writing (extra time can run past
 * the window). The new end is the current wall-clock minute, which must come after the start.
 */
export function endNowRefusal(exam: EndableExam, inProgress: number, now: Date): string | null {
  if (exam.status === 'DRAFT') return END_EXAM_MESSAGES.draft;
  if (exam.resultsPublishedAt) return END_EXAM_MESSAGES.alreadyEnded;
  const window = sittingWindow(exam.scheduleDetails);
  if (now < window.startsAt) return END_EXAM_MESSAGES.notStarted;
  if (now >= window.endsAt) return inProgress > 0 ? null : END_EXAM_MESSAGES.alreadyEnded;
  if (wallClockInstant(wallClockMinute(now)) <= window.startsAt)
    return END_EXAM_MESSAGES.startedThisMinute;
  return null;
}

const inProgressCount = (examId: string) => sql<number>`(select count(*)::int from ${examAttempts}
  where ${examAttempts.examId} = ${examId} and ${examAttempts.status} = 'IN_PROGRESS')`;

/** Closes the window at the current minute (when still open), audited, on the exam's row lock. */
async function closeWindow(db: AppDatabase, actorUserId: string, examId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [exam] = await tx
      .select({
        ...listColumns,
        resultsPublishedAt: exams.resultsPublishedAt,
        inProgressCount: inProgressCount(examId),
      })
      .from(exams)
      .where(eq(exams.id, examId))
      .for('update');
    if (!exam) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
    const before = scheduleDetailsOf(exam);
    const refusal = endNowRefusal({ ...exam, scheduleDetails: before }, exam.inProgressCount, now);
    if (refusal) throw new ApiError(409, refusal);
    let after = before;
    if (sittingWindow(before).endsAt > now) {
      const [date, time] = wallClockMinute(now).split('T') as [string, string];
      const [moved] = await tx
        .update(exams)
        .set(exam.mode === 'PROCTORING' ? { endTime: time } : { endDate: date, endTime: time })
        .where(eq(exams.id, examId))
        .returning(listColumns);
      if (!moved) throw new Error('An update returned no row');
      after = scheduleDetailsOf(moved);
    }
    await recordAudit(
      tx,
      actorUserId,
      {
        action: 'exam.end-now',
        recordType: 'exam',
        recordId: examId,
        recordLabel: exam.title,
        summary: `Ended exam ${exam.examId} now, with ${exam.inProgressCount} still sitting it`,
        changes: {
          scheduleDetails: { from: before, to: after },
          inProgress: exam.inProgressCount,
        },
      },
      now,
    );
    return { scheduleDetails: after, proctored: exam.mode === 'PROCTORING' };
  });
}

/**
 * Ends a running exam: its window closes at the current minute and every attempt still in progress
 * is submitted with what was saved, through the one finalisation, as the admin's. The proctors'
 * monitor and the proctored students' pages are told of each submission.
 */
export async function endExamNow(
  db: AppDatabase,
  { notifier, log }: { notifier: ProctoringNotifier; log: FastifyBaseLogger },
  actorUserId: string,
  examId: string,
  now: Date,
): Promise<EndExamNowData> {
  const { scheduleDetails, proctored } = await closeWindow(db, actorUserId, examId, now);
  let submitted = 0;
  // A start that read the window before it closed may insert its attempt after a read: read again
  // until none is left in progress.
  for (;;) {
    const open = await db
      .select({ id: examAttempts.id, studentUserId: examAttempts.studentUserId })
      .from(examAttempts)
      .where(and(eq(examAttempts.examId, examId), eq(examAttempts.status, 'IN_PROGRESS')));
    if (open.length === 0) break;
    const ended: string[] = [];
    for (const attempt of open) {
      const done = await finaliseAttempt(db, attempt.id, attempt.studentUserId, 'ADMIN', now);
      if (!done) continue;
      submitted += 1;
      ended.push(attempt.id);
      if (proctored) {
        notifier.onProctoringChange(examId, {
          kind: 'attempt-ended',
          attemptId: attempt.id,
          reason: END_EXAM_MESSAGES.endedForStudent,
          recipientUserId: attempt.studentUserId,
        });
      }
    }
    if (proctored && ended.length > 0) {
      // The submissions are stored: a monitor that misses them catches up at its next read.
      await announceSubmitted(db, notifier, ended, now).catch((error: unknown) =>
        log.error({ err: error }, 'The submissions could not be shown on the monitor'),
      );
    }
  }
  return { submitted, scheduleDetails };
}
