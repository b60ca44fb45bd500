import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import DocumentationPage from './documentation-page';
import LandingPage from './landing-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/documentation', element: <DocumentationPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('LandingPage', () => {
  it('names the product in a centered heading', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'ExamIQ: secure online examinations with live proctoring',
    );
  });

  it('leads to the documentation and to sign-in from the header', async () => {
    const router = renderAt('/');
    const header = screen.getByRole('navigation', { name: 'Site' });

    await userEvent.click(within(header).getByRole('link', { name: 'Documentation' }));
    expect(router.state.location.pathname).toBe('/documentation');

    await userEvent.click(screen.getByRole('link', { name: 'Login' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('DocumentationPage', () => {
  it('lists exactly the seven sections and opens on Overview', () => {
    renderAt('/documentation');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });

    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Features',
      'Functionality',
      'API Reference',
      'DB Schema',
      'Security',
      'Deployment',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('switches section from the sidebar', async () => {
    renderAt('/documentation');
    const nav = screen.getByRole('navigation', { name: 'Documentation' });

    await userEvent.click(within(nav).getByRole('link', { name: 'API Reference' }));

    expect(screen.getByRole('heading', { level: 1, name: 'API Reference' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/api/docs' })).toHaveAttribute('href', '/api/docs');
    expect(within(nav).getByRole('link', { name: 'API Reference' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens the section named in the address', () => {
    renderAt('/documentation#security');
    expect(screen.getByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText(/argon2id/)).toBeInTheDocument();
  });
});
