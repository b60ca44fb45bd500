/** The first message of a list's errors: the list's own or one of its entries'. */
export function listError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  return Object.values(error).map(listError).find(Boolean);
}
