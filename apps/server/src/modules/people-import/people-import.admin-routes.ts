import {
  IMPORT_UPLOAD,
  importJobParamSchema,
  importJobSchema,
  importKindParamSchema,
  importModeSchema,
  importPreviewSchema,
  importTemplateQuerySchema,
  PEOPLE_IMPORT_LIMITS,
  PEOPLE_IMPORT_MESSAGES,
  PEOPLE_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { ApiError, FieldErrors } from '../../errors';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { acceptUploads, readUpload } from '../../plugins/uploads';
import { SPREADSHEET_CONTENT_TYPES } from '../../spreadsheets/write';
import { readSettings } from '../settings/settings.service';
import type { ImportContext } from './import-job';
import {
  getImportJob,
  importTemplate,
  previewImport,
  startImport,
  takeCredentials,
} from './people-import.service';

const TAGS = ['people import'];

const FILE_BODY = `multipart/form-data with one \`file\` field: a CSV (UTF-8) or XLSX file of at most ${PEOPLE_IMPORT_LIMITS.maxFileBytes / 1_048_576} MB and ${PEOPLE_IMPORT_LIMITS.maxRows.toLocaleString('en')} rows`;

const UPLOAD_MESSAGES = {
  notMultipart: PEOPLE_IMPORT_MESSAGES.noFile,
  tooLarge: PEOPLE_IMPORT_MESSAGES.fileTooLarge,
};

/** The upload's file, which it must have. */
async function fileOf(request: FastifyRequest) {
  const { file } = await readUpload(request, IMPORT_UPLOAD.fileField, UPLOAD_MESSAGES);
  if (!file) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.noFile);
  return file;
}

function attachment(fileName: string) {
  return {
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}

/**
 * Bulk import of students and faculty: template, preview, import job, its progress and its
 * credentials file. Registered inside the admin scope, which guards it.
 */
export const peopleImportAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  secret: string;
  now: () => Date;
}> = async (app, { db, secret, now }) => {
  await acceptUploads(app, { maxBytes: PEOPLE_IMPORT_LIMITS.maxFileBytes, fields: 4 });
  const ctx: ImportContext = { db, secret, now };

  app.get(
    '/import-template/:kind',
    {
      schema: {
        tags: TAGS,
        summary:
          'The import template of students or faculty as CSV or XLSX: one column per field of the create form, and an example row',
        params: importKindParamSchema,
        querystring: importTemplateQuerySchema,
        response: {
          200: z.any().describe('The template, as an attachment'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { fileName, stream } = importTemplate(request.params.kind, format);
      return reply
        .header('content-type', SPREADSHEET_CONTENT_TYPES[format])
        .headers(attachment(fileName))
        .send(stream);
    },
  );

  app.post(
    '/import-preview/:kind',
    {
      schema: {
        tags: TAGS,
        summary: `Checks every row of a file as the create form and the database would, and lists the errors by row and column. Nobody is created; the valid rows are kept an hour under the answer's \`_id\`, for the import to name in place of the file. ${FILE_BODY}`,
        params: importKindParamSchema,
        response: {
          200: successResponse(importPreviewSchema),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const file = await fileOf(request);
      return ok(await previewImport(db, request.params.kind, file));
    },
  );

  app.post(
    '/import/:kind',
    {
      schema: {
        tags: TAGS,
        summary: `Starts importing a file in the background: its valid rows (mode valid-only), or all of them or none (mode all-or-nothing, the default). ${FILE_BODY}, a \`mode\` field and an \`invite\` field (\`true\`: each person is mailed a 7-day set-password invitation instead of a default password, and there is no credentials file; \`false\`, the default: default passwords); or, in place of the file, a \`check\` field naming the file's preview (its \`_id\`), whose checked rows are used (404 once it has expired or started an import)`,
        params: importKindParamSchema,
        response: {
          202: successResponse(importJobSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const { file, fields } = await readUpload(request, IMPORT_UPLOAD.fileField, UPLOAD_MESSAGES);
      const checkId = fields[IMPORT_UPLOAD.checkField];
      if (!file && checkId === undefined) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.noFile);
      const mode = importModeSchema.safeParse(fields[IMPORT_UPLOAD.modeField] ?? 'all-or-nothing');
      const invite = fields[IMPORT_UPLOAD.inviteField] ?? 'false';
      const inviteError =
        invite !== 'true' && invite !== 'false'
          ? PEOPLE_IMPORT_MESSAGES.invite
          : invite === 'true' && !(await readSettings(db)).settings.invitationEmails
            ? PEOPLE_MESSAGES.invitationsOff
            : undefined;
      const errors = {
        ...(mode.success ? {} : { mode: PEOPLE_IMPORT_MESSAGES.mode }),
        ...(inviteError ? { invite: inviteError } : {}),
      };
      if (!mode.success || Object.keys(errors).length > 0) throw new FieldErrors(errors);
      const data = await startImport(
        ctx,
        app.jobs,
        request.auth.userId,
        request.params.kind,
        { mode: mode.data, invite: invite === 'true' },
        file ? { file } : { checkId: checkId as string },
      );
      return reply.code(202).send(ok(data, PEOPLE_IMPORT_MESSAGES.importStarted));
    },
  );

  app.get(
    '/get-job/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "An import's progress (rows done of its total), status and, once it has ended, its summary",
        params: importJobParamSchema,
        response: {
          200: successResponse(importJobSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await getImportJob(db, request.params.id)),
  );

  app.get(
    '/get-job-credentials/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "An ended import's credentials file (email, ID, default password) as CSV: downloadable once, then 410; 409 while it runs and for an import that mailed invitations instead",
        params: importJobParamSchema,
        response: {
          200: z.any().describe('The CSV file, as an attachment'),
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await takeCredentials(ctx, request.params.id);
      return reply
        .header('content-type', SPREADSHEET_CONTENT_TYPES.csv)
        .headers(attachment(fileName))
        .send(stream);
    },
  );
};
