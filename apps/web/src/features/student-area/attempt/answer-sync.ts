import { type AnswerInput, ATTEMPT_LIMITS, type SaveAnswersResult } from '@examiq/contracts';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { saveAnswers } from '../api/save-answers';
import type { AnswerValue, Outbox, OutboxEntry } from './outbox';

/** Whether the answers are saved; the page's state adds the files' uploading (`saveStateOf`). */
export type AnswersSaveState = 'saved' | 'saving' | 'offline';
export type SaveState = AnswersSaveState | 'uploading';

export interface SyncEvents {
  /** Every acknowledged save, heartbeats included: the time left, conflicts, closed sections. */
  onSaved: (result: SaveAnswersResult) => void;
  /** The server refused with 409: the time is over, or the attempt was already submitted. */
  onClosed: (message: string | undefined) => void;
}

/** A failed save (or upload) is tried again after 2 s, then 4, 8, 16, and every 30 s at most. */
export function retryDelay(failures: number): number {
  return Math.min(2000 * 2 ** (failures - 1), ATTEMPT_LIMITS.heartbeatMs);
}

/** Which answers of a refused save the server named ('answers.3.text'): they can never be stored. */
const ANSWER_FIELD = /^answers\.(\d+)\./;

/**
 * An answer as the server takes it: a question type's own fields go only when they hold a value,
 * as an answer holds one kind of value; a unit goes only with its number. A file upload's list
 * goes even empty, which clears it once its last file is removed.
 */
function toAnswerInput(entry: OutboxEntry) {
  const { questionId, selectedOptionId, text, selectedOptionIds, number, unit } = entry;
  const { blanks, matches, order, fileIds } = entry;
  return {
    questionId,
    selectedOptionId,
    text,
    ...(selectedOptionIds?.length && { selectedOptionIds }),
    ...(number != null && { number, unit: unit ?? null }),
    ...(blanks?.some((blank) => blank !== '') && { blanks }),
    ...(matches && Object.keys(matches).length > 0 && { matches }),
    ...(order?.length && { order }),
    ...(fileIds && { fileIds }),
    markedForReview: entry.markedForReview,
  } satisfies AnswerInput;
}

/**
 * Carries an attempt's answers to the server. Each change goes to the outbox on this device
 * first, then to the server: a moment after the last change, with every heartbeat, on
 * reconnecting, and with fetch's keepalive when the page is hidden or left. Each save carries the
 * next `seq`; an entry leaves the outbox once a save of its seq or a later one is acknowledged.
 */
export class AnswerSync {
  private readonly pending = new Map<string, OutboxEntry>();
  private nextSeq: number;
  /** The outbox writes, in order; a save waits for them so nothing leaves before it is kept. */
  private writes: Promise<void> = Promise.resolve();
  private saving: Promise<void> | null = null;
  private saveAgain = false;
  private failures = 0;
  private offline = false;
  private running = false;
  /** After a submit or a refusal, nothing more is sent. */
  private closed = false;
  /** The highest seq sent with keepalive, so hiding the page twice does not send twice. */
  private keptAliveUpTo = 0;
  private highestSent = 0;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly attemptId: string,
    private readonly outbox: Outbox,
    private readonly events: SyncEvents,
    { startSeq, pending }: { startSeq: number; pending: readonly OutboxEntry[] },
  ) {
    this.nextSeq = startSeq;
    for (const entry of pending) this.pending.set(entry.questionId, entry);
  }

  // --- For React (useSyncExternalStore) ---------------------------------------------------------

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getState = (): AnswersSaveState => {
    if (this.offline) return 'offline';
    return this.pending.size > 0 ? 'saving' : 'saved';
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  // --- Life cycle ----------------------------------------------------------------------------------

  /** Starts saving: what the outbox held is sent at once, then heartbeats follow. */
  start() {
    if (this.running || this.closed) return;
    this.running = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('pagehide', this.onLeave);
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    if (!navigator.onLine) this.offline = true;
    if (this.pending.size > 0) void this.save();
    else this.scheduleHeartbeat();
    this.notify();
  }

  /** Stops the timers and listeners; pending answers stay in the outbox. */
  stop() {
    this.running = false;
    clearTimeout(this.debounceTimer);
    clearTimeout(this.heartbeatTimer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('pagehide', this.onLeave);
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
  }

  /** The page is being left inside the app: what is pending goes out, and saving stops. */
  leave() {
    this.onLeave();
    this.stop();
  }

  /** Sends what is pending now (after a save already on the wire), e.g. as a deadline passes. */
  async flush() {
    await this.saving;
    if (this.pending.size > 0) await this.save();
  }

  /**
   * For a submit: stops saving and hands over the answers not acknowledged yet, under the next
   * seq, for the submit to carry. A save still on the wire is ignored from now on.
   */
  finish(): { seq?: number; answers?: AnswerInput[] } {
    this.stop();
    this.closed = true;
    if (this.pending.size === 0) return {};
    return { seq: this.nextSeq++, answers: [...this.pending.values()].map(toAnswerInput) };
  }

  /** The submit failed: saving goes on as before. */
  resume() {
    this.closed = false;
    this.start();
  }

  /** The attempt is over: nothing pending can count any more, so the device forgets it. */
  async discard() {
    this.stop();
    this.closed = true;
    this.pending.clear();
    this.offline = false;
    this.notify();
    await this.writes;
    await this.outbox.clear(this.attemptId).catch(logOutboxError);
  }

  // --- Changes -----------------------------------------------------------------------------------

  change(questionId: string, value: AnswerValue) {
    if (this.closed) return;
    const entry: OutboxEntry = {
      attemptId: this.attemptId,
      questionId,
      ...value,
      seq: this.nextSeq,
    };
    this.pending.set(questionId, entry);
    this.writes = this.writes.then(() => this.outbox.put(entry)).catch(logOutboxError);
    if (this.running) this.scheduleSave(ATTEMPT_LIMITS.saveDebounceMs);
    this.notify();
  }

  // --- Saving ------------------------------------------------------------------------------------

  private scheduleSave(delay: number) {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = setTimeout(() => void this.save(), delay);
  }

  /** About every 30 s, ±20% so a room of students started together does not save in step. */
  private scheduleHeartbeat() {
    clearTimeout(this.heartbeatTimer);
    const delay = ATTEMPT_LIMITS.heartbeatMs * (0.8 + Math.random() * 0.4);
    this.heartbeatTimer = setTimeout(() => void this.save(), delay);
  }

  private save(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (this.saving) {
      this.saveAgain = true;
      return this.saving;
    }
    clearTimeout(this.debounceTimer);
    this.saving = this.send(false).finally(() => {
      this.saving = null;
      if (this.saveAgain) {
        this.saveAgain = false;
        void this.save();
      }
    });
    return this.saving;
  }

  private async send(keepalive: boolean) {
    // A keepalive save must start before the page goes: it cannot wait for the outbox.
    if (!keepalive) await this.writes;
    const entries = [...this.pending.values()];
    const seq = this.nextSeq++;
    this.highestSent = seq;
    try {
      const result = await saveAnswers(
        this.attemptId,
        { seq, answers: entries.map(toAnswerInput) },
        { keepalive },
      );
      if (!this.closed) this.acknowledge(result, seq);
    } catch (error) {
      if (!this.closed) this.fail(error, entries, seq);
    }
  }

  private acknowledge(result: SaveAnswersResult, sentSeq: number) {
    // Another tab's save may be acknowledged with a later seq than this one sent.
    const upTo = Math.min(result.ackSeq, sentSeq);
    this.dropUpTo(upTo);
    this.failures = 0;
    this.offline = false;
    if (this.running) this.scheduleHeartbeat();
    this.notify();
    // A keepalive save of this tab may have overtaken this one: that is no other tab's doing. A
    // real conflict shows again at the next save, whose seq is this tab's highest.
    this.events.onSaved({ ...result, conflict: result.conflict && sentSeq === this.highestSent });
  }

  private dropUpTo(seq: number) {
    for (const [questionId, entry] of this.pending) {
      if (entry.seq <= seq) this.pending.delete(questionId);
    }
    this.writes = this.writes
      .then(() => this.outbox.removeUpTo(this.attemptId, seq))
      .catch(logOutboxError);
  }

  private fail(error: unknown, entries: readonly OutboxEntry[], sentSeq: number) {
    const status = error instanceof ApiError ? error.response?.status : undefined;
    if (status === 409) {
      void this.discard();
      this.events.onClosed(getServerMessage(error));
      return;
    }
    if (status === 400) this.dropRefused(error, entries, sentSeq);
    this.failures += 1;
    // No answer at all means no connection; a server fault is retried without alarming anyone.
    this.offline = error instanceof ApiError && status === undefined;
    if (this.running) {
      this.scheduleSave(retryDelay(this.failures));
    }
    this.notify();
  }

  /** Answers the server refused as invalid would block every later save: they are dropped. */
  private dropRefused(error: unknown, entries: readonly OutboxEntry[], sentSeq: number) {
    for (const key of Object.keys(getFieldErrors(error))) {
      const index = ANSWER_FIELD.exec(key)?.[1];
      const refused = index === undefined ? undefined : entries[Number(index)];
      const current = refused && this.pending.get(refused.questionId);
      if (current && current.seq <= sentSeq) {
        console.error('The server refused an answer, which is dropped:', key, current);
        this.pending.delete(current.questionId);
      }
    }
  }

  // --- Browser events ----------------------------------------------------------------------------

  private readonly onOnline = () => {
    this.offline = false;
    this.notify();
    void this.save();
  };

  private readonly onOffline = () => {
    this.offline = true;
    this.notify();
  };

  /** Hidden or left: what is pending is sent with keepalive, which survives the page. */
  private readonly onLeave = () => {
    if (this.closed) return;
    const unsent = [...this.pending.values()].some((entry) => entry.seq > this.keptAliveUpTo);
    if (!unsent) return;
    this.keptAliveUpTo = this.nextSeq;
    void this.send(true);
  };

  private readonly onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') this.onLeave();
    // A device back from sleep may have counted down wrongly: a save resyncs the time left.
    else void this.save();
  };
}

function logOutboxError(error: unknown) {
  console.error('The answer outbox could not be written:', error);
}
