import type { ClientMessage, ServerMessage } from '@examiq/contracts';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, storeSession } from '@/test/fake-api';
import { LIVE_TIMING, type LiveChannel, openLiveChannel, useLiveChannel } from './live-channel';
import { setNavigate } from './navigation';
import { clearSession, saveTokens } from './session';

/** A socket the test plays the server for: it sees what the page sends and answers for it. */
class ScriptedSocket {
  static opened: ScriptedSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: ClientMessage[] = [];
  closed = false;

  constructor(readonly url: string) {
    ScriptedSocket.opened.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.serverCloses(1000);
  }

  open() {
    this.onopen?.();
  }

  answer(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  serverCloses(code: number) {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.({ code });
  }

  ready(userId = 'user-1') {
    this.answer({ type: 'ready', userId, role: 'student', attempts: [], iceServers: [] });
  }
}

const latest = () => {
  const socket = ScriptedSocket.opened.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
};

let channel: LiveChannel;

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedSocket.opened = [];
  vi.stubGlobal('WebSocket', ScriptedSocket);
  setNavigate(() => {});
  storeSession();
});

afterEach(() => {
  channel?.close();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the live channel', () => {
  it('signs in with the stored token first, then sends what waited for the ready', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    const socket = latest();
    channel.send({ type: 'subscribe', examId: '00000000-0000-4000-8000-000000000001' });
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    expect(channel.state.status).toBe('connecting');

    socket.ready();
    expect(channel.state).toMatchObject({ status: 'live', ready: { userId: 'user-1' } });
    expect(socket.sent.map((message) => message.type)).toEqual(['auth', 'subscribe', 'ping']);
  });

  it('hands every valid server message to its listeners, and ignores what is not one', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    const heard: ServerMessage[] = [];
    channel.listen((message) => heard.push(message));
    const socket = latest();
    socket.open();
    socket.ready();
    socket.onmessage?.({ data: '{"type":"nonsense"}' });
    socket.onmessage?.({ data: 'not json' });
    socket.answer({ type: 'subscribed', examId: 'exam-1' });
    expect(heard.map((message) => message.type)).toEqual(['ready', 'subscribed']);
  });

  it('keeps a line that answers its pings', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    const socket = latest();
    socket.open();
    socket.ready();
    for (let waited = 0; waited <= LIVE_TIMING.deadAfterMs; waited += LIVE_TIMING.pingEveryMs) {
      const ping = socket.sent.at(-1);
      expect(ping?.type).toBe('ping');
      socket.answer({ type: 'pong', id: ping?.type === 'ping' ? ping.id : '', serverTime: '' });
      vi.advanceTimersByTime(LIVE_TIMING.pingEveryMs);
    }
    expect(socket.closed).toBe(false);
    expect(channel.state.status).toBe('live');
  });

  it('reconnects after a lost socket, waiting longer after each failure', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    latest().open();
    latest().ready();
    latest().serverCloses(1006);
    expect(channel.state.status).toBe('offline');
    vi.advanceTimersByTime(LIVE_TIMING.firstRetryMs * 1.25);
    expect(ScriptedSocket.opened).toHaveLength(2);

    latest().serverCloses(1006);
    vi.advanceTimersByTime(LIVE_TIMING.firstRetryMs * 1.25);
    expect(ScriptedSocket.opened).toHaveLength(2);
    vi.advanceTimersByTime(LIVE_TIMING.firstRetryMs * 1.25);
    expect(ScriptedSocket.opened).toHaveLength(3);
    latest().open();
    latest().ready();
    expect(channel.state.status).toBe('live');
  });

  it('closes a line that stops answering its pings, and opens a new one', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    latest().open();
    latest().ready();
    vi.advanceTimersByTime(LIVE_TIMING.deadAfterMs + LIVE_TIMING.pingEveryMs);
    expect(ScriptedSocket.opened[0]?.closed).toBe(true);
    vi.advanceTimersByTime(LIVE_TIMING.firstRetryMs * 1.25);
    expect(ScriptedSocket.opened).toHaveLength(2);
  });

  it('refreshes an expired token once when the server refuses it, and signs in with the new one', async () => {
    const requests = fakeServer(() => ({
      status: 200,
      data: { success: true, data: { accessToken: 'access-2', refreshToken: 'refresh-2' } },
    }));
    channel = openLiveChannel('ws://exams.example/api/ws');
    latest().open();
    latest().serverCloses(4001);
    await vi.waitFor(() => expect(ScriptedSocket.opened).toHaveLength(2));
    expect(requests.map((request) => request.url)).toEqual(['/auth/refresh-token']);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'auth', token: 'access-2' }]);
  });

  it('gives up while the account must change its password', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    latest().open();
    latest().serverCloses(4003);
    vi.advanceTimersByTime(LIVE_TIMING.maxRetryMs * 2);
    expect(ScriptedSocket.opened).toHaveLength(1);
    expect(channel.state.status).toBe('offline');
  });

  it('renews its session with a refreshed token, and closes when the page signs out', () => {
    channel = openLiveChannel('ws://exams.example/api/ws');
    latest().open();
    latest().ready();
    saveTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(latest().sent.at(-1)).toEqual({ type: 'auth', token: 'access-2' });

    clearSession();
    expect(latest().closed).toBe(true);
  });
});

function Status({ heard }: { heard: string[] }) {
  const live = useLiveChannel((message) => heard.push(message.type));
  return <p>{live.status}</p>;
}

describe('useLiveChannel', () => {
  it('shares one socket between the components of a page, and closes it when the last leaves', () => {
    const heard: string[] = [];
    const first = render(<Status heard={heard} />);
    const second = render(<Status heard={heard} />);
    expect(ScriptedSocket.opened).toHaveLength(1);
    act(() => {
      latest().open();
      latest().ready();
    });
    expect(first.container).toHaveTextContent('live');
    expect(heard).toEqual(['ready', 'ready']);

    first.unmount();
    expect(latest().closed).toBe(false);
    second.unmount();
    expect(latest().closed).toBe(true);
  });
});
