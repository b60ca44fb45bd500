import { PROCTORING_LIMITS, type ProctorEvent, type ReportEventsResult } from '@examiq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  MAX_KEPT_EVENTS,
  ProctorEventQueue,
  storageKeyOf,
  TOO_MANY_EVENTS_BACKOFF_MS,
} from './event-queue';

const ATTEMPT = 'attempt-1';
const ACCEPTED: ReportEventsResult = { accepted: 1, alerts: 0, remainingMs: 60_000 };
const OFFLINE = new ApiError();
const refused = (status: number) => new ApiError({ status, data: { success: false } });

/** A server that records every call, answering each with the next outcome queued (else 200). */
function fakeServer() {
  const calls: ProctorEvent[][] = [];
  const outcomes: (ReportEventsResult | Error)[] = [];
  const send = vi.fn(async (events: ProctorEvent[]) => {
    calls.push(events);
    const outcome = outcomes.shift() ?? ACCEPTED;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  return { calls, outcomes, send, types: (call = calls.at(-1)) => call?.map((e) => e.type) };
}

function queueWith(server: ReturnType<typeof fakeServer>, extra = {}) {
  return new ProctorEventQueue(ATTEMPT, {
    send: server.send,
    onReported: vi.fn(),
    onOver: vi.fn(),
    ...extra,
  });
}

const kept = () => JSON.parse(localStorage.getItem(storageKeyOf(ATTEMPT)) ?? '[]');

describe('the proctoring event queue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2031-03-01T09:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the signals gathered with each heartbeat, every few seconds', async () => {
    const server = fakeServer();
    const onReported = vi.fn();
    const queue = queueWith(server, { onReported });
    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual([[{ type: 'HEARTBEAT', at: '2031-03-01T09:00:00.000Z' }]]);
    expect(onReported).toHaveBeenCalledWith(ACCEPTED);

    await vi.advanceTimersByTimeAsync(1_000);
    queue.record('TAB_HIDDEN');
    queue.record('COPY');
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs);
    expect(server.types()).toEqual(['TAB_HIDDEN', 'COPY', 'HEARTBEAT']);
    expect(server.calls.at(-1)?.[0]?.at).toBe('2031-03-01T09:00:01.000Z');
    expect(queue.pending).toEqual([]);
    queue.stop();
  });

  it('dates events with the time it is given, not the device clock', async () => {
    const server = fakeServer();
    const queue = queueWith(server, { now: () => Date.parse('2031-03-01T12:00:00.000Z') });
    queue.record('PASTE');
    await queue.beat();
    expect(server.calls[0]?.map((event) => event.at)).toEqual([
      '2031-03-01T12:00:00.000Z',
      '2031-03-01T12:00:00.000Z',
    ]);
  });

  it('sends a backlog at once in calls of at most 100 events', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    for (let index = 0; index < 250; index += 1) queue.record('WINDOW_BLUR');
    await queue.beat();
    expect(server.calls.map((call) => call.length)).toEqual([100, 100, 51]);
    expect(server.calls.flat().filter((event) => event.type === 'HEARTBEAT')).toHaveLength(1);
    expect(queue.pending).toEqual([]);
  });

  it('keeps signals offline, records the lost connection and sends all on reconnecting', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    queue.start();
    await vi.advanceTimersByTimeAsync(0);

    server.outcomes.push(OFFLINE, OFFLINE);
    queue.record('TAB_HIDDEN');
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs);
    queue.record('TAB_VISIBLE');
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs);
    expect(queue.pending.map((event) => event.type)).toEqual([
      'TAB_HIDDEN',
      'CONNECTION_LOST',
      'TAB_VISIBLE',
    ]);

    // Back online: the browser says so, and the backlog goes at once with the return noted.
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.types(server.calls.at(-2))).toEqual([
      'TAB_HIDDEN',
      'CONNECTION_LOST',
      'TAB_VISIBLE',
      'HEARTBEAT',
    ]);
    expect(server.types()).toEqual(['CONNECTION_BACK']);
    expect(queue.pending).toEqual([]);
    queue.stop();
  });

  it('notes a lost connection as soon as the browser reports it, and only once', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    server.outcomes.push(OFFLINE);
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs);
    expect(queue.pending.map((event) => event.type)).toEqual(['CONNECTION_LOST']);
    queue.stop();
  });

  it('keeps what was not sent on this device, so a reload loses none', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    server.outcomes.push(OFFLINE);
    queue.record('FULLSCREEN_EXIT');
    queue.add({
      type: 'NO_FACE',
      at: '2031-03-01T08:59:50.000Z',
      detail: { faces: 0, heldMs: 8000 },
    });
    await queue.beat();
    expect(kept().map((event: ProctorEvent) => event.type)).toEqual([
      'FULLSCREEN_EXIT',
      'NO_FACE',
      'CONNECTION_LOST',
    ]);

    // The page is opened again: the new queue sends what the old one kept, then forgets it.
    const reloaded = queueWith(server);
    expect(reloaded.pending).toEqual(kept());
    await reloaded.beat();
    expect(server.types()).toEqual(['FULLSCREEN_EXIT', 'NO_FACE', 'CONNECTION_LOST', 'HEARTBEAT']);
    expect(localStorage.getItem(storageKeyOf(ATTEMPT))).toBeNull();
  });

  it('keeps the latest events when a long time offline overflows what it keeps', () => {
    const queue = queueWith(fakeServer());
    queue.record('COPY');
    for (let index = 0; index < MAX_KEPT_EVENTS; index += 1) queue.record('PASTE');
    expect(queue.pending).toHaveLength(MAX_KEPT_EVENTS);
    expect(queue.pending.every((event) => event.type === 'PASTE')).toBe(true);
  });

  it('waits a minute after a 429, keeping the events, then sends them', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    server.outcomes.push(refused(429));
    queue.record('CUT');
    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending.map((event) => event.type)).toEqual(['CUT']);

    await vi.advanceTimersByTimeAsync(TOO_MANY_EVENTS_BACKOFF_MS - 1);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2);
    expect(server.types()).toEqual(['CUT', 'HEARTBEAT']);
    expect(queue.pending).toEqual([]);
    queue.stop();
  });

  it('stops reporting for good when the attempt is over', async () => {
    const server = fakeServer();
    const onOver = vi.fn();
    const queue = queueWith(server, { onOver });
    queue.record('CONTEXT_MENU');
    server.outcomes.push(refused(409));
    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onOver).toHaveBeenCalledOnce();
    expect(localStorage.getItem(storageKeyOf(ATTEMPT))).toBeNull();

    queue.record('COPY');
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs * 3);
    expect(server.calls).toHaveLength(1);
    expect(queue.pending).toEqual([]);
  });

  it('tries again at the next heartbeat after a server error', async () => {
    const server = fakeServer();
    const queue = queueWith(server);
    server.outcomes.push(refused(503));
    queue.record('WINDOW_BLUR');
    queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.pending).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PROCTORING_LIMITS.heartbeatMs);
    expect(server.types()).toEqual(['WINDOW_BLUR', 'HEARTBEAT']);
    expect(queue.pending).toEqual([]);
    queue.stop();
  });
});
