import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { queryClient } from '@/lib/query-client';
import { fakeServer, makeUser, storeSession } from '@/test/fake-api';
import ChangePasswordPage from './change-password-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/change-password', element: <ChangePasswordPage /> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/student', element: <p>Student area</p> },
    ],
    { initialEntries: ['/change-password'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function fill(newPassword = 'a-new-secret', confirmPassword = newPassword) {
  await userEvent.type(screen.getByLabelText('Temporary password'), 'Temp#2024pass');
  await userEvent.type(screen.getByLabelText('New password'), newPassword);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmPassword);
}

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

describe('ChangePasswordPage', () => {
  it('prefills the email of the stored user and has a toggle per password field', () => {
    storeSession(makeUser({ email: 'new.student@example.edu', isFirstLogin: true }));
    renderPage();

    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new.student@example.edu');
    for (const name of ['temporary password', 'new password', 'confirm password']) {
      expect(screen.getByRole('button', { name: `Show ${name}` })).toBeInTheDocument();
    }
  });

  it('shows the spec messages once fields are touched', async () => {
    renderPage();

    await userEvent.click(screen.getByLabelText('Temporary password'));
    await userEvent.tab();
    expect(screen.getByText('Temporary password is required')).toBeInTheDocument();
    expect(screen.queryByText('New password is required')).not.toBeInTheDocument();

    await fill('a-new-secret', 'something-else');
    await userEvent.tab();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
  });

  it('changes the password, keeps the new session the server started and goes to the area', async () => {
    storeSession(makeUser({ email: 'new.student@example.edu', isFirstLogin: true }));
    const success = vi.spyOn(toast, 'success');
    const user = makeUser({ email: 'new.student@example.edu', role: 'student' });
    const requests = fakeServer(() => ({
      status: 200,
      data: {
        success: true,
        message: 'Password changed successfully',
        data: {
          tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' },
          sessionId: 'session-2',
          user,
        },
      },
    }));
    const router = renderPage();

    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Student area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student');
    expect(requests[0]?.url).toBe('/auth/change-password');
    expect(requests[0]?.data).toEqual({
      email: 'new.student@example.edu',
      currentPassword: 'Temp#2024pass',
      newPassword: 'a-new-secret',
      confirmPassword: 'a-new-secret',
    });
    expect(success).toHaveBeenCalledWith('Password changed successfully!');
    expect(useAuthStore.getState()).toMatchObject({ isFirstLogin: false, isAuthenticated: true });
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('sessionId')).toBe('session-2');
  });

  it('toasts the server message on failure and stays', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeServer(() => ({
      status: 401,
      data: { success: false, message: 'Invalid email or password' },
    }));
    const router = renderPage();

    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.edu');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Invalid email or password'));
    expect(router.state.location.pathname).toBe('/change-password');
  });
});
