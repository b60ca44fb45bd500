import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/** A request part that failed its contract schema; the zod issues become the `errors` map. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;

  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('Request validation failed');
  }
}

/**
 * The object schema of a request part, also when the contract transforms the object after it, or
 * joins it with a union of shapes (a bank question's labels beside any question type's fields).
 */
export function objectSchemaOf(schema: unknown): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodIntersection) return objectSchemaOf(schema.def.left);
  return schema instanceof z.ZodPipe ? objectSchemaOf(schema.in) : undefined;
}

/**
 * Validates with the contracts' zod schemas. fastify-type-provider-zod's own compiler flattens
 * zod issues into Ajv-style errors; keeping the issues lets contracts' `fieldErrors` build the
 * error map exactly as the browser's forms do.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // Fastify passes an absent body as null; validating {} names each missing field instead.
    const input = httpPart === 'body' && data == null && objectSchemaOf(schema) ? {} : data;
    const result = schema.safeParse(input);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error.issues) };
  };
