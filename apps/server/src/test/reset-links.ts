import { eq } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { AppDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { PASSWORD_RESET_JOB } from '../modules/auth/password-reset';

/**
 * Waits for the reset-link jobs that forgot-password queued to have run: the request answers
 * before its link is written.
 */
export async function resetLinksWritten(db: AppDatabase) {
  await vi.waitFor(
    async () => {
      const queued = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.kind, PASSWORD_RESET_JOB));
      expect(queued).toEqual([]);
    },
    { timeout: 10_000, interval: 20 },
  );
}
