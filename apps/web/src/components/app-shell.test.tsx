import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraduationCap, LayoutDashboard, Presentation } from 'lucide-react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { setNavigate } from '@/lib/navigation';
import { bearerOf, fakeServer, makeUser, storeSession } from '@/test/fake-api';
import { AppShell, type NavItem } from './app-shell';

const nav: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/student', label: 'Student', icon: GraduationCap },
  { to: '/admin/faculty', label: 'Faculty', icon: Presentation },
];

function renderShell(path: string) {
  storeSession();
  const requests = fakeServer((request) =>
    request.url === '/auth/me'
      ? {
          status: 200,
          data: { success: true, data: { user: makeUser({ email: 'head.admin@example.edu' }) } },
        }
      : { status: 200, data: { success: true, message: 'Logged out successfully' } },
  );
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <AppShell areaLabel="Admin" homePath="/admin" navItems={nav}>
            <Outlet />
          </AppShell>
        ),
        children: [
          { index: true, element: <h1>Dashboard page</h1> },
          { path: 'student/*', element: <h1>Student page</h1> },
          { path: 'faculty', element: <h1>Faculty page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, requests };
}

afterEach(() => {
  useAuthStore.setState(useAuthStore.getInitialState(), true);
});

describe('AppShell', () => {
  it("moves focus to the chosen page's heading", async () => {
    renderShell('/admin');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Faculty' }));
    expect(await screen.findByRole('heading', { name: 'Faculty page' })).toHaveFocus();

    await userEvent.click(within(nav).getByRole('link', { name: 'Faculty' }));
    expect(screen.getByRole('heading', { name: 'Faculty page' })).toHaveFocus();
  });

  it('shows the area label and the email the server reports for the signed-in user', async () => {
    const { requests } = renderShell('/admin');

    expect(screen.getByText('Admin')).toBeInTheDocument();
    expect(await screen.findByText('head.admin@example.edu')).toBeInTheDocument();
    const me = requests.find((r) => r.url === '/auth/me');
    expect(me && bearerOf(me)).toBe('Bearer access-1');
  });

  it('marks Dashboard active on /admin only', () => {
    renderShell('/admin');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Student' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('marks an item active on every path below its link', () => {
    renderShell('/admin/student/create-student');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Student' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('opens the navigation drawer and closes it with Escape, returning focus', async () => {
    renderShell('/admin');
    const menu = screen.getByRole('button', { name: 'Open navigation' });

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('closes the drawer when a link is followed', async () => {
    const { router } = renderShell('/admin');

    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Faculty' }));

    expect(router.state.location.pathname).toBe('/admin/faculty');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).not.toBeInTheDocument();
  });

  it('logs out from the sidebar', async () => {
    const navigate = vi.fn();
    setNavigate(navigate);
    const { requests } = renderShell('/admin');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    const sidebar = navigation.parentElement ?? document.body;

    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));

    expect(requests.some((r) => r.url === '/auth/logout')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
