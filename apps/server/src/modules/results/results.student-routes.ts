import { examIdParamSchema, studentResultDataSchema, successResponse } from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { studentResult } from './student-result';

/** A student's own published results. Registered inside the student scope, which guards it. */
export const resultsStudentRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-result/:examId',
    {
      schema: {
        tags: ['my results'],
        summary:
          "The student's published result: scores, each answer (a file upload question's with its files) and, if the exam shows them, the key",
        params: examIdParamSchema,
        response: {
          200: successResponse(studentResultDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await studentResult(db, request.auth.userId, request.params.examId, now(), {
          media: app.mediaLinks,
          answerFiles: app.answerFileLinks,
        }),
      ),
  );
};
