import { type Course, DEFAULT_INSTITUTION_SETTINGS, type Section } from '@examiq/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { ApiRequest } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { fakeServer } from '@/test/fake-api';
import { ids, makeBatch, makeBranch, makeCourse, makeSection } from '@/test/master-data-fixtures';

type Answer = { status: number; data: unknown };
type Route = Answer | ((request: ApiRequest) => Answer | Promise<Answer>);

/**
 * Answers requests by 'METHOD /path' (query strings travel in `params`); anything else gets a
 * 404, so a test fails loudly on a call it did not expect.
 */
export function fakeAdminApi(routes: Record<string, Route>): ApiRequest[] {
  return fakeServer((request) => {
    const key = `${request.method} ${request.url}`;
    const route = routes[key] ?? DEFAULT_ROUTES[key];
    if (!route) return { status: 404, data: { success: false, message: `Unexpected ${key}` } };
    return typeof route === 'function' ? route(request) : route;
  });
}

export function ok(data: unknown, status = 200): Answer {
  return { status, data: { success: true, data } };
}

/** The institution's settings, which many pages read first, are the defaults unless a test says. */
export function settingsAnswer(changes: object = {}): Answer {
  return ok({
    settings: { ...DEFAULT_INSTITUTION_SETTINGS, ...changes },
    updatedAt: null,
    updatedBy: null,
  });
}

const DEFAULT_ROUTES: Record<string, Route> = { 'GET /admin/settings': settingsAnswer() };

/**
 * The four look-ups of a Batch → Course → Branch → Section picker: two batches, B.Tech and a
 * second course (M.Tech unless overridden) in each, one branch, and `sections` in it.
 */
export function cascadeLookups({
  secondCourse = {},
  sections = [makeSection()],
}: {
  secondCourse?: Partial<Course>;
  sections?: Section[];
} = {}): Record<string, Answer> {
  return {
    'GET /admin/get-batches': ok([
      makeBatch(),
      makeBatch({ _id: ids.batch2, name: '2025-2029', startYear: 2025, endYear: 2029 }),
    ]),
    'GET /admin/get-courses-by-batch': ok([
      makeCourse(),
      makeCourse({ _id: ids.course2, name: 'M.Tech', ...secondCourse }),
    ]),
    'GET /admin/get-branches-by-course': ok([makeBranch()]),
    'GET /admin/get-sections-by-branch': ok(sections),
  };
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
