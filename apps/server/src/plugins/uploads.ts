import { UPLOAD_MESSAGES } from '@examiq/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/** A file as it was uploaded: its bytes and the name the client gave it. */
export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** What a route says of an upload it cannot take, in its own words. */
export interface UploadMessages {
  notMultipart: string;
  tooLarge: string;
}

/**
 * Lets the routes of the calling plugin's scope, and no other, take one file of at most
 * `maxBytes` with a few small text fields. The size limit is enforced while the file streams in:
 * a larger upload is cut off at the limit, never read whole first.
 */
export function acceptUploads(app: FastifyInstance, limits: { maxBytes: number; fields: number }) {
  return app.register(multipart, {
    limits: {
      fileSize: limits.maxBytes,
      files: 1,
      fields: limits.fields,
      parts: limits.fields + 1,
      fieldSize: 1024,
    },
  });
}

/**
 * The upload's file sent as `fileField` and its text fields, whichever order they came in; any
 * other file is drained unread. A body that breaks the limits or the format is the client's
 * error, never a 500.
 */
export async function readUpload(
  request: FastifyRequest,
  fileField: string,
  messages: UploadMessages,
): Promise<{ file: UploadedFile | undefined; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new ApiError(400, messages.notMultipart);
  let file: UploadedFile | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== fileField) {
        part.file.resume();
      } else {
        // The name may be kept (a job, the audit log): text a column can store, not too long.
        const fileName = part.filename.replace(/\p{Cc}/gu, '').slice(0, 255);
        file = { bytes: await part.toBuffer(), fileName };
      }
    }
  } catch (error) {
    const { code } = error as { code?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, messages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new ApiError(400, UPLOAD_MESSAGES.oneFile);
    throw new ApiError(400, UPLOAD_MESSAGES.malformed);
  }
  return { file, fields };
}
