import { VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';

/** A failure the client caused or may see: its message is sent as the error contract's `message`. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * A request that passed its schema but whose fields name records that do not exist: a 400 with
 * `errors` keyed by field, as a schema failure gives, so forms show it under the field.
 */
export class FieldErrors extends ApiError {
  override name = 'FieldErrors';

  constructor(readonly errors: Record<string, string>) {
    super(400, VALIDATION_FAILED_MESSAGE);
  }
}
