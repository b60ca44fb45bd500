import { STATUS_CODES } from 'node:http';
import {
  type ErrorResponse,
  errorResponseSchema,
  fieldErrors,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, FieldErrors } from '../errors';
import { RequestValidationError } from './validation';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong';

/** The error contract documented for the given status codes of a route. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes) {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [Code in Codes[number]]: typeof errorResponseSchema;
  };
}

interface ErrorReply {
  statusCode: number;
  body: ErrorResponse;
  headers: Record<string, string>;
}

const FASTIFY_ERROR_MESSAGES: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    message: 'Unsupported content type: send JSON (application/json)',
  },
};

function errorReply(statusCode: number, message: string, headers: Record<string, string> = {}) {
  return { statusCode, body: { success: false as const, message }, headers };
}

function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof RequestValidationError) {
    return {
      statusCode: 400,
      body: {
        success: false,
        message: VALIDATION_FAILED_MESSAGE,
        errors: fieldErrors(error.issues),
      },
      headers: {},
    };
  }
  if (error instanceof FieldErrors) {
    return {
      statusCode: error.statusCode,
      body: { success: false, message: error.message, errors: error.errors },
      headers: {},
    };
  }
  if (error instanceof ApiError) return errorReply(error.statusCode, error.message, error.headers);

  const { code, statusCode, message } = (error ?? {}) as {
    code?: unknown;
    statusCode?: unknown;
    message?: unknown;
  };
  const known = typeof code === 'string' ? FASTIFY_ERROR_MESSAGES[code] : undefined;
  if (known) return errorReply(known.statusCode, known.message);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors describe the request; anything else gets the standard phrase
    // so no internal detail leaks.
    const text =
      typeof code === 'string' && code.startsWith('FST_') && typeof message === 'string'
        ? message
        : (STATUS_CODES[statusCode] ?? 'Bad request');
    return errorReply(statusCode, text);
  }
  return errorReply(500, INTERNAL_ERROR_MESSAGE);
}

/** For Fastify's `frameworkErrors` option: failures before routing (a malformed URL). */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  response: FastifyReply,
): void {
  response.send(errorAnswer(error, request, response));
}

/**
 * Sets the status and headers of the error contract for `error` on a reply and returns its body;
 * a 500 is logged and never shows its cause.
 */
function errorAnswer(error: unknown, request: FastifyRequest, response: FastifyReply) {
  const { statusCode, body, headers } = toErrorReply(error);
  if (statusCode >= 500) request.log.error({ err: error }, 'Request failed');
  response.code(statusCode).headers(headers);
  return body;
}

/** Every failure leaves as the error contract. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, response) =>
    response.send(errorAnswer(error, request, response)),
  );
}
