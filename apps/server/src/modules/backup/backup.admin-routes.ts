import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { recordAudit } from '../audit/audit';
import { backupFileName, writeBackup } from './write-backup';

const TAGS = ['backup'];

/**
 * A backup of the running server's database, streamed as it is read. The embedded database has
 * one owner, the server, so `npm run backup` asks it here. Registered inside the admin scope.
 */
export const backupAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (
  app,
  { db },
) => {
  app.post(
    '/create-backup',
    {
      schema: {
        tags: TAGS,
        summary:
          'A consistent backup of every record (sessions left out) as a gzipped JSON-lines file, for npm run restore',
        response: {
          200: z.any().describe('The backup file, as an attachment'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      // Whoever takes a copy of every record is on the record.
      await recordAudit(db, request.auth.userId, {
        action: 'backup.create',
        recordType: 'backup',
        recordId: 'database',
        recordLabel: 'Database',
        summary: 'Took a backup of the database',
      });
      const file = new PassThrough();
      // A failed read cuts the download off, so the client never holds a complete-looking file.
      writeBackup(db, file).catch((error: unknown) => {
        request.log.error({ err: error }, 'The backup failed');
        file.destroy(error as Error);
      });
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${backupFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};
