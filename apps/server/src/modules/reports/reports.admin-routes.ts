import {
  examIdParamSchema,
  examReportDataSchema,
  exportQuerySchema,
  RESULT_MESSAGES,
  regradeDataSchema,
  regradeJobParamSchema,
  regradeJobSchema,
  regradeSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { sendSpreadsheet } from '../../spreadsheets/send';
import type { BlindCodes } from '../results/blind-codes';
import { exportAnswers, exportResults } from './export.service';
import { regradeQuestion } from './regrade.service';
import { getRegradeJob } from './regrade-job';
import { examReport } from './reports.service';

const TAGS = ['reports'];

/**
 * Reports, exports and regrades of an exam. Registered inside the admin scope, which guards it.
 * Read straight from the database: results change with every mark an evaluator saves.
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
  codes: BlindCodes;
}> = async (app, { db, now, codes }) => {
  app.get(
    '/get-exam-report/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "How an exam went: its figures, a histogram of totals, section averages, each question's difficulty and discrimination",
        params: examIdParamSchema,
        response: {
          200: successResponse(examReportDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await examReport(db, request.params.examId, now(), app.mediaLinks)),
  );

  app.get(
    '/export-exam-results/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "The exam's results as a CSV or XLSX file, one row per submitted attempt (and per absent student once the exam has ended): student ID, roll number, name, section totals, total, result",
        params: examIdParamSchema,
        querystring: exportQuerySchema,
        response: {
          200: z.any().describe('The file, as an attachment named after the exam'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return sendSpreadsheet(
        reply,
        format,
        await exportResults(db, request.params.examId, format, now()),
      );
    },
  );

  app.get(
    '/export-exam-answers/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Every submitted answer of the exam as a CSV or XLSX file, one row per attempt and question: student ID, roll number, name, section, question, its type, the answer as a reader reads it (the chosen options' texts, the number with its unit, the text), its marks and the question's",
        params: examIdParamSchema,
        querystring: exportQuerySchema,
        response: {
          200: z.any().describe('The file, as an attachment named after the exam'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return sendSpreadsheet(reply, format, await exportAnswers(db, request.params.examId, format));
    },
  );

  app.post(
    '/regrade-question/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Corrects the answer key of a question the server scores (the option of a single-choice question, the options of a multiple select one, the accepted answers of a numerical one) once the exam's sittings are over: a dry run lists whose results change, otherwise a job re-scores every attempt",
        params: examIdParamSchema,
        body: regradeSchema,
        response: {
          200: successResponse(regradeDataSchema),
          202: successResponse(regradeDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const data = await regradeQuestion(
        db,
        codes,
        request.params.examId,
        request.body,
        request.auth.userId,
        now,
        app.jobs,
      );
      if (!data.job) return ok(data);
      return reply.code(202).send(ok(data, RESULT_MESSAGES.regradeStarted));
    },
  );

  app.get(
    '/get-regrade-job/:jobId',
    {
      schema: {
        tags: TAGS,
        summary: "A regrade's progress: attempts re-scored out of its total, and its status",
        params: regradeJobParamSchema,
        response: {
          200: successResponse(regradeJobSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await getRegradeJob(db, request.params.jobId)),
  );
};
