import { facultyExportQuerySchema, studentExportQuerySchema } from '@examiq/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { SPREADSHEET_CONTENT_TYPES } from '../../spreadsheets/write';
import { exportFaculty, exportStudents } from './people-export.service';

const TAGS = ['people-export'];

const fileResponse = z.any().describe('The file, as an attachment');

function sendFile(
  reply: FastifyReply,
  format: keyof typeof SPREADSHEET_CONTENT_TYPES,
  { fileName, stream }: Awaited<ReturnType<typeof exportStudents>>,
) {
  return reply
    .header('content-type', SPREADSHEET_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/**
 * The student and faculty lists as files, in the import template's columns. Registered inside the
 * admin scope, which guards it.
 */
export const peopleExportAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.get(
    '/export/students',
    {
      schema: {
        tags: TAGS,
        summary:
          "Every student the list's search and filters find, by student ID, as a CSV or XLSX file in the import template's columns",
        querystring: studentExportQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendFile(reply, request.query.format, await exportStudents(db, request.query)),
  );

  app.get(
    '/export/faculty',
    {
      schema: {
        tags: TAGS,
        summary:
          "Every faculty member the list's search and filters find, by faculty ID, as a CSV or XLSX file in the import template's columns",
        querystring: facultyExportQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendFile(reply, request.query.format, await exportFaculty(db, request.query)),
  );
};
