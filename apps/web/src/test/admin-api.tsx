import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { fakeServer } from '@/test/fake-api';

type Answer = { status: number; data: unknown };
type Route = Answer | ((request: InternalAxiosRequestConfig) => Answer | Promise<Answer>);

/**
 * Answers requests by 'METHOD /path' (query strings travel in `params`); anything else gets a
 * 404, so a test fails loudly on a call it did not expect.
 */
export function fakeAdminApi(routes: Record<string, Route>): InternalAxiosRequestConfig[] {
  return fakeServer((request) => {
    const key = `${request.method?.toUpperCase()} ${request.url}`;
    const route = routes[key];
    if (!route) return { status: 404, data: { success: false, message: `Unexpected ${key}` } };
    return typeof route === 'function' ? route(request) : route;
  });
}

export function ok(data: unknown, status = 200): Answer {
  return { status, data: { success: true, data } };
}

/**
 * Renders with a fresh query client (no cache shared between tests) inside a memory router, at
 * `entry` (the route's own path unless it has parameters to fill in).
 */
export function renderPage(
  element: ReactElement,
  path = '/admin/data',
  extra: RouteObject[] = [],
  entry = path,
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }, ...extra], { initialEntries: [entry] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}
