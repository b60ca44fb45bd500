/**
 * Query keys of the master data lists. A create call invalidates its list's key, and every cascade
 * lookup's key starts with its list's key, so the lists and the dropdowns of every screen refresh.
 */
export const batchesQueryKey = ['master-data', 'batches'] as const;
export const coursesQueryKey = ['master-data', 'courses'] as const;
export const branchesQueryKey = ['master-data', 'branches'] as const;
export const sectionsQueryKey = ['master-data', 'sections'] as const;

/**
 * How a failed lookup is reported (spec section 8): the master data screens toast it, the student
 * and faculty forms only log it.
 */
export type LookupFailure = 'toast' | 'log';

export function lookupMeta(message: string, failure: LookupFailure) {
  return failure === 'toast' ? { errorMessage: message } : { logMessage: message };
}
