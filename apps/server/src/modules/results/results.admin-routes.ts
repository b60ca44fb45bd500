import {
  examIdParamSchema,
  examResultsDataSchema,
  idParamSchema,
  publishResultsDataSchema,
  RESULT_MESSAGES,
  resultStatusesDataSchema,
  resultStatusesQuerySchema,
  resultsQuerySchema,
  studentExamsDataSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { wallClockMinute } from '../../wall-clock';
import { queueLtiScores } from '../lti/score-sends';
import { queueExamMessages } from '../mail/exam-messages';
import type { BlindCodes } from './blind-codes';
import { examResults } from './exam-results';
import { publishResults } from './publish-results';
import { resultStatuses } from './result-statuses';
import { studentExams } from './student-exams';

const TAGS = ['results'];

/**
 * Results of an exam and their publication. Registered inside the admin scope, which guards it.
 */
export const resultsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
  codes: BlindCodes;
}> = async (app, { db, now, codes }) => {
  app.get(
    '/get-exam-results/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An exam's result figures and status, and one page of its submitted attempts' results",
        params: examIdParamSchema,
        querystring: resultsQuerySchema,
        response: {
          200: successResponse(examResultsDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(await examResults(db, codes, request.params.examId, request.query, now())),
  );

  app.get(
    '/get-student-exams/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'The exams a student sat, newest first, with each score and result once they are published',
        params: idParamSchema,
        response: {
          200: successResponse(studentExamsDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await studentExams(db, request.params.id)),
  );

  app.post(
    '/publish-results/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Publishes an exam's results to its students once every answer is marked; each student who sat it is told by email in the background (unless the admin switched that message off)",
        params: examIdParamSchema,
        response: {
          200: successResponse(publishResultsDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const published = await publishResults(db, request.params.examId, request.auth.userId, now());
      await queueExamMessages(db, app.jobs, request.params.examId, 'results-published');
      await queueLtiScores(db, app.jobs, request.params.examId);
      app.jobs.wake();
      return ok(published, RESULT_MESSAGES.published);
    },
  );

  app.get(
    '/get-result-statuses',
    {
      schema: {
        tags: TAGS,
        summary: 'The completed exams, newest first, with where their results stand',
        querystring: resultStatusesQuerySchema,
        response: {
          200: successResponse(resultStatusesDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await resultStatuses(db, request.query, wallClockMinute(now()))),
  );
};
