import {
  evaluatorsDataSchema,
  examIdParamSchema,
  RESULT_MESSAGES,
  setEvaluatorsSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { examEvaluatorsOf, setExamEvaluators } from './evaluators';

const TAGS = ['evaluators'];

/** Who evaluates an exam. Registered inside the admin scope, which guards it. */
export const gradingAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db }) => {
  app.get(
    '/get-exam-evaluators/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An exam's evaluators: those the admin chose, or its proctors while none is chosen",
        params: examIdParamSchema,
        response: {
          200: successResponse(evaluatorsDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await examEvaluatorsOf(db, request.params.examId)),
  );

  app.put(
    '/set-exam-evaluators/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Replaces an exam's evaluators with faculty members; an empty list returns the marking to its proctors",
        params: examIdParamSchema,
        body: setEvaluatorsSchema,
        response: {
          200: successResponse(evaluatorsDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await setExamEvaluators(db, request.auth.userId, request.params.examId, request.body),
        RESULT_MESSAGES.evaluatorsSaved,
      ),
  );
};
