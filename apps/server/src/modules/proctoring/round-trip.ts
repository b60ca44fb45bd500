import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { examAttempts, students } from '../../db/schema';
import { connectionOf } from './monitor';
import type { ProctoringNotifier } from './notifier';

/**
 * The round trip the server just timed on a student's live socket: stored on the proctored
 * attempts in progress the socket sits (a fresh monitor read shows it) and sent to their
 * monitors with the connection it makes.
 */
export async function recordRoundTrip(
  db: AppDatabase,
  notifier: ProctoringNotifier,
  studentUserId: string,
  attemptIds: readonly string[],
  rttMs: number,
  now: Date,
): Promise<void> {
  const rows = await db
    .update(examAttempts)
    .set({ lastRttMs: rttMs })
    .from(students)
    .where(
      and(
        inArray(examAttempts.id, [...attemptIds]),
        eq(examAttempts.studentUserId, studentUserId),
        eq(examAttempts.status, 'IN_PROGRESS'),
        eq(students.userId, examAttempts.studentUserId),
        // Written out: the builder leaves an update's own columns unqualified.
        sql`exists (select from exams where exams.id = exam_attempts.exam_id and exams.mode = 'PROCTORING')`,
      ),
    )
    .returning({
      examId: examAttempts.examId,
      studentId: students.id,
      status: examAttempts.status,
      lastSeenAt: examAttempts.lastSeenAt,
      lastRttMs: examAttempts.lastRttMs,
    });
  for (const { examId, studentId, ...attempt } of rows) {
    notifier.onProctoringChange(examId, {
      kind: 'student',
      student: { studentId, rttMs, connection: connectionOf(attempt, now) },
    });
  }
}
