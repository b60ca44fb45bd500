import { fieldErrors, QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError, FieldErrors } from '../../errors';
import { readUpload } from '../../plugins/uploads';

/**
 * The question file of an upload and its text fields checked by `fieldsSchema`, whichever order
 * the client sent them in: every field's message at once, the missing file's among them.
 */
export async function questionUploadOf<Schema extends z.ZodType>(
  request: FastifyRequest,
  fieldsSchema: Schema,
): Promise<{ fields: z.output<Schema>; file: Uint8Array }> {
  const { file, fields } = await readUpload(request, 'file', MESSAGES);
  const checked = fieldsSchema.safeParse(fields);
  const errors = checked.success ? {} : fieldErrors(checked.error.issues);
  if (!file) errors.file = MESSAGES.fileRequired;
  if (!checked.success || !file) throw new FieldErrors(errors);
  if (file.bytes.length === 0) throw new ApiError(400, MESSAGES.fileEmpty);
  return { fields: checked.data, file: file.bytes };
}
