import { ATTEMPT_MESSAGES, EXAM_RECORD_MESSAGES } from '@examiq/contracts';
import { and, eq, notExists } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { examAttempts, exams } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';

/** Deletes an exam nobody has started, with its sections, questions and audience. */
export async function deleteExam(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(exams)
      .where(
        and(
          eq(exams.id, id),
          notExists(tx.select().from(examAttempts).where(eq(examAttempts.examId, exams.id))),
        ),
      )
      .returning({ examId: exams.examId, title: exams.title });
    if (!removed) {
      const [found] = await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, id));
      throw found
        ? new ApiError(409, EXAM_RECORD_MESSAGES.startedNoDelete)
        : new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
    }
    await recordAudit(tx, actorUserId, {
      action: 'exam.delete',
      recordType: 'exam',
      recordId: id,
      recordLabel: removed.title,
      summary: `Deleted exam ${removed.examId}`,
    });
  });
}
