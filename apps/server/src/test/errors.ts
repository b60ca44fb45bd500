import { errorResponseSchema } from '@examiq/contracts';
import { expect } from 'vitest';

/** Checks a status and a body that follows the error contract exactly (no extra fields). */
export function expectError(
  response: { statusCode: number; json(): unknown },
  statusCode: number,
  body: { message: string; errors?: Record<string, string> },
) {
  expect(response.statusCode).toBe(statusCode);
  expect(errorResponseSchema.strict().parse(response.json())).toEqual({ success: false, ...body });
}
