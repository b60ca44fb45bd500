import {
  examIdParamSchema,
  exportExamQuestionsQuerySchema,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  parseQuestionsDataSchema,
  parseQuestionsFieldsSchema,
  QUESTION_FILE_LIMITS,
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
import {
  exportExamQuestions,
  QUESTION_FILE_CONTENT_TYPES,
  withStoredImages,
} from './question-interchange.service';
import { questionUploadOf } from './question-upload';

const TAGS = ['question-interchange'];

/**
 * Question files in and out of the exams: GIFT, Moodle XML, QTI 3.0 and Aiken. Registered
 * inside the admin scope, which guards it; the multipart parser is registered in this scope
 * alone, so no other route accepts uploads.
 */
export const questionInterchangeAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  links: MediaLinks;
  now: () => Date;
}> = async (app, { db, links, now }) => {
  await acceptUploads(app, { maxBytes: QUESTION_FILE_LIMITS.maxBytes, fields: 2 });

  app.post(
    '/parse-questions',
    {
      schema: {
        tags: TAGS,
        summary:
          "Reads a question file (multipart: file, format gift | moodle-xml | qti | aiken) into questions of an exam section: those the wizard's rules accept, those to complete, and what was skipped and why. Texts arrive as content (Markdown): HTML converted, plain text escaped; the images a file carries (Moodle XML `<file>` elements, a QTI package's image files) are checked as an upload is and stored as media, and `mediaUrls` shows them. A file with an image that cannot be used stores nothing and is refused naming its question",
        consumes: ['multipart/form-data'],
        response: {
          200: successResponse(parseQuestionsDataSchema),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const { fields, file } = await questionUploadOf(request, parseQuestionsFieldsSchema);
      const { format } = fields;
      const read = await parseInThread(
        'questions',
        { format, bytes: file },
        { overLimits: MESSAGES.overWorkLimits },
      );
      const data = await withStoredImages(db, links, read, request.auth.userId, now());
      const skipped = new Set(
        data.warnings.filter((warning) => warning.skipped).map((warning) => warning.question),
      );
      return ok(data, MESSAGES.read(data.questions.length, data.incomplete.length, skipped.size));
    },
  );

  app.get(
    '/export-exam-questions/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An exam's questions with their answer keys as a GIFT file, a Moodle XML file or a QTI 3.0 content package (zip)",
        params: examIdParamSchema,
        querystring: exportExamQuestionsQuerySchema,
        response: {
          200: z.any().describe('The file, as an attachment named after the exam'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { name, body } = await exportExamQuestions(db, request.params.examId, format, now());
      return reply
        .header('content-type', QUESTION_FILE_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
