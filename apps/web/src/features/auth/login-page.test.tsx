import { LOGIN_REDIRECT_DELAY_MS } from '@examiq/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { noteSessionEnded } from '@/lib/session';
import { fakeServer, makeUser } from '@/test/fake-api';
import LoginPage from './login-page';

function renderLogin(at = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Landing page</p> },
      { path: '/admin', element: <p>Admin area</p> },
      { path: '/faculty', element: <p>Faculty area</p> },
      { path: '/student', element: <p>Student area</p> },
      { path: '/change-password', element: <p>Reset password page</p> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function loginAnswer(user = makeUser()) {
  return {
    status: 200,
    data: {
      success: true,
      message: 'Login successful',
      data: { tokens: { accessToken: 'a1', refreshToken: 'r1' }, sessionId: 's1', user },
    },
  };
}

async function fillAndSubmit(email = 'admin@example.com', password = 'correct-horse') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

describe('LoginPage', () => {
  it('shows validation messages only once a field has been touched', async () => {
    renderLogin();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');

    await userEvent.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await userEvent.click(password);
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    await userEvent.clear(email);
    expect(screen.getByText('Email is required')).toBeInTheDocument();

    await userEvent.type(password, 'short');
    await userEvent.tab();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    await userEvent.clear(password);
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('validates every field when submitted untouched', async () => {
    const requests = fakeServer(() => loginAnswer());
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.url === '/auth/login')).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('has the proctoring statement and says to contact the admin, with no link to nowhere', async () => {
    const requests = fakeServer(() => ({
      status: 200,
      data: { success: true, data: { supportEmail: null, passwordResetEmails: true } },
    }));
    renderLogin();
    expect(
      screen.getByText('Exams on this platform are secured with advanced proctoring.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.map((request) => request.url).sort()).toEqual([
        '/auth/oidc/providers',
        '/public-config',
      ]),
    );
    expect(screen.getByText(/Don't have an account\?/)).toHaveTextContent(
      "Don't have an account? Contact Admin to have one created.",
    );
    expect(screen.queryByRole('link', { name: /Contact Admin/ })).not.toBeInTheDocument();
  });

  it('offers the configured support email as a mail link', async () => {
    fakeServer(() => ({
      status: 200,
      data: {
        success: true,
        data: { supportEmail: 'registrar@school.example', passwordResetEmails: true },
      },
    }));
    renderLogin();
    expect(
      await screen.findByRole('link', { name: 'Contact Admin at registrar@school.example' }),
    ).toHaveAttribute('href', 'mailto:registrar@school.example');
  });

  it("offers 'Forgot password?' while the institution mails reset links, the default", async () => {
    fakeServer(() => ({
      status: 200,
      data: {
        success: true,
        data: { supportEmail: 'registrar@school.example', passwordResetEmails: true },
      },
    }));
    renderLogin();
    // The support email's link says the public config has arrived.
    await screen.findByRole('link', { name: 'Contact Admin at registrar@school.example' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("offers no 'Forgot password?' once the institution switched reset links off", async () => {
    fakeServer(() => ({
      status: 200,
      data: {
        success: true,
        data: { supportEmail: 'registrar@school.example', passwordResetEmails: false },
      },
    }));
    renderLogin();
    await screen.findByRole('link', { name: 'Contact Admin at registrar@school.example' });
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('says once why, when a session that ended on its own sent the browser here', () => {
    noteSessionEnded();
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
    cleanup();
    renderLogin();
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('signs in, toasts the server message and goes to the area of the role after the delay', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = fakeServer(() => loginAnswer(makeUser({ role: 'Faculty' })));
    const router = renderLogin();

    await fillAndSubmit('  admin@example.com ');

    expect(requests.find((request) => request.url === '/auth/login')?.data).toEqual({
      email: 'admin@example.com',
      password: 'correct-horse',
    });
    expect(success).toHaveBeenCalledWith('Login successful');
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(localStorage.getItem('sessionId')).toBe('s1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'Faculty' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isFirstLogin: false });
    expect(await screen.findByText('Faculty area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/faculty');
  });

  it(`leaves the page ${LOGIN_REDIRECT_DELAY_MS} ms after the success toast`, async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    fakeServer(() => loginAnswer());
    renderLogin();

    await fillAndSubmit();

    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(timers).toHaveBeenCalledWith(expect.any(Function), LOGIN_REDIRECT_DELAY_MS);
  });

  it.each([
    [makeUser({ isFirstLogin: true }), 'Reset password page'],
    [makeUser({ role: 'student' }), 'Student area'],
    [makeUser({ role: 'guest' }), 'Landing page'],
  ])('sends a user to the right place after sign-in (%#)', async (user, destination) => {
    fakeServer(() => loginAnswer(user));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText(destination)).toBeInTheDocument();
  });

  it('does not toast a sign-in success over the reset screen a first login goes to', async () => {
    const success = vi.spyOn(toast, 'success');
    fakeServer(() => loginAnswer(makeUser({ isFirstLogin: true })));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('Reset password page')).toBeInTheDocument();
    expect(success).not.toHaveBeenCalled();
  });

  it('toasts and stores the server message when sign-in fails', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeServer(() => ({
      status: 401,
      data: { success: false, message: 'Invalid email or password' },
    }));
    renderLogin();

    await fillAndSubmit();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Invalid email or password'));
    expect(useAuthStore.getState()).toMatchObject({
      error: 'Invalid email or password',
      user: null,
      isAuthenticated: false,
      isLoading: false,
    });
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('puts server field errors under the matching fields', async () => {
    fakeServer(() => ({
      status: 400,
      data: {
        success: false,
        message: 'Please correct the highlighted fields',
        errors: { email: 'Email must be at most 254 characters long' },
      },
    }));
    renderLogin();

    await fillAndSubmit();

    expect(
      await screen.findByText('Email must be at most 254 characters long'),
    ).toBeInTheDocument();
  });

  describe("the institution's sign-in providers", () => {
    it('offers a button per enabled provider, each a full navigation to its sign-in', async () => {
      fakeServer((request) =>
        request.url === '/auth/oidc/providers'
          ? {
              status: 200,
              data: {
                success: true,
                data: [{ _id: 'environment', label: 'Westbrook University' }],
              },
            }
          : {
              status: 200,
              data: { success: true, data: { supportEmail: null, passwordResetEmails: true } },
            },
      );
      renderLogin();
      const button = await screen.findByRole('link', {
        name: 'Sign in with Westbrook University',
      });
      expect(button).toHaveAttribute('href', '/api/auth/oidc/environment/start');
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });

    it('collects the session after the provider and goes to the area of the role', async () => {
      const requests = fakeServer((request) =>
        request.url === '/auth/oidc/session'
          ? {
              status: 200,
              data: {
                ...loginAnswer(makeUser({ role: 'student', email: 'ada@college.edu' })).data,
                data: {
                  ...loginAnswer(makeUser({ role: 'student' })).data.data,
                  redirect: null,
                },
              },
            }
          : { status: 200, data: { success: true, data: [] } },
      );
      const router = renderLogin('/login?provider=done');
      await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
      expect(requests.filter((request) => request.url === '/auth/oidc/session')).toHaveLength(1);
      expect(useAuthStore.getState().isAuthenticated).toBe(true);
    });

    it("shows the provider sign-in's refusal on the sign-in screen", async () => {
      const message = 'No ExamIQ account matches ada@college.edu. Ask your administrator.';
      fakeServer((request) =>
        request.url === '/auth/oidc/session'
          ? { status: 403, data: { success: false, message } }
          : { status: 200, data: { success: true, data: [] } },
      );
      const router = renderLogin('/login?provider=done');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(router.state.location.search).toBe('');
    });

    it('says a sign-in that did not come back was not completed', async () => {
      fakeServer(() => ({ status: 200, data: { success: true, data: [] } }));
      renderLogin('/login?provider=failed');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Sign-in with your institution did not complete. Please try again.',
      );
    });
  });
});
