import {
  ATTEMPT_MESSAGES,
  endAttemptSchema,
  examIdParamSchema,
  grantExtraTimeDataSchema,
  grantExtraTimeSchema,
  monitorDataSchema,
  monitorMessagesDataSchema,
  monitorMessagesQuerySchema,
  PROCTORING_MESSAGES,
  proctorAlertSchema,
  proctorMessageDataSchema,
  proctorMessageSchema,
  reviewAlertSchema,
  submitResultSchema,
  successResponse,
  warnStudentSchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { sendProctorMessage } from './chat';
import { getMonitor } from './monitor';
import { monitorMessages } from './monitor-messages';
import type { Proctor } from './proctor-access';
import { endAttempt, grantProctorExtraTime, reviewAlert, warnStudent } from './proctor-actions';

/** The monitor's read and the proctor's actions, as each area's OpenAPI tag groups them. */
export const PROCTOR_TAGS = { faculty: ['proctoring'], admin: ['proctoring review'] } as const;

const monitorRouteSchema = {
  summary:
    'The monitor of a proctored exam: its students with their connection and warnings, its alerts and chat',
  params: examIdParamSchema,
  response: {
    200: successResponse(monitorDataSchema),
    ...errorResponses(400, 401, 403, 404, 409),
  },
};

/**
 * Watching and acting on a proctored exam. Registered inside the faculty scope, where each route
 * checks the faculty member is assigned to the exam (403 otherwise), and inside the admin scope,
 * where any admin may act on any proctored exam.
 */
export const proctoringFacultyRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
  role: Proctor['role'];
}> = async (app, { db, now, role }) => {
  const proctor = (userId: string): Proctor => ({ userId, role });
  const TAGS = [...PROCTOR_TAGS[role]];

  app.get(
    '/get-monitor/:examId',
    { schema: { tags: TAGS, ...monitorRouteSchema } },
    async (request) =>
      ok(await getMonitor(db, proctor(request.auth.userId), request.params.examId, now())),
  );

  app.get(
    '/get-monitor-messages/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "One page of a conversation of the monitor's chat, oldest first: a student's, or without studentId the messages written to all; the page just older than the message `before`, or the newest",
        params: examIdParamSchema,
        querystring: monitorMessagesQuerySchema,
        response: {
          200: successResponse(monitorMessagesDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await monitorMessages(
          db,
          proctor(request.auth.userId),
          request.params.examId,
          request.query,
        ),
      ),
  );

  app.post(
    '/send-message',
    {
      schema: {
        tags: TAGS,
        summary: 'Writes to one student of the exam, or to all of them',
        body: proctorMessageSchema,
        response: {
          200: successResponse(proctorMessageDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await sendProctorMessage(
          db,
          app.proctoring,
          proctor(request.auth.userId),
          request.body,
          now(),
        ),
        PROCTORING_MESSAGES.messageSent,
      ),
  );

  app.post(
    '/warn-student',
    {
      schema: {
        tags: TAGS,
        summary: "Warns a student sitting the exam: the warning is shown on the student's screen",
        body: warnStudentSchema,
        response: {
          200: successResponse(proctorMessageDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await warnStudent(db, app.proctoring, proctor(request.auth.userId), request.body, now()),
        PROCTORING_MESSAGES.warned,
      ),
  );

  // Admins grant extra time through the sittings' route, which records it the same way.
  if (role === 'faculty') {
    app.post(
      '/grant-extra-time',
      {
        schema: {
          tags: TAGS,
          summary:
            "Sets a student's extra time on the exam; a sitting in progress gets its new deadline",
          body: grantExtraTimeSchema,
          response: {
            200: successResponse(grantExtraTimeDataSchema),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        ok(
          await grantProctorExtraTime(
            db,
            app.proctoring,
            proctor(request.auth.userId),
            request.body,
            now(),
          ),
          ATTEMPT_MESSAGES.extraTimeGranted,
        ),
    );
  }

  app.post(
    '/end-attempt',
    {
      schema: {
        tags: TAGS,
        summary:
          'Ends an attempt with a reason: it is submitted with what was saved, as the submit and the deadline do',
        body: endAttemptSchema,
        response: {
          200: successResponse(submitResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await endAttempt(db, app.proctoring, proctor(request.auth.userId), request.body, now()),
        PROCTORING_MESSAGES.attemptEnded,
      ),
  );

  app.post(
    '/review-alert',
    {
      schema: {
        tags: TAGS,
        summary: 'Dismisses or confirms an alert',
        body: reviewAlertSchema,
        response: {
          200: successResponse(proctorAlertSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await reviewAlert(db, app.proctoring, proctor(request.auth.userId), request.body, now()),
        PROCTORING_MESSAGES.alertReviewed,
      ),
  );
};
