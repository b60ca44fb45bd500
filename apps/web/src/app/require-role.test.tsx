import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser, storeSession } from '@/test/fake-api';
import { RequireRole } from './require-role';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Landing page</p> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/change-password', element: <p>Reset password page</p> },
      { path: '/faculty', element: <p>Faculty area</p> },
      {
        path: '/student',
        element: (
          <RequireRole allow="student">
            <p>Student area</p>
          </RequireRole>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireRole allow="admin">
            <p>Admin area</p>
          </RequireRole>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

describe('RequireRole', () => {
  it("shows 'Loading...' while auth is loading", () => {
    storeSession();
    useAuthStore.setState({ isLoading: true });
    renderAt('/admin');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('sends signed-out visitors to /login', () => {
    renderAt('/admin');
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('lets the allowed role in, comparing roles case-insensitively', () => {
    storeSession(makeUser({ role: 'ADMIN' }));
    renderAt('/admin');
    expect(screen.getByText('Admin area')).toBeInTheDocument();
  });

  it.each([
    ['faculty', 'Faculty area'],
    ['Student', 'Student area'],
  ])('sends a %s user to their own area', (role, area) => {
    storeSession(makeUser({ role }));
    renderAt('/admin');
    expect(screen.getByText(area)).toBeInTheDocument();
  });

  it.each([
    ['student', '/student'],
    ['admin', '/admin'],
  ])('holds a %s still on the default password on /change-password', (role, path) => {
    storeSession(makeUser({ role, isFirstLogin: true }));
    renderAt(path);
    expect(screen.getByText('Reset password page')).toBeInTheDocument();
  });

  it('sends a user with an unknown role to /', () => {
    storeSession(makeUser({ role: 'librarian' }));
    renderAt('/admin');
    expect(screen.getByText('Landing page')).toBeInTheDocument();
  });
});
