import {
  attemptIdParamSchema,
  messagesDataSchema,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  proctorMessageDataSchema,
  reportEventsResultSchema,
  reportEventsSchema,
  STUDENT_MESSAGE_LIMITS,
  studentMessageSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { sendStudentMessage, studentMessages } from './chat';
import { reportEvents } from './student-signals';

const TAGS = ['proctored sitting'];

/**
 * What a proctored exam's page sends and reads besides the answers. Registered inside the student
 * scope, which guards it; each route also checks the attempt is the student's own.
 */
export const proctoringStudentRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.post(
    '/report-events/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary: `Records the browser's signals and heartbeat (at most 100 a call, ${PROCTORING_LIMITS.eventsPerMinute} an attempt a minute) and raises the alerts they make`,
        params: attemptIdParamSchema,
        body: reportEventsSchema,
        response: {
          200: successResponse(reportEventsResultSchema),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      ok(
        await reportEvents(
          db,
          app.proctoring,
          request.auth.userId,
          request.params.attemptId,
          request.body.events,
          now(),
        ),
      ),
  );

  app.get(
    '/get-messages/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          "The proctors' messages and warnings to the student or to all, and the student's own",
        params: attemptIdParamSchema,
        response: {
          200: successResponse(messagesDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ok(await studentMessages(db, request.auth.userId, request.params.attemptId)),
  );

  app.post(
    '/send-message/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary: `Writes to the proctors of the exam while the attempt is in progress (${STUDENT_MESSAGE_LIMITS.map(({ max, windowMs }) => `${max} in ${windowMs / 1000} s`).join(', ')}; 429 with Retry-After beyond)`,
        params: attemptIdParamSchema,
        body: studentMessageSchema,
        response: {
          200: successResponse(proctorMessageDataSchema),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      ok(
        await sendStudentMessage(
          db,
          app.proctoring,
          request.auth.userId,
          request.params.attemptId,
          request.body.text,
          now(),
        ),
        PROCTORING_MESSAGES.messageSent,
      ),
  );
};
