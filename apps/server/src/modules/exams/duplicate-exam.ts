import { type CreateExamPayload, EXAM_RECORD_MESSAGES, type ExamListItem } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { recordAudit } from '../audit/audit';
import { drawPoolsOf } from '../banks/exam-questions';
import { createExam } from './create-exam';
import { payloadOf, readDetail } from './exam-view';

/** The longest title the create accepts (spec section 5). */
const TITLE_MAX = 100;

/** A new draft with everything of the exam but its sittings and results. */
export async function duplicateExam(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  now: Date,
): Promise<ExamListItem> {
  const source = await readDetail(db, id, now);
  const title = source.examTitle.slice(0, TITLE_MAX - EXAM_RECORD_MESSAGES.copySuffix.length);
  const payload: CreateExamPayload = {
    ...payloadOf(source),
    examStatus: 'DRAFT',
    examTitle: `${title}${EXAM_RECORD_MESSAGES.copySuffix}`,
  };
  // The copy's drawn sections draw from their banks as they stand now; only admins copy exams.
  const pools = await drawPoolsOf(db, { userId: actorUserId, role: 'admin' }, payload);
  return db.transaction(async (tx) => {
    const copy = await createExam(tx, payload, pools, actorUserId);
    await recordAudit(tx, actorUserId, {
      action: 'exam.duplicate',
      recordType: 'exam',
      recordId: copy._id,
      recordLabel: copy.examTitle,
      summary: `Copied exam ${source.examId} into the draft ${copy.examId}`,
    });
    return copy;
  });
}
