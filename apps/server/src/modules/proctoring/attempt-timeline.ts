import { type AttemptTimeline, PROCTORING_MESSAGES } from '@examiq/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { exams, proctorActions, proctorAlerts, proctorEvents } from '../../db/schema';
import { alertOf, alertsQuery } from './monitor';
import { actorName } from './monitor-messages';
import { attemptWithStudent, fullName, notFound } from './proctor-access';

/** Everything about one attempt's proctoring, each list in time order. */
export async function attemptTimeline(
  db: AppDatabase,
  attemptId: string,
): Promise<AttemptTimeline> {
  const row = await attemptWithStudent(db, attemptId);
  if (!row) throw notFound(PROCTORING_MESSAGES.attemptNotFound);
  const [[exam], events, alerts, actions] = await Promise.all([
    db.select({ title: exams.title }).from(exams).where(eq(exams.id, row.attempt.examId)),
    db
      .select()
      .from(proctorEvents)
      .where(eq(proctorEvents.attemptId, attemptId))
      .orderBy(asc(proctorEvents.at), asc(proctorEvents.id)),
    alertsQuery(db)
      .where(eq(proctorAlerts.attemptId, attemptId))
      .orderBy(asc(proctorAlerts.at), asc(proctorAlerts.seq)),
    db
      .select({
        action: proctorActions,
        actorName: actorName(proctorActions.actorUserId),
      })
      .from(proctorActions)
      .where(eq(proctorActions.attemptId, attemptId))
      .orderBy(asc(proctorActions.at), asc(proctorActions.seq)),
  ]);
  return {
    attempt: {
      _id: row.attempt.id,
      examId: row.attempt.examId,
      studentId: row.student.id,
      status: row.attempt.status,
      systemCheck: row.attempt.systemCheck ?? null,
      examTitle: exam?.title ?? '',
      studentName: fullName(row.student),
      rollNumber: row.student.rollNumber,
      startedAt: row.attempt.startedAt.toISOString(),
      submittedAt: row.attempt.submittedAt?.toISOString() ?? null,
      submitTrigger: row.attempt.submitTrigger ?? null,
    },
    events: events.map((event) => ({
      _id: String(event.id),
      type: event.type,
      at: event.at.toISOString(),
      receivedAt: event.receivedAt.toISOString(),
      detail: event.detail ?? null,
    })),
    alerts: alerts.map(alertOf),
    actions: actions.map(({ action, actorName }) => ({
      _id: action.id,
      attemptId: action.attemptId,
      studentId: row.student.id,
      type: action.type,
      actorId: action.actorUserId,
      actorName,
      detail: action.detail,
      at: action.at.toISOString(),
    })),
  };
}
