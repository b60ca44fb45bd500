import {
  LTI_MESSAGES,
  type LtiPlatform,
  type LtiPlatformFields,
  type LtiScoreFailure,
  type LtiSettingsData,
  type LtiToolUrls,
} from '@examiq/contracts';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { failedWithSqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { exams, ltiPlatforms, ltiScoreLinks, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { toolKeyList } from './tool-keys';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;

/** ExamIQ's addresses an LMS is registered with; deep linking arrives at the launch URL too. */
export function toolUrlsOf(config: Config): LtiToolUrls {
  const base = `${config.mail.publicUrl}/api/lti`;
  return {
    jwksUrl: `${base}/jwks`,
    loginUrl: `${base}/login`,
    launchUrl: `${base}/launch`,
    deepLinkingUrl: `${base}/launch`,
  };
}

function platformOf(row: PlatformRow): LtiPlatform {
  return {
    _id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    authLoginUrl: row.authLoginUrl,
    accessTokenUrl: row.accessTokenUrl,
    jwksUrl: row.jwksUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sends an LMS refused or could not take, newest first, until a later send succeeds. */
async function scoreFailures(db: AppDatabase): Promise<LtiScoreFailure[]> {
  const rows = await db
    .select({
      examTitle: exams.title,
      studentEmail: users.email,
      platformName: ltiPlatforms.name,
      error: ltiScoreLinks.lastError,
      failedAt: ltiScoreLinks.failedAt,
    })
    .from(ltiScoreLinks)
    .innerJoin(exams, eq(exams.id, ltiScoreLinks.examId))
    .innerJoin(users, eq(users.id, ltiScoreLinks.userId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiScoreLinks.platformId))
    .where(and(isNotNull(ltiScoreLinks.lastError), isNotNull(ltiScoreLinks.failedAt)))
    .orderBy(desc(ltiScoreLinks.failedAt))
    .limit(100);
  return rows.map((row) => ({
    ...row,
    error: row.error ?? '',
    failedAt: (row.failedAt ?? new Date(0)).toISOString(),
  }));
}

export async function ltiSettings(db: AppDatabase, config: Config): Promise<LtiSettingsData> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .orderBy(asc(ltiPlatforms.createdAt), asc(ltiPlatforms.id));
  return {
    platforms: rows.map(platformOf),
    tool: toolUrlsOf(config),
    keys: await toolKeyList(db),
    scoreFailures: await scoreFailures(db),
  };
}

export async function findPlatform(db: AppDatabase, id: string): Promise<PlatformRow | null> {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row ?? null;
}

/** The platform a login names: by issuer, and by client id when the issuer has several. */
export async function platformOfLogin(
  db: AppDatabase,
  issuer: string,
  clientId: string | undefined,
): Promise<PlatformRow | null> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(
      and(
        eq(ltiPlatforms.issuer, issuer.replace(/\/+$/, '')),
        clientId ? eq(ltiPlatforms.clientId, clientId) : undefined,
      ),
    );
  return rows.length === 1 ? (rows[0] ?? null) : null;
}

const duplicate = (error: unknown) => {
  if (failedWithSqlState(error, UNIQUE_VIOLATION)) throw new ApiError(409, LTI_MESSAGES.duplicate);
  throw error;
};

export async function createPlatform(
  db: AppDatabase,
  actorUserId: string,
  input: LtiPlatformFields,
): Promise<LtiPlatform> {
  return db
    .transaction(async (tx) => {
      const [row] = await tx.insert(ltiPlatforms).values(input).returning();
      if (!row) throw new Error('The LMS platform was not written');
      await recordAudit(tx, actorUserId, {
        action: 'settings.create-lti-platform',
        recordType: 'settings',
        recordId: row.id,
        recordLabel: row.name,
        summary: `Registered the LMS platform ${row.name} (${row.issuer})`,
        changes: input,
      });
      return platformOf(row);
    })
    .catch(duplicate);
}

export async function updatePlatform(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: LtiPlatformFields,
): Promise<LtiPlatform> {
  return db
    .transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(ltiPlatforms)
        .where(eq(ltiPlatforms.id, id))
        .for('update');
      if (!before) throw new ApiError(404, LTI_MESSAGES.platformNotFound);
      const [row] = await tx
        .update(ltiPlatforms)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(ltiPlatforms.id, id))
        .returning();
      if (!row) throw new ApiError(404, LTI_MESSAGES.platformNotFound);
      const changes = Object.fromEntries(
        (Object.keys(input) as (keyof LtiPlatformFields)[])
          .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(input[key]))
          .map((key) => [key, { from: before[key], to: input[key] }]),
      );
      await recordAudit(tx, actorUserId, {
        action: 'settings.update-lti-platform',
        recordType: 'settings',
        recordId: row.id,
        recordLabel: row.name,
        summary: `Changed the LMS platform ${row.name}`,
        changes,
      });
      return platformOf(row);
    })
    .catch(duplicate);
}

/** Its launches, links and score links go with it: a removed platform reaches nobody. */
export async function deletePlatform(
  db: AppDatabase,
  actorUserId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(ltiPlatforms)
      .where(eq(ltiPlatforms.id, id))
      .returning({ id: ltiPlatforms.id, name: ltiPlatforms.name });
    if (!row) throw new ApiError(404, LTI_MESSAGES.platformNotFound);
    await recordAudit(tx, actorUserId, {
      action: 'settings.delete-lti-platform',
      recordType: 'settings',
      recordId: row.id,
      recordLabel: row.name,
      summary: `Removed the LMS platform ${row.name}`,
    });
  });
}
