import { QueryCache, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError } from './api-client';
import { getAccessToken, subscribeToSession } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Toasted once when the query fails for good (after its retries), e.g. a failed lookup. */
      errorMessage?: string;
      /** Logged with the error instead, where a screen must not toast (e.g. the people forms' lookups). */
      logMessage?: string;
    };
  }
}

const MAX_RETRIES = 2;

/** The app's query client; tests build their own so no cached data leaks between them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The cache sees each failure once, however many components use the query, so a toast
    // raised here is not repeated per component.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const message = query.meta?.errorMessage;
        if (message) toast.error(message);
        const logMessage = query.meta?.logMessage;
        if (logMessage) console.error(logMessage, error);
      },
    }),
    defaultOptions: {
      queries: {
        // Only a lost connection or a server fault may go away on retry: a 4xx answer, or a
        // response that fails its schema, would come back the same.
        retry: (failureCount, error) => {
          if (!(error instanceof ApiError)) return false;
          const status = error.response?.status;
          return (status === undefined || status >= 500) && failureCount < MAX_RETRIES;
        },
      },
    },
  });
}

export const queryClient = createQueryClient();

// Cached server data belongs to the session that just ended; the next user must not see it.
subscribeToSession(() => {
  if (getAccessToken() === null) queryClient.clear();
});
