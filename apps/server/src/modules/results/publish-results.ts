import { RESULT_MESSAGES } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { ApiError } from '../../errors';
import { auditInsertText } from '../audit/audit';
import { refreshBankStatistics } from '../banks/bank-statistics';
import { examEnded, factsOf, publishedExam } from './scores';

/**
 * Publishes once: of two publishes at the same time, only the first finds it unpublished, and
 * only it is recorded in the audit log.
 */
const publishStatement = preparedSql<{ results_published_at: Date }>(
  'publish_results',
  `with published as (
    update exams set results_published_at = $2, results_published_by = $3
    where id = $1 and results_published_at is null
    returning id, exam_id, title, results_published_at
  ), audit as (
    ${auditInsertText(
      {
        at: '$2',
        actorUserId: '$3',
        action: "'exam.publish-results'",
        recordType: "'exam'",
        recordId: 'id',
        recordLabel: 'title',
        summary: "'Published the results of exam ' || exam_id",
      },
      'published',
    )}
  )
  select results_published_at from published`,
);

export async function publishResults(
  db: AppDatabase,
  examId: string,
  publishedBy: string,
  now: Date,
) {
  const exam = await publishedExam(db, examId);
  if (exam.resultsPublishedAt) throw new ApiError(409, RESULT_MESSAGES.alreadyPublished);
  const facts = await factsOf(db, exam.id);
  if (!examEnded(exam, facts, now)) throw new ApiError(409, RESULT_MESSAGES.examNotEnded);
  if (facts.answersToMark > 0) {
    throw new ApiError(409, RESULT_MESSAGES.answersToMark(facts.answersToMark));
  }
  const [published] = await publishStatement(db, [exam.id, now, publishedBy]);
  if (!published) throw new ApiError(409, RESULT_MESSAGES.alreadyPublished);
  await refreshBankStatistics(db, exam.id, now);
  return {
    resultStatus: 'Published' as const,
    resultsPublishedAt: published.results_published_at.toISOString(),
  };
}
