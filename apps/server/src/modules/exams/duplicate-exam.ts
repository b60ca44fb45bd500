import { EXAM_RECORD_MESSAGES, type ExamListItem } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { recordAudit } from '../audit/audit';
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
  return db.transaction(async (tx) => {
    const copy = await createExam(
      tx,
      {
        ...payloadOf(source),
        examStatus: 'DRAFT',
        examTitle: `${title}${EXAM_RECORD_MESSAGES.copySuffix}`,
      },
      actorUserId,
    );
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
