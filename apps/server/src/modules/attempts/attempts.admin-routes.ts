import {
  ATTEMPT_MESSAGES,
  attemptDrawDataSchema,
  attemptIdParamSchema,
  END_EXAM_MESSAGES,
  endExamNowDataSchema,
  examIdParamSchema,
  examPreviewDataSchema,
  grantExtraTimeDataSchema,
  grantExtraTimeSchema,
  sittingsDataSchema,
  sittingsQuerySchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { announceExtraTime } from '../proctoring/proctor-actions';
import { attemptDraw } from './drawn-paper';
import { endExamNow } from './end-exam-now';
import { grantExtraTime, listSittings } from './sittings.service';
import { examPreview } from './student-view';

const TAGS = ['sittings'];

/**
 * Who is sitting what, and extra time. Registered inside the admin scope, which guards it.
 */
export const attemptsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-exam-preview/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          'The paper as a student is shown it (sections, instructions, questions, no key), without starting an attempt',
        params: examIdParamSchema,
        response: {
          200: successResponse(examPreviewDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await examPreview(db, request.params.examId, now(), app.mediaLinks)),
  );

  app.get(
    '/get-attempt-draw/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An attempt's drawn questions (exam and bank question ids by drawn section), its seed, and whether drawing again from the seed, the exam's pools and the questions the student had seen before gives the same paper: for a dispute",
        params: attemptIdParamSchema,
        response: {
          200: successResponse(attemptDrawDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await attemptDraw(db, request.params.attemptId)),
  );

  app.get(
    '/get-exam-attempts/:examId',
    {
      schema: {
        tags: TAGS,
        summary: "Every targeted student of an exam with their sitting's status, one page",
        params: examIdParamSchema,
        querystring: sittingsQuerySchema,
        response: {
          200: successResponse(sittingsDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listSittings(db, request.params.examId, request.query)),
  );

  app.post(
    '/grant-extra-time',
    {
      schema: {
        tags: TAGS,
        summary:
          "Sets a student's extra time on an exam; a sitting in progress gets its new deadline",
        body: grantExtraTimeSchema,
        response: {
          200: successResponse(grantExtraTimeDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const at = now();
      const granted = await grantExtraTime(db, request.body, request.auth.userId, at);
      await announceExtraTime(db, app.proctoring, request.body, granted, at);
      return ok(granted, ATTEMPT_MESSAGES.extraTimeGranted);
    },
  );

  app.post(
    '/end-exam-now/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Ends a running exam: closes its window now and submits every attempt in progress with what was saved, as the admin's",
        params: examIdParamSchema,
        response: {
          200: successResponse(endExamNowDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const data = await endExamNow(
        db,
        { notifier: app.proctoring, log: request.log },
        request.auth.userId,
        request.params.examId,
        now(),
      );
      return ok(data, END_EXAM_MESSAGES.ended(data.submitted));
    },
  );
};
