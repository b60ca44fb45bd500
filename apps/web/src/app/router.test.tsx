import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { settingsAnswer } from '@/test/admin-api';
import { fakeServer, makeUser, storeSession } from '@/test/fake-api';
import { RouteErrorBoundary } from './route-error';
import { AppRoutes } from './router';

function CurrentPath() {
  return <output aria-label="Current path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <CurrentPath />
    </MemoryRouter>,
  );
}

const currentPath = () => screen.getByRole('status', { name: 'Current path' }).textContent;

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
  queryClient.clear();
});

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: /ExamIQ/ })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('redirects an unknown admin path to the landing page too', async () => {
    storeSession();
    renderAt('/admin/unknown');
    await screen.findByRole('heading', { level: 1, name: /ExamIQ/ });
    expect(currentPath()).toBe('/');
  });

  it('sends a signed-out visitor of /admin to the sign-in page', async () => {
    renderAt('/admin/student');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it.each([
    ['/admin/student/create-student', 'Create Student'],
    ['/admin/faculty/abc123', 'Faculty Details'],
    ['/admin/exam/exam-ui', 'Live Proctoring'],
    ['/admin/data/view-section', 'All Sections'],
  ])('renders %s inside the admin shell', async (path, heading) => {
    storeSession();
    // A create page reads the institution's settings (its required fields) before its form.
    const requests = fakeServer((request) =>
      request.url === '/admin/settings'
        ? settingsAnswer()
        : { status: 200, data: { success: true, data: { user: makeUser() } } },
    );
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

describe('a page that fails', () => {
  function BrokenPage(): never {
    throw new Error('chunk failed to load');
  }

  it('is replaced by "Something went wrong" with a way to reload and a way home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <BrokenPage />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });
});

describe('navigation', () => {
  it('opens a new page at its top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderAt('/');

    await userEvent.click(await screen.findByRole('link', { name: 'Documentation' }));

    await waitFor(() => expect(currentPath()).toBe('/documentation'));
    // The page is loaded on demand: it is scrolled once it is shown, not when the address changes.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
