import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * The pages that read server data through the query cache: the signed-in areas and the password
 * change, forgot and reset pages. The public pages never need the cache, so it is not part of their download.
 */
export default function ServerDataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
