import { z } from 'zod';

/** The error contract of every API failure: field errors are keyed by dotted path. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function successResponse<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
  });
}

export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});

/** Turns zod issues into the `errors` map of the error contract: first message per path. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_root';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** What the browser app is told of the server's settings before anyone signs in. */
export const publicConfigSchema = z.object({
  /** Where people without an account ask for one; null when the operator set none. */
  supportEmail: z.string().nullable(),
  /** Whether 'Forgot password?' mails reset links: the institution's switch of the same name. */
  passwordResetEmails: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const VALIDATION_FAILED_MESSAGE = 'Please correct the highlighted fields';

/** Page metadata of every paginated list (spec section 3). */
export const paginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * A search's pagination whose count stops a little past what anyone pages through: counting every
 * question a broad search finds in a large bank costs more than the page itself. When
 * `totalCountCapped`, more match than `totalCount` says, and the next page is there to read.
 */
export const cappedPaginationSchema = paginationSchema.extend({ totalCountCapped: z.boolean() });
export type CappedPagination = z.infer<typeof cappedPaginationSchema>;

/**
 * Where a capped count stops, unless the page asked for lies further: ten pages of 20, past what
 * anyone reads of one search. Counting further reads every question a broad word finds.
 */
export const SEARCH_COUNT_CAP = 200;
