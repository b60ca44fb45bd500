import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES, type SaveAnswersPayload } from '@examiq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '@/lib/api-client';
import { ok } from '@/test/admin-api';
import { fakeServer, storeSession } from '@/test/fake-api';
import { ids, makeSaveResult } from '../test-fixtures';
import { AnswerSync } from './answer-sync';
import { memoryOutbox, type OutboxEntry } from './outbox';

type Answer = { status: number; data: unknown };

const written = (text: string) => ({ selectedOptionId: null, text, markedForReview: false });
const payloadOf = (request: ApiRequest | undefined) => request?.data as SaveAnswersPayload;
const acknowledge = (request: ApiRequest) => ok(makeSaveResult(payloadOf(request).seq));

let current: AnswerSync | undefined;

function setUp({
  startSeq = 8,
  pending = [] as OutboxEntry[],
  respond = acknowledge as (request: ApiRequest) => Answer | Promise<Answer>,
} = {}) {
  const outbox = memoryOutbox();
  const events = { onSaved: vi.fn(), onClosed: vi.fn() };
  const requests = fakeServer(respond);
  const sync = new AnswerSync(ids.attempt, outbox, events, { startSeq, pending });
  current = sync;
  sync.start();
  return { sync, outbox, events, requests };
}

/** Runs the timers due within `ms` and lets the saves they start finish. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  storeSession();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
  // The heartbeat's jitter lands on exactly 30 s.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  current?.stop();
  vi.useRealTimers();
});

describe('AnswerSync', () => {
  it('keeps a change on the device, then saves it 1.5 s after the last change', async () => {
    const { sync, outbox, requests } = setUp();

    sync.change(ids.short, written('St'));
    await elapse(1000);
    sync.change(ids.short, written('Stack'));
    sync.change(ids.mcq1, { selectedOptionId: '0', text: null, markedForReview: true });
    expect(sync.getState()).toBe('saving');
    await elapse(0);
    expect(await outbox.pending(ids.attempt)).toHaveLength(2);
    await elapse(ATTEMPT_LIMITS.saveDebounceMs - 1);
    expect(requests).toHaveLength(0);

    await elapse(1);

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      url: `/student/save-answers/${ids.attempt}`,
      data: {
        seq: 8,
        answers: [
          { questionId: ids.short, selectedOptionId: null, text: 'Stack', markedForReview: false },
          { questionId: ids.mcq1, selectedOptionId: '0', text: null, markedForReview: true },
        ],
      },
    });
    expect(sync.getState()).toBe('saved');
    expect(await outbox.pending(ids.attempt)).toEqual([]);
  });

  it('keeps a change made while a save is on the wire until a save of its own seq is acknowledged', async () => {
    let release: (() => void) | undefined;
    const { sync, outbox, requests } = setUp({
      respond: async (request) => {
        if (payloadOf(request).seq === 8) await new Promise<void>((resolve) => (release = resolve));
        return acknowledge(request);
      },
    });

    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    sync.change(ids.short, written('Stack frames'));
    release?.();
    await elapse(0);

    expect(await outbox.pending(ids.attempt)).toMatchObject([{ text: 'Stack frames', seq: 9 }]);
    expect(sync.getState()).toBe('saving');

    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    expect(payloadOf(requests[1])).toMatchObject({ seq: 9, answers: [{ text: 'Stack frames' }] });
    expect(await outbox.pending(ids.attempt)).toEqual([]);
    expect(sync.getState()).toBe('saved');
  });

  it("sends a file upload's file ids, and an empty list once its last file is removed", async () => {
    const { sync, requests } = setUp();
    const fileId = '90000000-0000-4000-8000-000000000001';
    const files = (fileIds: string[]) => ({ ...written(''), text: null, fileIds });

    sync.change(ids.upload, files([fileId]));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    sync.change(ids.upload, files([]));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);

    expect(requests.map((request) => payloadOf(request).answers)).toEqual([
      [
        {
          questionId: ids.upload,
          selectedOptionId: null,
          text: null,
          fileIds: [fileId],
          markedForReview: false,
        },
      ],
      [
        {
          questionId: ids.upload,
          selectedOptionId: null,
          text: null,
          fileIds: [],
          markedForReview: false,
        },
      ],
    ]);
  });

  it('sends a heartbeat with no answers every 30 s (±20%), and reports each answer', async () => {
    const { events, requests } = setUp();

    await elapse(ATTEMPT_LIMITS.heartbeatMs - 1);
    expect(requests).toHaveLength(0);
    await elapse(1);
    await elapse(ATTEMPT_LIMITS.heartbeatMs);

    expect(requests.map((request) => payloadOf(request))).toEqual([
      { seq: 8, answers: [] },
      { seq: 9, answers: [] },
    ]);
    expect(events.onSaved).toHaveBeenLastCalledWith(makeSaveResult(9));
  });

  it('sends at once what the outbox held when the page opened', async () => {
    const pending: OutboxEntry[] = [
      { attemptId: ids.attempt, questionId: ids.short, ...written('Stack'), seq: 8 },
    ];
    const { requests } = setUp({ startSeq: 9, pending });
    await elapse(0);

    expect(payloadOf(requests[0])).toMatchObject({ seq: 9, answers: [{ text: 'Stack' }] });
  });

  it('goes offline when no answer comes, keeps the answers, and sends them on reconnecting', async () => {
    let online = false;
    const { sync, outbox, requests } = setUp({
      respond: (request) => {
        if (!online) throw new ApiError();
        return acknowledge(request);
      },
    });

    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    expect(sync.getState()).toBe('offline');
    expect(await outbox.pending(ids.attempt)).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await elapse(0);

    expect(requests).toHaveLength(2);
    expect(payloadOf(requests[1])).toMatchObject({ seq: 9, answers: [{ text: 'Stack' }] });
    expect(sync.getState()).toBe('saved');
    expect(await outbox.pending(ids.attempt)).toEqual([]);
  });

  it('tries a failed save again after 2 s, then 4 s, without calling a server fault offline', async () => {
    let failing = true;
    const { sync, requests } = setUp({
      respond: (request) =>
        failing ? { status: 503, data: 'Service Unavailable' } : acknowledge(request),
    });

    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    expect(sync.getState()).toBe('saving');
    await elapse(2000);
    expect(requests).toHaveLength(2);
    failing = false;
    await elapse(3999);
    expect(requests).toHaveLength(2);
    await elapse(1);

    expect(requests).toHaveLength(3);
    expect(sync.getState()).toBe('saved');
  });

  it('stops for good on 409 (time over): nothing stays pending and later changes are not kept', async () => {
    const { sync, outbox, events, requests } = setUp({
      respond: () => ({
        status: 409,
        data: { success: false, message: ATTEMPT_MESSAGES.timeOver },
      }),
    });

    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);

    expect(events.onClosed).toHaveBeenCalledWith(ATTEMPT_MESSAGES.timeOver);
    expect(await outbox.pending(ids.attempt)).toEqual([]);
    expect(sync.getState()).toBe('saved');
    sync.change(ids.short, written('Too late'));
    await elapse(ATTEMPT_LIMITS.heartbeatMs * 2);
    expect(requests).toHaveLength(1);
    expect(await outbox.pending(ids.attempt)).toEqual([]);
  });

  it('sends what is pending with keepalive when the page is hidden or left, once', async () => {
    const { sync, requests } = setUp();
    sync.change(ids.short, written('Stack'));

    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('pagehide'));

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'PUT', keepalive: true });
    expect(payloadOf(requests[0])).toMatchObject({ seq: 8, answers: [{ text: 'Stack' }] });
  });

  it('hands the answers not yet acknowledged to a submit, and sends nothing after it', async () => {
    const { sync, requests } = setUp();
    sync.change(ids.short, written('Stack'));

    expect(sync.finish()).toEqual({
      seq: 8,
      answers: [{ questionId: ids.short, ...written('Stack') }],
    });
    await elapse(ATTEMPT_LIMITS.heartbeatMs * 2);
    expect(requests).toHaveLength(0);
  });

  it('drops an answer the server refuses as invalid, so the others still get through', async () => {
    const { sync, requests } = setUp({
      respond: (request) =>
        payloadOf(request).answers.length === 2
          ? {
              status: 400,
              data: {
                success: false,
                message: 'Please correct the highlighted fields',
                errors: { 'answers.0.questionId': ATTEMPT_MESSAGES.questionNotInAttempt },
              },
            }
          : acknowledge(request),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    sync.change(ids.mcq2, { selectedOptionId: '3', text: null, markedForReview: false });
    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs + 2000);

    expect(payloadOf(requests[1])).toMatchObject({ seq: 9, answers: [{ questionId: ids.short }] });
    expect(sync.getState()).toBe('saved');
  });

  it("reports a conflict, but not one this tab's own later keepalive save caused", async () => {
    let release: (() => void) | undefined;
    const { sync, events } = setUp({
      respond: async (request) => {
        const { seq } = payloadOf(request);
        if (seq === 8) await new Promise<void>((resolve) => (release = resolve));
        return ok(makeSaveResult(seq, { conflict: seq === 8 }));
      },
    });

    sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    sync.change(ids.short, written('Stack frames'));
    window.dispatchEvent(new Event('pagehide'));
    await elapse(0);
    release?.();
    await elapse(0);
    expect(events.onSaved.mock.calls.map(([result]) => [result.ackSeq, result.conflict])).toEqual([
      [9, false],
      [8, false],
    ]);

    current?.stop();
    const other = setUp({
      respond: (request) => ok(makeSaveResult(payloadOf(request).seq, { conflict: true })),
    });
    other.sync.change(ids.short, written('Stack'));
    await elapse(ATTEMPT_LIMITS.saveDebounceMs);
    expect(other.events.onSaved).toHaveBeenCalledWith(expect.objectContaining({ conflict: true }));
  });
});
