import type { z } from 'zod';
import { fieldErrors } from './api';

/** The `errors` map a request with this value would receive (empty when it is valid). */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
}
