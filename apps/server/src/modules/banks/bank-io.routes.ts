import {
  BANK_IO_MESSAGES,
  bulkBankQuestionsDataSchema,
  bulkBankQuestionsSchema,
  courseIdParamSchema,
  exportBankQuestionsQuerySchema,
  importBankQuestionsDataSchema,
  importBankQuestionsFieldsSchema,
  QUESTION_FILE_LIMITS,
  QUESTION_INTERCHANGE_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { acceptUploads } from '../../plugins/uploads';
import { parseInThread } from '../../uploads/parser-thread';
import type { MediaLinks } from '../media/media-links';
import { QUESTION_FILE_CONTENT_TYPES } from '../question-interchange/question-interchange.service';
import { questionUploadOf } from '../question-interchange/question-upload';
import type { BankUser } from './bank-access';
import { bulkBankQuestions } from './bank-bulk';
import { exportBankQuestions } from './bank-export';
import { checkImporter, importBankQuestions } from './bank-import';
import { BANK_TAGS } from './bank-questions.routes';

/**
 * Many bank questions at once: one action on a selection, a question file imported into a
 * course's bank, and a category or a selection exported as one. Registered inside the admin scope
 * and inside the faculty scope (each route checks the course was granted); the multipart parser
 * is registered in this scope alone.
 */
export const bankIoRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  links: MediaLinks;
  now: () => Date;
  role: BankUser['role'];
}> = async (app, { db, links, now, role }) => {
  const tags = [...BANK_TAGS[role]];
  const userOf = (request: { auth: { userId: string } }): BankUser => ({
    userId: request.auth.userId,
    role,
  });
  await acceptUploads(app, { maxBytes: QUESTION_FILE_LIMITS.maxBytes, fields: 3 });

  app.post(
    '/bulk-bank-questions',
    {
      schema: {
        tags,
        summary:
          "One action on up to 200 questions of a course's bank, all or none: move to a category, add or remove tags (an author's; not while retired), retire, or set to Draft. Each question changed gets its next revision; versions stay",
        body: bulkBankQuestionsSchema,
        response: {
          200: successResponse(bulkBankQuestionsDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const data = await bulkBankQuestions(db, userOf(request), request.body);
      return ok(data, BANK_IO_MESSAGES.done(data.action, data.changed, request.body.category));
    },
  );

  app.post(
    '/import-bank-questions/:courseId',
    {
      schema: {
        tags,
        summary:
          "Imports a question file (multipart: file, format gift | moodle-xml | qti | aiken, category, bloomLevel) into a course's bank as Draft, all or none, keeping the file's categories (GIFT $CATEGORY lines, Moodle XML category questions, a QTI package's test sections or folders) under the category given. Questions the exam's rules refuse are reported as incomplete and not written",
        consumes: ['multipart/form-data'],
        params: courseIdParamSchema,
        response: {
          200: successResponse(importBankQuestionsDataSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { courseId } = request.params;
      await checkImporter(db, user, courseId);
      const { fields, file } = await questionUploadOf(request, importBankQuestionsFieldsSchema);
      const read = await parseInThread(
        'questions',
        { format: fields.format, bytes: file },
        { overLimits: QUESTION_INTERCHANGE_MESSAGES.overWorkLimits },
      );
      const data = await importBankQuestions(db, links, user, courseId, fields, read, now());
      const skipped = new Set(
        data.warnings.filter((warning) => warning.skipped).map((warning) => warning.question),
      );
      return ok(
        data,
        data.imported === 0
          ? BANK_IO_MESSAGES.nothingImported
          : BANK_IO_MESSAGES.imported(data.imported, data.incomplete.length, skipped.size),
      );
    },
  );

  app.get(
    '/export-bank-questions',
    {
      schema: {
        tags,
        summary:
          "A selection of a course's bank questions (ids, comma-separated) or a category's questions not retired (with its subcategories unless includeSubcategories=false) as a GIFT file, a Moodle XML file or a QTI 3.0 package, with answer keys and a category per bank category",
        querystring: exportBankQuestionsQuerySchema,
        response: {
          200: z.any().describe('The file, as an attachment named after the course'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { name, body } = await exportBankQuestions(db, userOf(request), request.query);
      return reply
        .header('content-type', QUESTION_FILE_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
