import type { Batch, Branch, Course, Section } from '@examiq/contracts';
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

/** Renders with a fresh query client (no cache shared between tests) inside a memory router. */
export function renderPage(element: ReactElement, path = '/admin/data', extra: RouteObject[] = []) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }, ...extra], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

const timestamps = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

export const ids = {
  batch1: '00000000-0000-4000-8000-000000000001',
  batch2: '00000000-0000-4000-8000-000000000002',
  course1: '00000000-0000-4000-8000-000000000011',
  course2: '00000000-0000-4000-8000-000000000012',
  branch1: '00000000-0000-4000-8000-000000000021',
  section1: '00000000-0000-4000-8000-000000000031',
};

export function makeBatch(overrides: Partial<Batch> = {}): Batch {
  return {
    _id: ids.batch1,
    name: '2024-2028',
    startYear: 2024,
    endYear: 2028,
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeCourse(overrides: Partial<Course> = {}): Course {
  return {
    _id: ids.course1,
    batchId: ids.batch1,
    name: 'B.Tech',
    fullName: 'Bachelor of Technology',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeBranch(overrides: Partial<Branch> = {}): Branch {
  return {
    _id: ids.branch1,
    courseId: ids.course1,
    name: 'Computer Science',
    code: 'CSE',
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeSection(overrides: Partial<Section> = {}): Section {
  return {
    _id: ids.section1,
    branchId: ids.branch1,
    name: 'A',
    capacity: 60,
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}
