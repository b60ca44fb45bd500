import {
  LTI_EXAM_PARAMETER,
  LTI_MESSAGES,
  type LtiDeepLinkData,
  type LtiOfferedExam,
} from '@examiq/contracts';
import { and, asc, eq, exists, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { examEvaluators, examFaculty, exams, ltiDeepLinks, ltiPlatforms } from '../../db/schema';
import { ApiError } from '../../errors';
import { toolUrlsOf } from './platforms.service';
import { signAsTool } from './tool-keys';

/** How long the signed answer is valid: the browser posts it at once. */
const RESPONSE_SECONDS = 300;

export interface Instructor {
  userId: string;
  role: 'admin' | 'faculty';
}

/**
 * The published exams an instructor may place in a course: any, for an admin; for a faculty
 * member, those they proctor or evaluate.
 */
async function offeredExams(db: AppDatabase, instructor: Instructor, examId?: string) {
  const teaches = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(examFaculty)
        .where(
          and(eq(examFaculty.examId, exams.id), eq(examFaculty.facultyUserId, instructor.userId)),
        ),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(examEvaluators)
        .where(
          and(
            eq(examEvaluators.examId, exams.id),
            eq(examEvaluators.facultyUserId, instructor.userId),
          ),
        ),
    ),
  );
  const rows = await db
    .select({
      _id: exams.id,
      examId: exams.examId,
      title: exams.title,
      subject: exams.subject,
      totalMarks: exams.totalMarks,
    })
    .from(exams)
    .where(
      and(
        eq(exams.status, 'PUBLISH'),
        instructor.role === 'admin' ? undefined : teaches,
        examId ? eq(exams.id, examId) : undefined,
      ),
    )
    .orderBy(asc(exams.title), asc(exams.id))
    .limit(500);
  return rows satisfies LtiOfferedExam[];
}

async function openDeepLink(db: AppDatabase, instructor: Instructor, id: string) {
  const [row] = await db
    .select({ link: ltiDeepLinks, platform: ltiPlatforms })
    .from(ltiDeepLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeepLinks.platformId))
    .where(
      and(
        eq(ltiDeepLinks.id, id),
        eq(ltiDeepLinks.userId, instructor.userId),
        gt(ltiDeepLinks.expiresAt, sql`now()`),
      ),
    );
  if (!row) throw new ApiError(404, LTI_MESSAGES.deepLinkNotFound);
  return row;
}

/** The page where the instructor chooses: the LMS's name and the exams on offer. */
export async function deepLinkChoices(
  db: AppDatabase,
  instructor: Instructor,
  id: string,
): Promise<LtiDeepLinkData> {
  const { platform } = await openDeepLink(db, instructor, id);
  return { platformName: platform.name, exams: await offeredExams(db, instructor) };
}

/**
 * The instructor's choice, as LTI Deep Linking 2.0's answer signed with the tool's key: one
 * resource link to the exam, with a line item of its total marks for the scores to come and the
 * exam's id as a custom parameter. Kept for the page that posts it to the platform.
 */
export async function chooseDeepLink(
  db: AppDatabase,
  config: Config,
  instructor: Instructor,
  id: string,
  examId: string,
): Promise<string> {
  const { link, platform } = await openDeepLink(db, instructor, id);
  const [exam] = await offeredExams(db, instructor, examId);
  if (!exam) throw new ApiError(403, LTI_MESSAGES.examNotOffered);
  const launchUrl = new URL(toolUrlsOf(config).launchUrl);
  launchUrl.searchParams.set('exam', exam._id);
  const jwt = await signAsTool(
    db,
    config,
    {
      iss: platform.clientId,
      aud: platform.issuer,
      nonce: crypto.randomUUID(),
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': link.deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      ...(link.data ? { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': link.data } : {}),
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: exam.title,
          text: `${exam.subject} · ${exam.totalMarks} marks`,
          url: launchUrl.href,
          custom: { [LTI_EXAM_PARAMETER]: exam._id },
          lineItem: {
            scoreMaximum: exam.totalMarks,
            label: exam.title,
            resourceId: exam._id,
          },
        },
      ],
    },
    RESPONSE_SECONDS,
  );
  await db.update(ltiDeepLinks).set({ responseJwt: jwt }).where(eq(ltiDeepLinks.id, link.id));
  return `/api/lti/deep-link-return/${link.id}`;
}

/** The signed answer and where it goes, once: the request ends with it. */
export async function takeDeepLinkResponse(
  db: AppDatabase,
  id: string,
): Promise<{ returnUrl: string; jwt: string } | null> {
  const [row] = await db
    .delete(ltiDeepLinks)
    .where(
      and(
        eq(ltiDeepLinks.id, id),
        isNotNull(ltiDeepLinks.responseJwt),
        gt(ltiDeepLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ returnUrl: ltiDeepLinks.returnUrl, jwt: ltiDeepLinks.responseJwt });
  return row?.jwt ? { returnUrl: row.returnUrl, jwt: row.jwt } : null;
}
