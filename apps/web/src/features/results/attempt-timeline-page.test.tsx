import type { AttemptTimeline, ProctorAlert } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import AttemptTimelinePage from './attempt-timeline-page';

const EXAM = '40000000-0000-4000-8000-000000000001';
const ATTEMPT = '60000000-0000-4000-8000-000000000001';
const STUDENT = '70000000-0000-4000-8000-000000000001';
const GET = `GET /admin/get-attempt-timeline/${ATTEMPT}`;
const REVIEW = 'POST /admin/review-alert';
/** Ten o'clock and a few seconds, as instants. */
const at = (seconds: number) => new Date(Date.UTC(2030, 2, 14, 10, 0, seconds)).toISOString();

function alert(id: string, overrides: Partial<ProctorAlert>): ProctorAlert {
  return {
    _id: id,
    examId: EXAM,
    attemptId: ATTEMPT,
    studentId: STUDENT,
    studentName: 'Asha Patel',
    type: 'warning',
    signal: 'FULLSCREEN_EXIT',
    message: 'Left fullscreen',
    at: at(10),
    reviewStatus: 'PENDING',
    reviewedBy: null,
    reviewedAt: null,
    ...overrides,
  };
}

const FLAG = '80000000-0000-4000-8000-000000000003';

function makeTimeline(flag: Partial<ProctorAlert> = {}): AttemptTimeline {
  return {
    attempt: {
      _id: ATTEMPT,
      examId: EXAM,
      studentId: STUDENT,
      status: 'SUBMITTED',
      systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true },
      examTitle: 'Data Structures Mid-term',
      studentName: 'Asha Patel',
      rollNumber: 'CS-2024-001',
      startedAt: at(0),
      submittedAt: at(50),
      submitTrigger: 'STUDENT',
    },
    events: [
      { _id: '1', type: 'HEARTBEAT', at: at(5), receivedAt: at(5), detail: { rttMs: 40 } },
      { _id: '2', type: 'FULLSCREEN_EXIT', at: at(10), receivedAt: at(10), detail: null },
      { _id: '3', type: 'FULLSCREEN_ENTER', at: at(12), receivedAt: at(12), detail: null },
      { _id: '4', type: 'TAB_HIDDEN', at: at(20), receivedAt: at(95), detail: null },
      { _id: '5', type: 'HEARTBEAT', at: at(30), receivedAt: at(30), detail: { rttMs: 35 } },
    ],
    alerts: [
      alert('80000000-0000-4000-8000-000000000001', {}),
      alert(FLAG, {
        type: 'error',
        signal: 'TAB_HIDDEN',
        message: 'Switched away from the exam tab (3 times)',
        at: at(20),
        ...flag,
      }),
    ],
    actions: [
      {
        _id: '90000000-0000-4000-8000-000000000001',
        attemptId: ATTEMPT,
        studentId: STUDENT,
        type: 'WARN',
        actorId: '30000000-0000-4000-8000-000000000001',
        actorName: 'Vikram Rao',
        detail: { text: 'Stay on the exam tab.' },
        at: at(25),
      },
      ...(flag.reviewStatus === 'CONFIRMED'
        ? [
            {
              _id: '90000000-0000-4000-8000-000000000002',
              attemptId: ATTEMPT,
              studentId: STUDENT,
              type: 'CONFIRM_ALERT' as const,
              actorId: '10000000-0000-4000-8000-000000000001',
              actorName: 'Administrator',
              detail: { alertId: FLAG, message: 'Switched away from the exam tab (3 times)' },
              at: at(40),
            },
          ]
        : []),
    ],
  };
}

function renderTimeline() {
  return renderPage(
    <AttemptTimelinePage />,
    '/admin/exam/:examId/attempts/:attemptId/timeline',
    [],
    `/admin/exam/${EXAM}/attempts/${ATTEMPT}/timeline`,
  );
}

const entries = () =>
  within(screen.getByRole('region', { name: /^Timeline/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('AttemptTimelinePage', () => {
  it('lists the sitting’s events, alerts and actions in time order, heartbeats only counted', async () => {
    fakeAdminApi({ [GET]: ok(makeTimeline()) });
    renderTimeline();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proctoring Timeline' }),
    ).toBeInTheDocument();
    const attempt = screen.getByRole('region', { name: 'Attempt' });
    expect(within(attempt).getByRole('heading', { name: 'Asha Patel' })).toBeInTheDocument();
    expect(attempt).toHaveTextContent('CS-2024-001 · Data Structures Mid-term');
    expect(within(attempt).getByText('1 flag pending')).toBeInTheDocument();
    expect(within(attempt).getByText('System check').nextSibling).toHaveTextContent('Passed');
    expect(within(attempt).getByText('Heartbeats').nextSibling).toHaveTextContent(
      /^2, the last at/,
    );

    expect(screen.getByRole('heading', { name: 'Timeline · 8 entries' })).toBeInTheDocument();
    expect(entries()).toEqual([
      expect.stringContaining('Started the exam'),
      expect.stringContaining('Left fullscreen'),
      expect.stringContaining('Warning: Left fullscreen'),
      expect.stringContaining('Went back to fullscreen'),
      expect.stringMatching(/Switched away from the exam tab.*Reached the server at/),
      expect.stringContaining('Flag: Switched away from the exam tab (3 times)Pending review'),
      expect.stringContaining('Vikram Rao warned the student“Stay on the exam tab.”'),
      expect.stringContaining('Submitted by the student'),
    ]);
    expect(screen.getByRole('link', { name: 'Back to Results' })).toHaveAttribute(
      'href',
      `/admin/exam/${EXAM}/results`,
    );

    await userEvent.click(screen.getByRole('checkbox', { name: "Show the browser's events" }));
    expect(screen.getByRole('heading', { name: 'Timeline · 5 entries' })).toBeInTheDocument();
    expect(entries().some((entry) => entry?.includes('Went back to fullscreen'))).toBe(false);
  });

  it('confirms a pending flag, then shows who confirmed it with the way back to dismissing it', async () => {
    const success = vi.spyOn(toast, 'success');
    let reviewed = false;
    const requests = fakeAdminApi({
      [GET]: () => ok(makeTimeline(reviewed ? { reviewStatus: 'CONFIRMED' } : {})),
      [REVIEW]: () => {
        reviewed = true;
        return ok(alert(FLAG, { type: 'error', reviewStatus: 'CONFIRMED' }));
      },
    });
    renderTimeline();

    const confirm = await screen.findByRole('button', {
      name: /^Confirm flag: Switched away from the exam tab \(3 times\), \d{2}:\d{2}:20$/,
    });
    // Only flags are reviewed: the warning has no buttons.
    expect(screen.getAllByRole('button', { name: /flag:/ })).toHaveLength(2);
    await userEvent.click(confirm);

    await waitFor(() => expect(success).toHaveBeenCalledWith('Flag confirmed'));
    expect(requests.find((request) => request.url === '/admin/review-alert')?.data).toEqual({
      alertId: FLAG,
      status: 'CONFIRMED',
    });
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText(/^by Administrator at/)).toBeInTheDocument();
    expect(screen.getByText('1 flag confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm flag/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Dismiss flag/ })).toBeEnabled();
    expect(screen.getByText('Confirmed').parentElement).toHaveFocus();
  });

  it('says why a review was refused, in the server’s words', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      [GET]: ok(makeTimeline()),
      [REVIEW]: { status: 404, data: { success: false, message: 'Alert not found' } },
    });
    renderTimeline();
    await userEvent.click(await screen.findByRole('button', { name: /^Dismiss flag/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Alert not found'));
  });

  it('says so when nothing was reported or done during the attempt', async () => {
    fakeAdminApi({ [GET]: ok({ ...makeTimeline(), events: [], alerts: [], actions: [] }) });
    renderTimeline();
    expect(
      await screen.findByText(
        'The browser reported no signal during this attempt and no proctor acted on it.',
      ),
    ).toBeInTheDocument();
    expect(entries()).toEqual([
      expect.stringContaining('Started the exam'),
      expect.stringContaining('Submitted by the student'),
    ]);
    expect(screen.getByText('No flags')).toBeInTheDocument();
  });

  it('says when there is no such attempt', async () => {
    fakeAdminApi({
      [GET]: { status: 404, data: { success: false, message: 'Attempt not found' } },
    });
    renderTimeline();
    expect(await screen.findByRole('heading', { name: 'No Attempt Found' })).toBeInTheDocument();
  });
});
