import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/admin-api';
import { fakeServer } from '@/test/fake-api';
import { ExamMonitor } from './exam-monitor';
import ExamMonitorPage from './exam-monitor-page';
import { generateMonitorSnapshot } from './monitor-data';
import type { MonitorFeed, MonitorStudent } from './monitor-types';

// Local time, so the clock times shown are the same in every time zone.
const NOW = new Date(2025, 2, 10, 9, 30, 0).getTime();

function makeStudent(overrides: Partial<MonitorStudent> = {}): MonitorStudent {
  return {
    id: 'student-001',
    name: 'Asha Patel',
    rollNumber: 'CSE-24-001',
    status: 'IN_PROGRESS',
    isVideoEnabled: true,
    isAudioEnabled: false,
    connectionQuality: 'excellent',
    warnings: 2,
    screenSharing: true,
    lastActivity: NOW - 12_000,
    ...overrides,
  };
}

const asha = makeStudent();
const ravi = makeStudent({
  id: 'student-002',
  name: 'Ravi Kumar',
  rollNumber: 'CSE-24-002',
  // A student of another branch sitting the same paper.
  section: 'ECE · A',
  isVideoEnabled: false,
  isAudioEnabled: false,
  connectionQuality: 'disconnected',
  warnings: 1,
  screenSharing: false,
  lastActivity: NOW - 200_000,
});
const meena = makeStudent({
  id: 'student-003',
  name: 'Meena Rao',
  rollNumber: 'CSE-24-003',
  isVideoEnabled: false,
  isAudioEnabled: true,
  connectionQuality: 'poor',
  warnings: 0,
  lastActivity: NOW - 3_000,
});
const omar = makeStudent({
  id: 'student-004',
  name: 'Omar Sheikh',
  rollNumber: 'CSE-24-004',
  isAudioEnabled: true,
  connectionQuality: 'good',
  warnings: 0,
});

function makeFeed(overrides: Partial<MonitorFeed> = {}): MonitorFeed {
  const alerts = overrides.alerts ?? [
    {
      id: 'alert-1',
      type: 'error',
      message: 'Connection lost',
      studentId: ravi.id,
      time: NOW - 60_000,
      review: 'PENDING',
    },
    {
      id: 'alert-2',
      type: 'warning',
      message: 'Microphone muted',
      studentId: asha.id,
      time: NOW - 5 * 60_000,
      review: 'PENDING',
    },
    {
      id: 'alert-3',
      type: 'info',
      message: 'Joined 4 minutes late',
      studentId: meena.id,
      time: NOW - 20 * 60_000,
      review: 'PENDING',
    },
  ];
  return {
    exam: {
      title: 'Physics Final',
      subtitle: 'B.Sc PHY · Semester 2 · Section B · 60 minutes',
      endsAt: NOW + 90_000,
    },
    students: [asha, ravi, meena, omar],
    alerts,
    activeAlerts: alerts.filter((alert) => alert.review === 'PENDING').length,
    messages: [],
    source: { kind: 'sample' },
    sendMessage: vi.fn(),
    ...overrides,
  };
}

/** The monitor as /admin/exam/exam-ui shows it without an exam: the sample sitting. */
function renderSample() {
  renderPage(<ExamMonitorPage />, '/admin/exam/exam-ui');
}

function statValue(label: string): HTMLElement {
  return screen.getByText(label).nextElementSibling as HTMLElement;
}

function tiles(): HTMLElement[] {
  return within(screen.getByRole('region', { name: 'Candidates' })).getAllByRole('listitem');
}

function openPanel(): HTMLElement {
  return screen.getByRole('tabpanel');
}

/**
 * Freezes the clock at NOW and fakes only what the screen's clocks use: user-event and Testing
 * Library keep their real timeouts, which fake ones would never fire.
 */
function useFakeClock() {
  vi.useFakeTimers({ now: NOW, toFake: ['setInterval', 'clearInterval', 'Date'] });
}

afterEach(() => {
  vi.useRealTimers();
});

// The whole screen is some 1,500 elements, and role queries over it take seconds on a busy machine.
const FULL_SCREEN = { timeout: 20_000 };

describe('ExamMonitorPage', FULL_SCREEN, () => {
  it('shows a tile with the name and roll number of each of the 20 generated students', () => {
    renderSample();

    const expected = generateMonitorSnapshot(Date.now()).students;
    expect(tiles()).toHaveLength(20);
    tiles().forEach((tile, index) => {
      expect(within(tile).getByText(expected[index]?.name ?? '')).toBeInTheDocument();
      expect(within(tile).getByText(expected[index]?.rollNumber ?? '')).toBeInTheDocument();
    });
    expect(screen.getByText('18 of 20 connected')).toBeInTheDocument();
  });

  it('says its sitting is a demonstration, never live', () => {
    renderSample();
    expect(screen.getByText('Demonstration')).toBeInTheDocument();
    expect(
      screen.getByText(/the candidates, alerts and messages below are generated/),
    ).toBeVisible();
    expect(screen.queryByText('Live', { exact: true })).not.toBeInTheDocument();
  });

  it('names the exam and counts the students and alerts in the header', () => {
    renderSample();

    const { exam, alerts } = generateMonitorSnapshot(Date.now());
    expect(screen.getByRole('heading', { level: 1, name: 'Live Proctoring' })).toBeInTheDocument();
    expect(screen.getByText(exam.title)).toBeInTheDocument();
    expect(
      screen.getByText('B.Tech CSE · Semester 3 · Section A · 90 minutes'),
    ).toBeInTheDocument();
    expect(statValue('Time Remaining')).toHaveTextContent(/^01:11:1[67]$/);
    expect(statValue('Total Students')).toHaveTextContent('20');
    expect(statValue('Active Alerts')).toHaveTextContent(String(alerts.length));
  });

  it('counts the time remaining down once a second', () => {
    useFakeClock();
    renderSample();
    const timer = statValue('Time Remaining');
    expect(timer).toHaveTextContent('01:11:17');

    act(() => vi.advanceTimersByTime(1000));
    expect(timer).toHaveTextContent('01:11:16');

    act(() => vi.advanceTimersByTime(60_000));
    expect(timer).toHaveTextContent('01:10:16');
  });

  it('shows minutes and seconds in the last hour and stops at zero', () => {
    useFakeClock();
    render(<ExamMonitor feed={makeFeed()} />);
    const timer = statValue('Time Remaining');
    expect(timer).toHaveTextContent('01:30');
    expect(timer.querySelector('time')).toHaveAttribute('dateTime', 'PT90S');

    act(() => vi.advanceTimersByTime(3000));
    expect(timer).toHaveTextContent('01:27');

    act(() => vi.advanceTimersByTime(120_000));
    expect(timer).toHaveTextContent('00:00');
  });

  it('counts down to the start before the sitting opens, then the time remaining', () => {
    useFakeClock();
    const exam = { title: 'Physics Final', startsAt: NOW + 2_000, endsAt: NOW + 62_000 };
    render(<ExamMonitor feed={makeFeed({ exam })} />);
    expect(screen.queryByText('Time Remaining')).not.toBeInTheDocument();
    expect(statValue('Starts in')).toHaveTextContent('00:02');

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Starts in')).not.toBeInTheDocument();
    expect(statValue('Time Remaining')).toHaveTextContent('01:00');
  });

  it('makes no network request, even while the clock and the simulated activity run', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const xhrOpen = vi.spyOn(XMLHttpRequest.prototype, 'open');
    const apiRequests = fakeServer(() => ({ status: 200, data: {} }));
    useFakeClock();
    renderSample();

    await userEvent.click(screen.getByRole('tab', { name: 'Students' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await userEvent.click(within(openPanel()).getByRole('button', { name: /Aarav Iyer/ }));
    await userEvent.type(screen.getByLabelText('Message to Aarav Iyer'), 'Hello{Enter}');
    act(() => vi.advanceTimersByTime(30_000));

    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrOpen).not.toHaveBeenCalled();
    expect(apiRequests).toEqual([]);
  });
});

describe('ExamMonitor tiles', () => {
  it('shows a placeholder for a camera that is off or a student who dropped out', () => {
    render(<ExamMonitor feed={makeFeed()} />);
    const [ashaTile, raviTile, meenaTile] = tiles() as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(ashaTile).getByText('Camera on')).toBeInTheDocument();
    expect(within(ashaTile).getByText('Microphone off')).toBeInTheDocument();
    expect(within(ashaTile).getByText('2 warnings')).toBeInTheDocument();
    expect(within(raviTile).getByText('Disconnected')).toBeInTheDocument();
    expect(within(meenaTile).getByText('Camera off')).toBeInTheDocument();
    expect(within(meenaTile).getByText('Connection: Poor')).toBeInTheDocument();
  });

  it("opens the chat with a student from their tile's message button", async () => {
    render(<ExamMonitor feed={makeFeed()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Message Meena Rao' }));

    expect(screen.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Message to Meena Rao' })).toHaveFocus();
  });
});

describe('ExamMonitor panel tabs', () => {
  it('is a tablist whose tabs switch the panel on click', async () => {
    render(<ExamMonitor feed={makeFeed()} />);
    const tablist = screen.getByRole('tablist', { name: 'Panel view' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Alerts3', 'Students', 'Chat']);
    const alertsTab = screen.getByRole('tab', { name: 'Alerts' });
    expect(alertsTab).toHaveAttribute('aria-selected', 'true');
    expect(openPanel()).toHaveAccessibleName('Alerts');

    const studentsTab = screen.getByRole('tab', { name: 'Students' });
    await userEvent.click(studentsTab);

    expect(studentsTab).toHaveAttribute('aria-selected', 'true');
    expect(alertsTab).toHaveAttribute('aria-selected', 'false');
    expect(openPanel()).toHaveAccessibleName('Students');
    expect(openPanel()).toHaveAttribute('id', studentsTab.getAttribute('aria-controls'));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('moves between tabs with the arrow keys, Home and End; only the selected one is tabbable', async () => {
    render(<ExamMonitor feed={makeFeed()} />);
    const [alerts, students, chat] = screen.getAllByRole('tab') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect([alerts, students, chat].map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    act(() => alerts.focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(students).toHaveFocus();
    expect(students).toHaveAttribute('aria-selected', 'true');
    expect([alerts, students, chat].map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);

    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(alerts).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(chat).toHaveFocus();
    expect(openPanel()).toHaveAccessibleName('Chat');
    await userEvent.keyboard('{Home}');
    expect(alerts).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(chat).toHaveAttribute('aria-selected', 'true');
  });
});

describe('ExamMonitor alerts tab', () => {
  it('lists each alert with its type, message, student and time, newest first', () => {
    render(<ExamMonitor feed={makeFeed()} />);

    const items = within(openPanel()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [lost, muted, late] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(lost).toHaveTextContent('Error');
    expect(lost).toHaveTextContent('Connection lost');
    expect(lost).toHaveTextContent('Ravi Kumar · CSE-24-002');
    expect(within(lost).getByText('09:29')).toHaveAttribute(
      'dateTime',
      new Date(NOW - 60_000).toISOString(),
    );
    expect(muted).toHaveTextContent('Warning');
    expect(muted).toHaveTextContent('Microphone muted');
    expect(muted).toHaveTextContent('Asha Patel · CSE-24-001');
    expect(muted).toHaveTextContent('09:25');
    expect(late).toHaveTextContent('Info');
    expect(late).toHaveTextContent('Meena Rao · CSE-24-003');
    expect(late).toHaveTextContent('09:10');
  });

  it("says 'No alerts at the moment' when there are none", () => {
    render(<ExamMonitor feed={makeFeed({ alerts: [] })} />);

    expect(within(openPanel()).getByText('No alerts at the moment')).toBeInTheDocument();
    expect(within(openPanel()).queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Alerts' })).toHaveTextContent(/^Alerts$/);
    expect(statValue('Active Alerts')).toHaveTextContent('0');
  });
});

describe('ExamMonitor students tab', () => {
  it('shows connection quality, camera, microphone, screen, warnings and last activity', async () => {
    useFakeClock();
    render(<ExamMonitor feed={makeFeed()} />);

    await userEvent.click(screen.getByRole('tab', { name: 'Students' }));
    const [ashaRow, raviRow, meenaRow, omarRow] = within(openPanel()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    expect(ashaRow).toHaveTextContent('Asha Patel');
    expect(ashaRow).toHaveTextContent('CSE-24-001');
    expect(raviRow).toHaveTextContent('CSE-24-002 (ECE · A)');
    expect(ashaRow).toHaveTextContent('Connection: Excellent');
    expect(within(ashaRow).getByText('Camera on')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Microphone off')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Sharing screen')).toBeInTheDocument();
    expect(within(ashaRow).getByText('2 warnings')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Last activity 12s ago')).toBeInTheDocument();

    expect(raviRow).toHaveTextContent('Connection: Disconnected');
    expect(within(raviRow).getByText('Camera off')).toBeInTheDocument();
    expect(within(raviRow).getByText('Not sharing screen')).toBeInTheDocument();
    expect(within(raviRow).getByText('1 warning')).toBeInTheDocument();
    expect(within(raviRow).getByText('Last activity 200s ago')).toBeInTheDocument();

    expect(meenaRow).toHaveTextContent('Connection: Poor');
    expect(within(meenaRow).getByText('Microphone on')).toBeInTheDocument();
    expect(within(meenaRow).getByText('No warnings')).toBeInTheDocument();
    expect(omarRow).toHaveTextContent('Connection: Good');

    act(() => vi.advanceTimersByTime(3000));
    expect(within(ashaRow).getByText('Last activity 15s ago')).toBeInTheDocument();
    expect(within(meenaRow).getByText('Last activity 6s ago')).toBeInTheDocument();
  });
});

describe('ExamMonitor chat tab', FULL_SCREEN, () => {
  async function openConversation(name: string) {
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));
    await userEvent.click(within(openPanel()).getByRole('button', { name: new RegExp(name) }));
    return {
      box: screen.getByRole('textbox', { name: `Message to ${name}` }),
      log: screen.getByRole('log', { name: `Conversation with ${name}` }),
    };
  }

  it('lists the students, ongoing conversations first, and opens one with a Back button', async () => {
    const feed = makeFeed({
      messages: [
        {
          id: 'm1',
          studentId: meena.id,
          sender: 'student',
          text: 'May I use rough paper?',
          time: NOW - 120_000,
        },
      ],
    });
    render(<ExamMonitor feed={feed} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));

    const list = within(openPanel()).getByRole('list', { name: 'Students to message' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      expect.stringContaining('All students'),
      expect.stringContaining('Meena Rao'),
      expect.stringContaining('Asha Patel'),
      expect.stringContaining('Ravi Kumar'),
      expect.stringContaining('Omar Sheikh'),
    ]);
    expect(buttons[1]).toHaveTextContent('May I use rough paper?');
    expect(buttons[1]).toHaveTextContent('Awaiting your reply');

    await userEvent.click(within(list).getByRole('button', { name: /Asha Patel/ }));
    expect(screen.getByRole('textbox', { name: 'Message to Asha Patel' })).toHaveFocus();
    expect(screen.getByRole('log', { name: 'Conversation with Asha Patel' })).toHaveTextContent(
      'No messages with Asha Patel yet.',
    );
    expect(screen.queryByRole('list', { name: 'Students to message' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('list', { name: 'Students to message' })).toBeInTheDocument();
    expect(within(openPanel()).getByRole('button', { name: /Asha Patel/ })).toHaveFocus();
  });

  it('sends on Enter and shows the message in the conversation', async () => {
    renderSample();
    const { box, log } = await openConversation('Aarav Iyer');

    await userEvent.type(box, '  Please face the camera  {Enter}');

    expect(within(log).getByText('Please face the camera')).toBeInTheDocument();
    expect(within(log).getByText('You')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('makes a new line on Shift+Enter without sending, then sends with the Send button', async () => {
    renderSample();
    const { box, log } = await openConversation('Aarav Iyer');

    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');

    expect(box).toHaveValue('Line one\nLine two');
    expect(within(log).queryAllByRole('listitem')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const [sent] = within(log).getAllByRole('listitem');
    expect(sent?.querySelector('p')?.textContent).toBe('Line one\nLine two');
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('does not send an empty or blank message', async () => {
    const feed = makeFeed();
    render(<ExamMonitor feed={feed} />);
    const { box } = await openConversation('Asha Patel');
    const send = screen.getByRole('button', { name: 'Send' });

    expect(send).toBeDisabled();
    await userEvent.type(box, '{Enter}');
    await userEvent.type(box, '   {Enter}');
    expect(send).toBeDisabled();
    await userEvent.click(send);

    expect(feed.sendMessage).not.toHaveBeenCalled();
  });

  it('hands the trimmed text and the student to the feed', async () => {
    const feed = makeFeed();
    render(<ExamMonitor feed={feed} />);
    const { box } = await openConversation('Ravi Kumar');

    await userEvent.type(box, ' Reconnect when you can {Enter}');

    expect(feed.sendMessage).toHaveBeenCalledWith(ravi.id, 'Reconnect when you can');
  });

  it('keeps an open conversation and its draft while another tab is shown', async () => {
    render(<ExamMonitor feed={makeFeed()} />);
    const { box } = await openConversation('Omar Sheikh');
    await userEvent.type(box, 'Half a thought');

    await userEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Chat' }));

    expect(screen.getByRole('textbox', { name: 'Message to Omar Sheikh' })).toHaveValue(
      'Half a thought',
    );
  });
});
