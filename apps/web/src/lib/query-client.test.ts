import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { storeSession } from '@/test/fake-api';
import { ApiError } from './api-client';
import { createQueryClient, queryClient } from './query-client';
import { clearSession } from './session';

function httpError(status?: number) {
  return new ApiError(
    status === undefined ? undefined : { status, data: { success: false, message: 'x' } },
  );
}

describe('query client', () => {
  it('toasts the error message of a failed query once, and nothing for queries without one', async () => {
    const error = vi.spyOn(toast, 'error');
    const client = createQueryClient();

    await client
      .fetchQuery({
        queryKey: ['batches'],
        queryFn: () => Promise.reject(httpError(403)),
        meta: { errorMessage: 'Failed to load batches' },
      })
      .catch(() => {});
    await client
      .fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(httpError(403)) })
      .catch(() => {});

    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Failed to load batches');
  });

  it('logs, without a toast, a failed query that asks only to be logged', async () => {
    const error = vi.spyOn(toast, 'error');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = httpError(404);

    await createQueryClient()
      .fetchQuery({
        queryKey: ['courses'],
        queryFn: () => Promise.reject(failure),
        meta: { logMessage: 'Failed to load courses' },
      })
      .catch(() => {});

    expect(log).toHaveBeenCalledWith('Failed to load courses', failure);
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    { failure: 'a lost connection', error: httpError(), retried: true },
    { failure: 'a server fault', error: httpError(503), retried: true },
    { failure: 'a refused request', error: httpError(404), retried: false },
    { failure: 'a response failing its schema', error: new Error('unexpected'), retried: false },
  ])('retries after $failure: $retried', ({ error, retried }) => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') throw new Error('retry is a predicate');

    expect(retry(0, error)).toBe(retried);
    expect(retry(2, error)).toBe(false);
  });
});

describe('the app query cache', () => {
  it("forgets the signed-in user's data when the session ends", () => {
    storeSession();
    queryClient.setQueryData(['students'], ['a student']);

    clearSession();

    expect(queryClient.getQueryData(['students'])).toBeUndefined();
  });
});
