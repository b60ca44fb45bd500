/**
 * The success envelope of every API answer (`{ success: true, message?, data }`, spec section 7),
 * stated here once: a route says only what it answers, and its response schema is the contracts'
 * `successResponse(…)` or `messageResponseSchema`.
 */

/** A success carrying data, and the message a toast shows when there is one. */
export function ok<Data>(
  data: Data,
  message?: string,
): {
  success: true;
  message?: string;
  data: Data;
} {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** A success that is only a message. */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}
