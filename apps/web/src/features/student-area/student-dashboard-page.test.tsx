import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import StudentDashboardPage from './student-dashboard-page';
import { ids, makeMyExam, SERVER_NOW } from './test-fixtures';

const open = makeMyExam({ examTitle: 'Open Quiz' });
const resumable = makeMyExam({
  _id: '40000000-0000-4000-8000-000000000002',
  examTitle: 'Resumable Test',
  attempt: {
    _id: ids.attempt,
    status: 'IN_PROGRESS',
    deadlineAt: '2030-03-14T10:30:00.000Z',
    submittedAt: null,
    submitTrigger: null,
  },
});
const upcoming = makeMyExam({
  _id: '40000000-0000-4000-8000-000000000003',
  examTitle: 'Upcoming Final',
  examMode: 'AUTO',
  availability: 'UPCOMING',
  lobbyOpensAt: '2030-03-15T09:45:00.000Z',
  // A day, 20 minutes and 5 seconds after the server's time.
  startsAt: '2030-03-15T10:00:05.000Z',
  endsAt: '2030-03-15T12:00:00.000Z',
});
const submitted = makeMyExam({
  _id: '40000000-0000-4000-8000-000000000004',
  examTitle: 'Submitted Quiz',
  attempt: {
    _id: '50000000-0000-4000-8000-000000000004',
    status: 'SUBMITTED',
    deadlineAt: '2030-03-14T09:35:00.000Z',
    submittedAt: '2030-03-14T09:32:00.000Z',
    submitTrigger: 'STUDENT',
  },
});
const missed = makeMyExam({
  _id: '40000000-0000-4000-8000-000000000005',
  examTitle: 'Missed Test',
  availability: 'CLOSED',
  startsAt: '2030-03-10T09:00:00.000Z',
  endsAt: '2030-03-10T10:00:00.000Z',
});

function renderDashboard(exams = [open, resumable, upcoming, submitted, missed]) {
  const requests = fakeAdminApi({
    'GET /student/get-my-exams': () => ok({ exams, serverNow: SERVER_NOW }),
  });
  const view = renderPage(<StudentDashboardPage />, '/student', [
    { path: '/student/exam/:examId', element: <h1>Lobby</h1> },
    { path: '/student/attempt/:attemptId', element: <h1>Attempt</h1> },
  ]);
  return { ...view, requests };
}

const group = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(group(name))
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const card = (title: string) => screen.getByRole('article', { name: title }) as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('StudentDashboardPage', () => {
  it("keeps the 'Student Dashboard' heading and groups the student's exams", async () => {
    renderDashboard();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Student Dashboard' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Open Quiz')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My exams' })).toBeInTheDocument();
    expect(titlesIn('Available now')).toEqual(['Open Quiz', 'Resumable Test']);
    expect(titlesIn('Upcoming')).toEqual(['Upcoming Final']);
    expect(titlesIn('Completed')).toEqual(['Submitted Quiz', 'Missed Test']);
  });

  it('shows each exam with its subject, mode, duration, marks and window', async () => {
    renderDashboard([open]);

    await screen.findByText('Open Quiz');
    const quiz = card('Open Quiz');
    expect(within(quiz).getByText('Data Structures · EXM-2030-00001')).toBeVisible();
    expect(within(quiz).getByText('Proctoring')).toHaveClass('text-violet-700');
    expect(within(quiz).getByText('Open')).toBeVisible();
    expect(within(quiz).getByText('60 minutes')).toBeVisible();
    expect(within(quiz).getByText('50 (20 to pass)')).toBeVisible();
    expect(within(quiz).getByText(/^14 Mar 2030, \d\d:\d\d – \d\d:\d\d$/)).toBeVisible();
    expect(within(quiz).getByRole('link', { name: 'Go to exam' })).toHaveAttribute(
      'href',
      `/student/exam/${ids.exam}`,
    );
  });

  it("counts down to an upcoming exam's start on the server's clock, live", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    renderDashboard();

    await screen.findByText('Upcoming Final');
    const final = card('Upcoming Final');
    expect(within(final).getByText('1 day 00:20:05')).toBeVisible();
    expect(within(final).getByText('Upcoming')).toBeVisible();
    expect(within(final).getByRole('link', { name: 'View details' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(within(final).getByText('1 day 00:20:02')).toBeVisible();
  });

  it('resumes an exam in progress straight on its attempt page', async () => {
    const { router } = renderDashboard();

    await userEvent.click(await screen.findByRole('link', { name: 'Resume exam' }));

    expect(router.state.location.pathname).toBe(`/student/attempt/${ids.attempt}`);
  });

  it('shows when each completed exam was submitted, and that results are not published', async () => {
    renderDashboard();

    await screen.findByText('Submitted Quiz');
    const quiz = card('Submitted Quiz');
    expect(within(quiz).getByText(/^Submitted 14 Mar 2030, \d\d:\d\d$/)).toBeVisible();
    expect(within(quiz).getByText('Results are not published yet')).toBeVisible();
    expect(within(quiz).getByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/student/attempt/50000000-0000-4000-8000-000000000004',
    );
    const test = card('Missed Test');
    expect(within(test).getByText('Not attempted')).toHaveClass('text-red-700');
    expect(within(test).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then an empty state per empty group', async () => {
    renderDashboard([]);

    expect(screen.getAllByTestId('card-skeletons')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your exams');
    expect(await screen.findByText('No exams open right now')).toBeVisible();
    expect(screen.getByText('No upcoming exams')).toBeVisible();
    expect(screen.getByText('No completed exams yet')).toBeVisible();
    expect(screen.queryByTestId('card-skeletons')).not.toBeInTheDocument();
  });

  it('shows an error banner when the exams fail to load, and retries', async () => {
    let fail = true;
    fakeAdminApi({
      'GET /student/get-my-exams': () =>
        fail
          ? { status: 404, data: { success: false, message: ATTEMPT_MESSAGES.studentNotFound } }
          : ok({ exams: [open], serverNow: SERVER_NOW }),
    });
    renderPage(<StudentDashboardPage />, '/student');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load your exams');
    expect(banner).toHaveTextContent(ATTEMPT_MESSAGES.studentNotFound);
    expect(screen.getAllByText('Exams could not be loaded')).toHaveLength(3);

    fail = false;
    await userEvent.click(within(banner).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Open Quiz')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
