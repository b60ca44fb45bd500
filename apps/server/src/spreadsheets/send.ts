import type { Readable } from 'node:stream';
import type { ExportFormat } from '@examiq/contracts';
import type { FastifyReply } from 'fastify';
import { SPREADSHEET_CONTENT_TYPES } from './write';

/** A spreadsheet sent as an attachment, streamed as it is written. */
export function sendSpreadsheet(
  reply: FastifyReply,
  format: ExportFormat,
  { fileName, stream }: { fileName: string; stream: Readable },
) {
  return reply
    .header('content-type', SPREADSHEET_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
