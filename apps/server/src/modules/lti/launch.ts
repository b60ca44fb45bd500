import { LTI_EXAM_PARAMETER, LTI_LAUNCHED_PATH, LTI_MESSAGES } from '@examiq/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { exams, ltiAccounts, ltiDeepLinks, ltiLaunchTickets, ltiScoreLinks } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import type { AuthDeps, ClientInfo } from '../auth/credentials';
import { type SignIn, startSession } from '../auth/sign-in';
import { hashToken } from '../auth/tokens';
import {
  findUserByEmail,
  findUserById,
  normalizeEmail,
  type UserRow,
} from '../users/users.service';
import {
  CLAIMS,
  LaunchRefused,
  randomToken,
  type VerifiedLaunch,
  verifyLaunch,
} from './launch-check';
import { findPlatform } from './platforms.service';

/** How long the launched browser has to collect its session. */
const TICKET_MINUTES = 2;
/** How long an instructor has to choose an exam for a deep-linking request. */
const DEEP_LINK_MINUTES = 60;

const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

const agsClaimSchema = z.object({
  scope: z.array(z.string()),
  lineitem: z.url().optional(),
});

const deepLinkSettingsSchema = z.object({
  deep_link_return_url: z.url(),
  data: z.string().optional(),
});

/**
 * The ExamIQ account of the launched person. The platform's person is linked at their first
 * launch to the active account with the email the platform sends, never to a new account; later
 * launches follow that link, whatever email the platform sends then.
 */
async function launchedAccount(
  db: AppDatabase,
  { platform, claims }: VerifiedLaunch,
  ip: string,
): Promise<UserRow> {
  const subject = claims.sub as string;
  const [linked] = await db
    .select({ userId: ltiAccounts.userId })
    .from(ltiAccounts)
    .where(and(eq(ltiAccounts.platformId, platform.id), eq(ltiAccounts.subject, subject)));
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
  const user = linked
    ? await findUserById(db, linked.userId)
    : email
      ? await findUserByEmail(db, email)
      : null;
  if (user?.isActive) {
    if (!linked) {
      await db
        .insert(ltiAccounts)
        .values({ platformId: platform.id, subject, userId: user.id })
        .onConflictDoNothing();
    }
    return user;
  }
  await recordAudit(db, null, {
    action: 'account.sign-in-refused',
    recordType: 'user',
    recordId: user?.id ?? email ?? subject,
    recordLabel: user?.email ?? email ?? subject,
    summary: `Launch from ${platform.name} from ${ip} refused: ${user ? 'the account is deactivated' : 'no account has this email'}`,
  });
  throw new LaunchRefused(
    'no active account matches',
    403,
    LTI_MESSAGES.noAccount(email ?? 'your LMS account'),
  );
}

/** The exam a resource link names: its custom parameter, else the `exam` of its target link. */
async function launchedExam(claims: VerifiedLaunch['claims'], db: AppDatabase) {
  const custom = claims[CLAIMS.custom] as Record<string, unknown> | undefined;
  const named =
    custom?.[LTI_EXAM_PARAMETER] ??
    new URL(claims[CLAIMS.targetLinkUri] as string).searchParams.get('exam');
  const examId = z.uuid().safeParse(named);
  if (!examId.success) throw new LaunchRefused('no exam is named', 400, LTI_MESSAGES.noExam);
  const [exam] = await db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.id, examId.data), eq(exams.status, 'PUBLISH')));
  if (!exam) throw new LaunchRefused('the exam is not published', 400, LTI_MESSAGES.noExam);
  return exam.id;
}

/**
 * Where a launched person lands, by their ExamIQ role (the LTI role grants nothing): a student on
 * the exam's lobby, whose score is then sent to the launch's line item; an admin on its results;
 * a faculty member on its marking.
 */
async function resourceLinkLanding(db: AppDatabase, launch: VerifiedLaunch, user: UserRow) {
  const examId = await launchedExam(launch.claims, db);
  if (user.role === 'admin') return `/admin/exam/${examId}/results`;
  if (user.role === 'faculty') return `/faculty/grade/${examId}`;
  const ags = agsClaimSchema.safeParse(launch.claims[CLAIMS.ags]);
  if (ags.success && ags.data.lineitem && ags.data.scope.includes(AGS_SCORE_SCOPE)) {
    await db
      .insert(ltiScoreLinks)
      .values({
        platformId: launch.platform.id,
        examId,
        userId: user.id,
        subject: launch.claims.sub as string,
        lineItemUrl: ags.data.lineitem,
      })
      .onConflictDoUpdate({
        target: [ltiScoreLinks.examId, ltiScoreLinks.userId, ltiScoreLinks.lineItemUrl],
        set: { platformId: launch.platform.id, subject: launch.claims.sub as string },
      });
  }
  return `/student/exam/${examId}`;
}

/** A deep-linking request is an instructor's: kept for the page where they choose an exam. */
async function deepLinkingLanding(db: AppDatabase, launch: VerifiedLaunch, user: UserRow) {
  if (user.role === 'student') {
    throw new LaunchRefused('a student asked for deep linking', 403, LTI_MESSAGES.instructorsOnly);
  }
  const settings = deepLinkSettingsSchema.safeParse(launch.claims[CLAIMS.deepLinkingSettings]);
  if (!settings.success) throw new LaunchRefused('the deep-linking settings are missing');
  const [row] = await db
    .insert(ltiDeepLinks)
    .values({
      platformId: launch.platform.id,
      deploymentId: launch.deploymentId,
      userId: user.id,
      returnUrl: settings.data.deep_link_return_url,
      data: settings.data.data ?? null,
      expiresAt: sql`now() + make_interval(mins => ${DEEP_LINK_MINUTES})`,
    })
    .returning({ id: ltiDeepLinks.id });
  if (!row) throw new Error('The deep-linking request was not written');
  return `/${user.role}/lti/deep-link/${row.id}`;
}

/**
 * A checked launch becomes a one-time ticket for the browser: the launch page presents it (from
 * its address's fragment, which no server or referrer sees) to collect the session.
 */
export async function acceptLaunch(
  db: AppDatabase,
  config: Config,
  { idToken, state }: { idToken: string; state: string },
  ip: string,
): Promise<string> {
  const launch = await verifyLaunch(db, config, idToken, state);
  const user = await launchedAccount(db, launch, ip);
  const redirect =
    launch.messageType === 'LtiDeepLinkingRequest'
      ? await deepLinkingLanding(db, launch, user)
      : await resourceLinkLanding(db, launch, user);
  const ticket = randomToken();
  await db.insert(ltiLaunchTickets).values({
    ticketHash: hashToken(ticket),
    userId: user.id,
    platformId: launch.platform.id,
    redirect,
    expiresAt: sql`now() + make_interval(mins => ${TICKET_MINUTES})`,
  });
  return `${LTI_LAUNCHED_PATH}#${ticket}`;
}

/**
 * The launch page collects its session, once: the usual session a provider's sign-in opens (no
 * first-login password change: the LMS vouched for the person), and the page to go to.
 */
export async function collectLaunch(
  deps: AuthDeps,
  ticket: string,
  client: ClientInfo,
): Promise<SignIn & { redirect: string }> {
  const { db } = deps;
  const [row] = await db
    .delete(ltiLaunchTickets)
    .where(
      and(
        eq(ltiLaunchTickets.ticketHash, hashToken(ticket)),
        gt(ltiLaunchTickets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) throw new ApiError(400, LTI_MESSAGES.launchExpired);
  const [user, platform] = await Promise.all([
    findUserById(db, row.userId),
    findPlatform(db, row.platformId),
  ]);
  if (!user?.isActive || !platform) throw new ApiError(400, LTI_MESSAGES.launchExpired);
  const signIn = await startSession(deps, user, { released: [], cleared: [] }, client, {
    provider: { id: `lti:${platform.id}`, label: platform.name },
  });
  return { ...signIn, redirect: row.redirect };
}
