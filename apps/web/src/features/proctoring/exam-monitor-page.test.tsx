import type { ClientMessage, ServerMessage } from '@examiq/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeUser, storeSession } from '@/test/fake-api';
import ExamMonitorPage, { FacultyMonitorPage } from './exam-monitor-page';
import { ids, live, makeAlert, makeMessage, makeMonitorData, SERVER_NOW } from './test-fixtures';

/** The page's live channel, with the test as the server. */
class TestSocket {
  static last: TestSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: ClientMessage[] = [];

  constructor() {
    TestSocket.last = this;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  receive(message: ServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

function socket(): TestSocket {
  if (!TestSocket.last) throw new Error('The page opened no live channel');
  return TestSocket.last;
}

const MONITOR = `GET /faculty/get-monitor/${ids.exam}`;

function openFacultyMonitor(routes: Parameters<typeof fakeAdminApi>[0]) {
  const requests = fakeAdminApi(routes);
  renderPage(
    <FacultyMonitorPage />,
    '/faculty/exams/:examId/monitor',
    [],
    `/faculty/exams/${ids.exam}/monitor`,
  );
  return requests;
}

/** The socket signs in and is answered, as the server does. */
function goLive() {
  act(() => socket().onopen?.());
  socket().receive({
    type: 'ready',
    userId: 'proctor-1',
    role: 'faculty',
    attempts: [],
    iceServers: [],
  });
}

beforeEach(() => {
  TestSocket.last = null;
  vi.stubGlobal('WebSocket', TestSocket);
  storeSession(makeUser({ role: 'faculty' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live monitor of an exam', () => {
  it('subscribes to the exam, reads it again once subscribed and merges what comes live', async () => {
    const requests = openFacultyMonitor({ [MONITOR]: ok(makeMonitorData()) });

    expect(await screen.findByText('Physics Final')).toBeInTheDocument();
    expect(screen.queryByText('Demonstration')).not.toBeInTheDocument();
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    goLive();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(socket().sent).toContainEqual({ type: 'subscribe', examId: ids.exam });

    socket().receive({ type: 'subscribed', examId: ids.exam });
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.url.includes('get-monitor'))).toHaveLength(2),
    );

    socket().receive(
      live({
        kind: 'alerts',
        alerts: [
          makeAlert({ _id: 'a2', type: 'error', message: 'No face in the camera', at: SERVER_NOW }),
        ],
      }),
    );
    const activeAlerts = screen.getByText('Active Alerts').nextElementSibling as HTMLElement;
    expect(activeAlerts).toHaveTextContent('2');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No face in the camera');

    socket().receive(
      live({
        kind: 'message',
        message: makeMessage({ _id: 'm2', text: 'I lost my pen', at: SERVER_NOW }),
        recipientUserId: ids.ashaUser,
      }),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    expect(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: /Asha Patel/ }),
    ).toHaveTextContent('I lost my pen');
  });

  it('takes the sitting off the screen and says why once the server takes the monitor away', async () => {
    openFacultyMonitor({ [MONITOR]: ok(makeMonitorData()) });
    expect(await screen.findByText('Physics Final')).toBeInTheDocument();
    goLive();
    socket().receive({ type: 'subscribed', examId: ids.exam });
    socket().receive({
      type: 'access-revoked',
      examId: ids.exam,
      reason: 'not-assigned',
      message: 'You are no longer a proctor of this exam',
    });
    expect(
      await screen.findByRole('heading', { name: 'You can no longer watch this exam' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You are no longer a proctor of this exam')).toBeInTheDocument();
    expect(screen.queryByText('Physics Final')).not.toBeInTheDocument();
    // A reconnect does not ask for the monitor again.
    const subscribes = () => socket().sent.filter((message) => message.type === 'subscribe');
    expect(subscribes()).toHaveLength(1);
    goLive();
    expect(subscribes()).toHaveLength(1);
  });

  it("reads a conversation's earlier messages a page at a time, until its start", async () => {
    const older = makeMessage({
      _id: '70000000-0000-4000-8000-000000000000',
      text: 'Good morning',
      at: new Date(Date.parse(SERVER_NOW) - 600_000).toISOString(),
    });
    const requests = openFacultyMonitor({
      [MONITOR]: ok(makeMonitorData()),
      [`GET /faculty/get-monitor-messages/${ids.exam}`]: ok({ messages: [older], hasMore: false }),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Chat' }));
    await userEvent.click(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: /Asha Patel/ }),
    );
    const log = screen.getByRole('log', { name: 'Conversation with Asha Patel' });
    expect(within(log).queryByText('Good morning')).not.toBeInTheDocument();

    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(log).findByText('Good morning')).toBeInTheDocument();
    const texts = within(log)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain('Good morning');
    expect(texts[1]).toContain('May I use rough paper?');
    expect(within(log).getByText('Start of the conversation')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    expect(requests.find((r) => r.url.includes('get-monitor-messages'))?.params).toEqual({
      studentId: ids.asha,
      before: makeMessage()._id,
    });
  });

  it('sends a warning through the faculty route and shows it in the chat', async () => {
    const warning = makeMessage({
      _id: 'm9',
      kind: 'WARNING',
      from: 'PROCTOR',
      senderName: 'Ada Lovelace',
      text: 'Eyes on your own screen',
      at: SERVER_NOW,
    });
    const requests = openFacultyMonitor({
      [MONITOR]: ok(makeMonitorData()),
      'POST /faculty/warn-student': {
        status: 200,
        data: { success: true, message: 'The student has been warned', data: warning },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Asha Patel' }));
    const dialog = screen.getByRole('dialog', { name: 'Asha Patel' });
    expect(within(dialog).getByRole('button', { name: /Grant extra time/ })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Warn/ }));

    const form = screen.getByRole('dialog', { name: 'Warn Asha Patel' });
    const text = within(form).getByLabelText('Warning');
    expect(text).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Send warning' }));
    expect(within(form).getByText('Message is required')).toBeInTheDocument();
    await userEvent.type(text, 'Eyes on your own screen');
    await userEvent.click(within(form).getByRole('button', { name: 'Send warning' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.at(-1)?.data).toEqual({
      attemptId: ids.ashaAttempt,
      text: 'Eyes on your own screen',
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await userEvent.click(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: /Asha Patel/ }),
    );
    const log = screen.getByRole('log', { name: 'Conversation with Asha Patel' });
    expect(log).toHaveTextContent('Warning');
    expect(log).toHaveTextContent('Eyes on your own screen');
  });

  it('offers only extra time to a student who has not started', async () => {
    openFacultyMonitor({ [MONITOR]: ok(makeMonitorData()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ravi Kumar' }));
    const dialog = screen.getByRole('dialog', { name: 'Ravi Kumar' });
    expect(within(dialog).getByRole('button', { name: /Grant extra time/ })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: /^Warn/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /^End attempt/ })).toBeDisabled();
  });

  it.each([
    [403, 'You are not assigned to proctor this exam', 'Not your exam to proctor'],
    [404, 'Exam not found', 'Exam not found'],
    [409, 'This exam is not proctored', 'This exam is not proctored'],
  ])('says plainly why a refused read (%i) shows no monitor', async (status, message, title) => {
    openFacultyMonitor({ [MONITOR]: { status, data: { success: false, message } } });

    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    const waysBack = screen.getAllByRole('link', { name: 'Back to Faculty Dashboard' });
    expect(waysBack.map((link) => link.getAttribute('href'))).toEqual(['/faculty', '/faculty']);
    expect(screen.queryByRole('region', { name: 'Candidates' })).not.toBeInTheDocument();
  });
});

describe('the admin’s monitor', () => {
  it('reads the exam of the address through the admin’s routes, with a way back to it', async () => {
    storeSession(makeUser({ role: 'admin' }));
    const requests = fakeAdminApi({
      [`GET /admin/get-monitor/${ids.exam}`]: ok(makeMonitorData()),
    });
    renderPage(
      <ExamMonitorPage />,
      '/admin/exam/exam-ui',
      [],
      `/admin/exam/exam-ui?examId=${ids.exam}`,
    );

    expect(await screen.findByText('Physics Final')).toBeInTheDocument();
    expect(requests[0]?.url).toBe(`/admin/get-monitor/${ids.exam}`);
    expect(screen.getByRole('link', { name: 'Back to the exam' })).toHaveAttribute(
      'href',
      `/admin/exam/${ids.exam}`,
    );
  });
});
