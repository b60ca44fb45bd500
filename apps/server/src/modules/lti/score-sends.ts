import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { ltiScoreLinks } from '../../db/schema';
import type { JobRunner } from '../../jobs/runner';

/** The job kind that sends an exam's scores to the LMS line items its students launched from. */
export const LTI_SCORES_JOB = 'lti-scores';

/**
 * Sends an exam's changed scores to the LMS, as a job: called where results are published and
 * where a published mark changes (a re-evaluation, a regrade). Nothing is queued for an exam no
 * student launched from an LMS; the job itself reads the scores and sends only the changed ones.
 */
export async function queueLtiScores(
  db: AppDatabase,
  jobs: JobRunner,
  examId: string,
): Promise<void> {
  const [launched] = await db
    .select({ examId: ltiScoreLinks.examId })
    .from(ltiScoreLinks)
    .where(eq(ltiScoreLinks.examId, examId))
    .limit(1);
  if (launched) await jobs.add(db, LTI_SCORES_JOB, { examId });
}
