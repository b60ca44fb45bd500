import {
  bankAccessDataSchema,
  courseIdParamSchema,
  courseOutcomesDataSchema,
  setBankAccessSchema,
  setCourseOutcomesSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { getBankAccess, setBankAccess } from './bank-access';
import { BANK_TAGS } from './bank-questions.routes';
import { setCourseOutcomes } from './course-outcomes';

/** A course's outcomes and who may write its bank: the admin's alone. Registered in the admin scope. */
export const banksAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (app, { db }) => {
  const tags = [...BANK_TAGS.admin];

  app.post(
    '/set-course-outcomes/:courseId',
    {
      schema: {
        tags,
        summary:
          "Replaces a course's outcomes (CO1…CO20, each with a description and a target percent); an outcome a bank question carries cannot be removed",
        params: courseIdParamSchema,
        body: setCourseOutcomesSchema,
        response: {
          200: successResponse(courseOutcomesDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await setCourseOutcomes(db, request.auth.userId, request.params.courseId, request.body),
        'Course outcomes saved',
      ),
  );

  app.post(
    '/set-bank-access/:courseId',
    {
      schema: {
        tags,
        summary:
          "Replaces the faculty who author and review a course's question bank, and whether a question needs a reviewer other than its last author to become Ready",
        params: courseIdParamSchema,
        body: setBankAccessSchema,
        response: {
          200: successResponse(bankAccessDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await setBankAccess(db, request.auth.userId, request.params.courseId, request.body),
        'Question bank access saved',
      ),
  );

  app.get(
    '/get-bank-access/:courseId',
    {
      schema: {
        tags,
        summary: "The faculty who author and review a course's question bank, and its review rule",
        params: courseIdParamSchema,
        response: {
          200: successResponse(bankAccessDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await getBankAccess(db, request.params.courseId)),
  );
};
