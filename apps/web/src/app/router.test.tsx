import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { fakeServer, makeUser, storeSession } from '@/test/fake-api';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  queryClient.clear();
});

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /ExamIQ/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects an unknown admin path to the landing page too', async () => {
    storeSession();
    const router = renderAt('/admin/unknown');
    await screen.findByRole('heading', { level: 1, name: /ExamIQ/ });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor of /admin to the sign-in page', async () => {
    const router = renderAt('/admin/student');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/admin/student/create-student', 'Create Student'],
    ['/admin/faculty/abc123', 'Faculty Details'],
    ['/admin/exam/exam-ui', 'Live Proctoring'],
    ['/admin/data/view-section', 'All Sections'],
  ])('renders %s inside the admin shell', async (path, heading) => {
    storeSession();
    const requests = fakeServer(() => ({
      status: 200,
      data: { success: true, data: { user: makeUser() } },
    }));
    renderAt(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/auth/me')).toBe(true);
  });

  it.each([
    ['faculty', '/faculty', 'Faculty Dashboard'],
    ['student', '/student', 'Student Dashboard'],
  ])('shows the %s dashboard', async (role, path, heading) => {
    storeSession(makeUser({ role }));
    fakeServer(() => ({
      status: 200,
      data: { success: true, data: { user: makeUser({ role }) } },
    }));
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
