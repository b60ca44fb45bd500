import {
  courseAttainmentDataSchema,
  courseAttainmentExportQuerySchema,
  courseAttainmentQuerySchema,
  courseIdParamSchema,
  examAttainmentDataSchema,
  examIdParamSchema,
  exportQuerySchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { sendSpreadsheet } from '../../spreadsheets/send';
import { courseAttainmentFile, examAttainmentFile } from './attainment-export';
import { courseAttainment, examAttainment } from './co-attainment.service';

const tags = ['outcomes'];

/**
 * Course outcome attainment, per exam and per course over a term, and where a paper's marks lie by
 * Bloom's level. The admin's alone, as results and reports are. Registered in the admin scope.
 */
export const outcomesAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.get(
    '/get-co-attainment/:examId',
    {
      schema: {
        tags,
        summary:
          "An exam's course outcome attainment (per outcome: marks available, students reaching its target, attainment percent and level) and its paper's marks by Bloom's level and difficulty",
        params: examIdParamSchema,
        response: {
          200: successResponse(examAttainmentDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await examAttainment(db, request.params.examId)),
  );

  app.get(
    '/get-course-co-attainment/:courseId',
    {
      schema: {
        tags,
        summary:
          "A course's outcome attainment over the exams whose results are published and whose day is in the range, for its students or one section's",
        params: courseIdParamSchema,
        querystring: courseAttainmentQuerySchema,
        response: {
          200: successResponse(courseAttainmentDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await courseAttainment(db, request.params.courseId, request.query)),
  );

  app.get(
    '/export-co-attainment/:examId',
    {
      schema: {
        tags,
        summary:
          "An exam's course outcome attainment and its paper's marks by Bloom's level and difficulty as a CSV or XLSX file",
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
      const data = await examAttainment(db, request.params.examId);
      return sendSpreadsheet(reply, format, examAttainmentFile(data, format));
    },
  );

  app.get(
    '/export-course-co-attainment/:courseId',
    {
      schema: {
        tags,
        summary:
          "A course's outcome attainment over a term, and the exams it counts, as a CSV or XLSX file",
        params: courseIdParamSchema,
        querystring: courseAttainmentExportQuerySchema,
        response: {
          200: z.any().describe('The file, as an attachment'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format, ...term } = request.query;
      const data = await courseAttainment(db, request.params.courseId, term);
      return sendSpreadsheet(reply, format, courseAttainmentFile(data, format));
    },
  );
};
