import { inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/client';
import { rateLimits, sessions } from '../../db/schema';
import { repeatEvery } from '../../repeat';
import { purgeExpiredLaunches } from '../lti/launch-check';
import { purgeExpiredSignIns } from '../oidc/oidc-flow';
import type { AuthLimits } from './credentials';

/**
 * How long an ended session (signed out, revoked, expired) is kept before the purge removes it
 * with its used refresh tokens: a day in which to see why a user was signed out. Sessions are no
 * audit record; the audit log keeps what people did.
 */
export const ENDED_SESSIONS_KEPT_DAYS = 1;

/** Rows one statement removes: a backlog is cleared in short statements that hold few locks. */
const PURGE_BATCH = 1_000;
const PURGE_INTERVAL_MS = 5 * 60_000;

/** When a session ended or ends: its revocation or its expiry, whichever came first. */
const SESSION_END = sql`least(${sessions.revokedAt}, ${sessions.expiresAt})`;

/**
 * Deletes, one batch at a time, the rows `batch` selects; rows another process is deleting are
 * skipped, so several server processes purge side by side without waiting on each other.
 */
async function deleteInBatches(batch: () => Promise<unknown[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = (await batch()).length;
    total += removed;
    if (removed < PURGE_BATCH) return total;
  }
}

export interface Purged {
  sessions: number;
  rateLimits: number;
  signInFlows: number;
  ltiLaunches: number;
}

/**
 * Removes sessions ended more than ENDED_SESSIONS_KEPT_DAYS ago (their used refresh tokens go
 * with them) and failed sign-in counters whose window is over (the next failure starts a new
 * one anyway). Nothing live is touched.
 */
export async function purgeEnded(db: AppDatabase, limits: AuthLimits): Promise<Purged> {
  const longestWindowSeconds = Math.max(...Object.values(limits).map((rule) => rule.windowSeconds));
  const endedSessions = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(lt(SESSION_END, sql`now() - make_interval(days => ${ENDED_SESSIONS_KEPT_DAYS})`))
    .limit(PURGE_BATCH)
    .for('update', { skipLocked: true });
  const finishedWindows = db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${longestWindowSeconds})`),
    )
    .limit(PURGE_BATCH)
    .for('update', { skipLocked: true });
  return {
    sessions: await deleteInBatches(() =>
      db.delete(sessions).where(inArray(sessions.id, endedSessions)).returning({ id: sessions.id }),
    ),
    rateLimits: await deleteInBatches(() =>
      db
        .delete(rateLimits)
        .where(inArray(rateLimits.key, finishedWindows))
        .returning({ key: rateLimits.key }),
    ),
    // Few and short-lived: sign-ins through a provider left at the provider's page.
    signInFlows: (await purgeExpiredSignIns(db)).length,
    // As few: LMS launches and content selections left unfinished.
    ltiLaunches: await purgeExpiredLaunches(db),
  };
}

/** Purges every few minutes until stopped; a failed purge is logged and the next one tries again. */
export function startPurge(
  db: AppDatabase,
  log: FastifyBaseLogger,
  limits: AuthLimits,
): () => Promise<void> {
  return repeatEvery(
    PURGE_INTERVAL_MS,
    async () => {
      const purged = await purgeEnded(db, limits);
      if (Object.values(purged).some((count) => count > 0))
        log.info(purged, 'Ended sessions purged');
    },
    log,
    'The purge of ended sessions failed',
  );
}
