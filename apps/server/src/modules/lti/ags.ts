import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { examAttempts, exams, ltiPlatforms, ltiScoreLinks } from '../../db/schema';
import type { JobKind } from '../../jobs/runner';
import { examScores } from '../results/scores';
import type { PlatformRow } from './platforms.service';
import { LTI_SCORES_JOB } from './score-sends';
import { signAsTool } from './tool-keys';

const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const SCORE_CONTENT_TYPE = 'application/vnd.ims.lis.v1.score+json';
const REQUEST_TIMEOUT_MS = 15_000;
/** A token is used until this long before the platform said it expires. */
const TOKEN_MARGIN_MS = 30_000;

/** Each process keeps each platform's access token until it expires. */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();

const tokenKey = (platform: PlatformRow) =>
  `${platform.id}:${platform.accessTokenUrl}:${platform.clientId}`;

/** What an LMS answered, cut short: it is shown to the admin. */
async function refusal(response: Response, what: string): Promise<Error> {
  const body = (await response.text().catch(() => '')).slice(0, 300);
  return new Error(`${what}: HTTP ${response.status}${body ? ` ${body}` : ''}`);
}

/**
 * The platform's OAuth2 client-credentials token for scores, obtained with a JWT assertion
 * signed by the tool's key (1EdTech Security Framework), and kept until it expires.
 */
async function accessToken(db: AppDatabase, config: Config, platform: PlatformRow) {
  const key = tokenKey(platform);
  const kept = accessTokens.get(key);
  if (kept && kept.expiresAt > Date.now()) return kept.token;
  const assertion = await signAsTool(
    db,
    config,
    { iss: platform.clientId, sub: platform.clientId, aud: platform.accessTokenUrl },
    300,
  );
  const response = await fetch(platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: SCORE_SCOPE,
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw await refusal(response, `${platform.name} refused the token request`);
  const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof answer.access_token !== 'string') {
    throw new Error(`${platform.name} answered the token request without an access token`);
  }
  const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000;
  accessTokens.set(key, {
    token: answer.access_token,
    expiresAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS,
  });
  return answer.access_token;
}

/** A line item's scores endpoint: `/scores` added to its path, its query kept (AGS 2.0). */
export function scoresUrlOf(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.href;
}

interface Score {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
}

async function sendScore(
  db: AppDatabase,
  config: Config,
  platform: PlatformRow,
  lineItemUrl: string,
  score: Score,
) {
  const response = await fetch(scoresUrlOf(lineItemUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken(db, config, platform)}`,
      'content-type': SCORE_CONTENT_TYPE,
    },
    body: JSON.stringify({
      ...score,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: new Date().toISOString(),
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // A token the platform no longer takes is not offered again.
  if (response.status === 401) accessTokens.delete(tokenKey(platform));
  if (!response.ok) throw await refusal(response, `${platform.name} refused the score`);
}

/**
 * Sends the scores of a published exam's launched students whose score differs from what was
 * last sent. Each failure is kept on its link for the admin's list; the job then fails and is
 * retried with backoff, sending only what is still owed.
 */
export function ltiScoresJob(config: Config): JobKind<{ examId: string }> {
  return {
    name: LTI_SCORES_JOB,
    attempts: 6,
    concurrency: 2,
    async run({ examId }, { db }) {
      const [exam] = await db.select().from(exams).where(eq(exams.id, examId));
      if (exam?.status !== 'PUBLISH' || !exam.resultsPublishedAt) return;
      const links = await db
        .select({ link: ltiScoreLinks, platform: ltiPlatforms })
        .from(ltiScoreLinks)
        .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiScoreLinks.platformId))
        .where(eq(ltiScoreLinks.examId, examId));
      if (links.length === 0) return;
      const attempts = await db
        .select({ id: examAttempts.id, userId: examAttempts.studentUserId })
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.examId, examId),
            eq(examAttempts.status, 'SUBMITTED'),
            inArray(
              examAttempts.studentUserId,
              links.map(({ link }) => link.userId),
            ),
          ),
        );
      const scores = await examScores(
        db,
        exam,
        attempts.map((attempt) => attempt.id),
      );
      const totalOf = new Map(
        attempts.map((attempt) => [attempt.userId, scores.get(attempt.id)?.total ?? 0]),
      );
      const failures: string[] = [];
      for (const { link, platform } of links) {
        // A student who sat nothing has no score to send: the LMS shows the activity unsubmitted.
        const total = totalOf.get(link.userId);
        if (total === undefined || link.sentScore === total) continue;
        const where = and(
          eq(ltiScoreLinks.examId, link.examId),
          eq(ltiScoreLinks.userId, link.userId),
          eq(ltiScoreLinks.lineItemUrl, link.lineItemUrl),
        );
        try {
          await sendScore(db, config, platform, link.lineItemUrl, {
            userId: link.subject,
            scoreGiven: total,
            scoreMaximum: exam.totalMarks,
          });
          await db
            .update(ltiScoreLinks)
            .set({ sentScore: total, sentAt: sql`now()`, lastError: null, failedAt: null })
            .where(where);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          failures.push(message);
          await db
            .update(ltiScoreLinks)
            .set({ lastError: message.slice(0, 500), failedAt: sql`now()` })
            .where(where);
        }
      }
      if (failures.length > 0) {
        throw new Error(`${failures.length} score(s) were not sent; the first: ${failures[0]}`);
      }
    },
    // Each unsent score's link keeps its error for the admin; a later publish or change sends it.
    async failed() {},
  };
}
