import { AUTH_MESSAGES, type DashboardOverview, type SlowedSignIn } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeOverview, makeRecentExam, makeResultStatus } from '@/test/dashboard-fixtures';
import DashboardPage from './dashboard-page';

function block(name: string) {
  return screen.getByRole('region', { name });
}

/** The figure a tile shows: the description of its label's term. */
function figure(blockName: string, label: string) {
  const term = within(block(blockName)).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

function renderDashboard(
  overview: DashboardOverview = makeOverview(),
  slowed: SlowedSignIn[] = [],
) {
  const requests = fakeAdminApi({
    'GET /admin/overview': () => ok(overview),
    'GET /admin/get-slowed-sign-ins': () => ok({ accounts: slowed }),
  });
  const view = renderPage(<DashboardPage />, '/admin', [
    { path: '/admin/exam/create-exam', element: <h1>Create Exam</h1> },
    { path: '/admin/student', element: <h1>All Students</h1> },
    { path: '/admin/exam/results', element: <h1>Results</h1> },
    { path: '/admin/exam/:examId/results', element: <h1>Exam results</h1> },
  ]);
  return { ...view, requests };
}

describe('DashboardPage', () => {
  it('tells the admin which accounts have their sign-ins slowed down, and until when', async () => {
    renderDashboard(makeOverview(), [
      { email: 'admin@example.com', failedAttempts: 12, slowedUntil: '2030-03-14T10:05:00.000Z' },
      { email: 'dean@example.com', failedAttempts: 1, slowedUntil: '2030-03-14T10:00:01.000Z' },
    ]);
    const notice = await screen.findByRole('region', {
      name: 'Sign-ins slowed down after failed passwords',
    });
    const items = within(notice).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `admin@example.com: 12 failed attempts, next attempt from a new browser after ${formatDateTime('2030-03-14T10:05:00.000Z')}`,
      `dean@example.com: 1 failed attempt, next attempt from a new browser after ${formatDateTime('2030-03-14T10:00:01.000Z')}`,
    ]);
  });

  it('shows the five blocks, skeletons first, then the figures of the one overview call', async () => {
    const { requests } = renderDashboard();

    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    for (const name of [
      'System Overview',
      'Exam Statistics',
      'Recent Exams',
      'Quick Actions',
      'Result Publishing Status',
    ]) {
      expect(block(name)).toBeInTheDocument();
    }
    expect(figure('System Overview', 'Total Batches')).toHaveTextContent('Loading');
    expect(within(block('Recent Exams')).getAllByTestId('skeleton-row')).toHaveLength(10);

    expect(
      await within(figure('System Overview', 'Total Batches')).findByText('3'),
    ).toBeInTheDocument();
    expect(figure('System Overview', 'Courses')).toHaveTextContent('5');
    expect(figure('System Overview', 'Branches')).toHaveTextContent('7');
    expect(figure('System Overview', 'Sections')).toHaveTextContent('11');
    expect(figure('Exam Statistics', 'Ongoing')).toHaveTextContent('2');
    expect(figure('Exam Statistics', 'Completed')).toHaveTextContent('13');
    expect(figure('Exam Statistics', 'Upcoming')).toHaveTextContent('4');
    expect(figure('Exam Statistics', 'Pending Results')).toHaveTextContent('6');
    expect(within(block('Exam Statistics')).getByText(/as of 14 Mar 2030, 10:00/)).toBeVisible();
    expect(requests.map((request) => request.url).sort()).toEqual([
      '/admin/get-slowed-sign-ins',
      '/admin/overview',
    ]);
    expect(screen.queryByRole('region', { name: /Sign-ins slowed down/ })).not.toBeInTheDocument();
  });

  it('lists the recent exams with their schedule, participants and a badge per status', async () => {
    renderDashboard(
      makeOverview({
        recentExams: [
          makeRecentExam(),
          makeRecentExam({
            _id: 'exam-2',
            subject: 'Operating Systems',
            batch: { _id: 'batch-2', name: '2025-2029' },
            scheduleDetails: {
              startDate: '2030-03-14',
              endDate: '2030-03-16',
              bufferTime: { beforeExam: 0, afterExam: 0 },
            },
            participants: 1200,
            status: 'Ongoing',
          }),
          makeRecentExam({ _id: 'exam-3', subject: 'Compilers', status: 'Scheduled' }),
        ],
      }),
    );

    await within(block('Recent Exams')).findByText('B.Tech / Operating Systems');
    const table = within(block('Recent Exams')).getByRole('table', { name: 'Recent exams' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Course/Subject', 'Batch', 'Schedule', 'Participants', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells.map(([, ...rest]) => rest)).toEqual([
      ['2024-2028', '2030-03-14 at 09:30', '58', 'Completed'],
      ['2025-2029', '2030-03-14 - 2030-03-16', '1,200', 'Ongoing'],
      ['2024-2028', '2030-03-14 at 09:30', '58', 'Scheduled'],
    ]);
    const [first] = rows as [HTMLElement];
    expect(within(first).getByText('B.Tech / Data Structures')).toHaveAttribute(
      'title',
      'Bachelor of Technology',
    );
    expect(within(first).getByText('Data Structures Mid-term')).toBeVisible();
    expect(within(rows[0] as HTMLElement).getByText('Completed')).toHaveClass('text-green-700');
    expect(within(rows[1] as HTMLElement).getByText('Ongoing')).toHaveClass('text-blue-700');
    expect(within(rows[2] as HTMLElement).getByText('Scheduled')).toHaveClass('text-amber-800');
  });

  it('says so when no exam is published yet', async () => {
    renderDashboard(makeOverview({ recentExams: [] }));

    expect(await within(block('Recent Exams')).findByText('No published exams yet')).toBeVisible();
  });

  it.each([
    ['Schedule New Exam', '/admin/exam/create-exam', 'Create Exam'],
    ['Manage Students', '/admin/student', 'All Students'],
  ])('goes from %s to %s', async (name, path, heading) => {
    const { router } = renderDashboard();

    await userEvent.click(within(block('Quick Actions')).getByRole('link', { name }));

    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['Publish Results', '/admin/exam/results', '?status=Ready%20to%20Publish'],
    ['View Reports', '/admin/exam/results', ''],
  ])('goes from %s to the completed exams', async (name, path, search) => {
    const { router } = renderDashboard();

    await userEvent.click(within(block('Quick Actions')).getByRole('link', { name }));

    expect(router.state.location.pathname).toBe(path);
    expect(router.state.location.search).toBe(search);
  });

  it('lists the completed exams with where their results stand, each a link to its results', async () => {
    const { router } = renderDashboard(
      makeOverview({
        resultStatuses: [
          makeResultStatus(),
          makeResultStatus({
            _id: '40000000-0000-4000-8000-000000000003',
            examTitle: 'Networks Quiz',
            resultStatus: 'Evaluating',
            submitted: 7,
          }),
        ],
      }),
    );

    const results = block('Result Publishing Status');
    await within(results).findByRole('link', { name: 'Algorithms Final' });
    const rows = within(results).getAllByRole('row').slice(1);
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Exam/Subject', 'Submitted', 'Status']);
    expect(within(rows[0] as HTMLElement).getByText('Ready to Publish')).toHaveClass(
      'text-blue-700',
    );
    expect(within(rows[1] as HTMLElement).getByText('Evaluating')).toHaveClass('text-amber-800');
    expect(within(rows[1] as HTMLElement).getByRole('cell', { name: '7' })).toBeVisible();

    await userEvent.click(within(results).getByRole('link', { name: 'Algorithms Final' }));
    expect(router.state.location.pathname).toBe(
      '/admin/exam/40000000-0000-4000-8000-000000000002/results',
    );
  });

  it('says so when no exam is completed yet', async () => {
    renderDashboard(makeOverview({ resultStatuses: [] }));

    expect(
      await within(block('Result Publishing Status')).findByText('No completed exams yet'),
    ).toBeVisible();
  });

  it('shows an error banner and no figures when the overview fails, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeAdminApi({
      'GET /admin/overview': () =>
        fail
          ? { status: 403, data: { success: false, message: AUTH_MESSAGES.forbidden } }
          : ok(makeOverview()),
    });
    renderPage(<DashboardPage />, '/admin');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load the dashboard');
    expect(banner).toHaveTextContent(AUTH_MESSAGES.forbidden);
    expect(figure('System Overview', 'Total Batches')).toHaveTextContent('Unavailable');
    expect(figure('Exam Statistics', 'Pending Results')).toHaveTextContent('Unavailable');
    expect(
      within(block('Recent Exams')).getByText('Recent exams could not be loaded'),
    ).toBeVisible();

    fail = false;
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));

    expect(
      await within(figure('System Overview', 'Total Batches')).findByText('3'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
