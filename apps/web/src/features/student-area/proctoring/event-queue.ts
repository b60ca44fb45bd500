import {
  PROCTORING_LIMITS,
  type ProctorEvent,
  type ProctorEventDetail,
  type ProctorEventType,
  type ReportEventsResult,
} from '@examiq/contracts';
import { ApiError } from '@/lib/api-client';

/** The server asks a page that reported too much to wait a minute. */
export const TOO_MANY_EVENTS_BACKOFF_MS = 60_000;

/**
 * What a device keeps for one attempt while it cannot send: hours of switching tabs offline. Past
 * it the oldest go first; the latest show what the student is doing now.
 */
export const MAX_KEPT_EVENTS = 2_000;

export const storageKeyOf = (attemptId: string) => `examiq.proctor-events.${attemptId}`;

export interface EventQueueOptions {
  send: (events: ProctorEvent[]) => Promise<ReportEventsResult>;
  /** Every acknowledged report: the time left, for the countdown. */
  onReported: (result: ReportEventsResult) => void;
  /** The server no longer records this attempt's events (it is over): reporting has stopped. */
  onOver: () => void;
  /** Epoch milliseconds the events are dated with: the server's time as the page keeps it. */
  now?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * A proctored attempt's signals on their way to the server. Each is kept on this device
 * (localStorage, so a reload loses none) until a report carrying it is acknowledged. Every
 * `PROCTORING_LIMITS.heartbeatMs` a report goes out with what was gathered and a `HEARTBEAT`;
 * a backlog goes out at once in calls of at most 100. Offline, signals are kept and a lost
 * connection is itself recorded; a 429 waits a minute; an attempt that is over stops reporting.
 */
export class ProctorEventQueue {
  private events: ProctorEvent[];
  private readonly key: string;
  private readonly storage: NonNullable<EventQueueOptions['storage']> | null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> | null = null;
  private running = false;
  private over = false;
  private connected = true;

  constructor(
    attemptId: string,
    private readonly options: EventQueueOptions,
  ) {
    this.key = storageKeyOf(attemptId);
    this.storage = options.storage ?? storageOrNull();
    this.events = this.read();
  }

  /** The signals not acknowledged yet, oldest first. */
  get pending(): readonly ProctorEvent[] {
    return this.events;
  }

  /** Records a signal now. */
  record(type: ProctorEventType, detail?: ProctorEventDetail) {
    this.add({ type, at: this.instant(), ...(detail && { detail }) });
  }

  /** Records a signal dated by its maker (a face signal is dated when it began). */
  add(event: ProctorEvent) {
    if (this.over) return;
    this.events.push(event);
    if (this.events.length > MAX_KEPT_EVENTS) this.events.splice(0, 1);
    this.write();
  }

  /** Sends what was kept at once, then a heartbeat every few seconds. */
  start() {
    if (this.running || this.over) return;
    this.running = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    void this.beat();
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
  }

  /** One heartbeat with what is pending, then the rest of a backlog, 100 a call. */
  beat(): Promise<void> {
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll() {
    clearTimeout(this.timer);
    let waitMs: number = PROCTORING_LIMITS.heartbeatMs;
    let heartbeat = true;
    while (!this.over) {
      const room = PROCTORING_LIMITS.eventsPerReport - (heartbeat ? 1 : 0);
      const batch = this.events.slice(0, room);
      if (batch.length === 0 && !heartbeat) break;
      const events = heartbeat
        ? [...batch, { type: 'HEARTBEAT' as const, at: this.instant() }]
        : batch;
      try {
        const result = await this.options.send(events);
        // Signals recorded meanwhile were added after the batch: the batch is still the head.
        this.events.splice(0, batch.length);
        this.write();
        this.options.onReported(result);
        heartbeat = false;
        if (!this.connected) {
          this.connected = true;
          this.record('CONNECTION_BACK');
        }
      } catch (error) {
        const status = error instanceof ApiError ? error.response?.status : undefined;
        if (status === undefined) {
          this.connectionLost();
        } else if (status === 429) {
          waitMs = TOO_MANY_EVENTS_BACKOFF_MS;
        } else if (status === 409 || status === 403 || status === 404) {
          this.finish();
          return;
        } else if (status === 400) {
          // Signals the server can never accept would block every later one.
          console.error('Proctoring events refused:', error);
          this.events.splice(0, batch.length);
          this.write();
        }
        break;
      }
    }
    if (this.running && !this.over) this.timer = setTimeout(() => void this.beat(), waitMs);
  }

  private instant() {
    return new Date((this.options.now ?? Date.now)()).toISOString();
  }

  private connectionLost() {
    if (!this.connected) return;
    this.connected = false;
    this.record('CONNECTION_LOST');
  }

  /** The attempt is over: nothing kept can count any more. */
  private finish() {
    this.stop();
    this.over = true;
    this.events = [];
    this.storage?.removeItem(this.key);
    this.options.onOver();
  }

  private readonly onOffline = () => this.connectionLost();
  private readonly onOnline = () => void this.beat();

  private read(): ProctorEvent[] {
    try {
      const kept = JSON.parse(this.storage?.getItem(this.key) ?? '[]');
      return Array.isArray(kept) ? kept : [];
    } catch {
      return [];
    }
  }

  private write() {
    try {
      if (this.events.length > 0) this.storage?.setItem(this.key, JSON.stringify(this.events));
      else this.storage?.removeItem(this.key);
    } catch (error) {
      // A full or refused storage still leaves the signals in memory until they are sent.
      console.error('Proctoring events could not be kept on this device:', error);
    }
  }
}

function storageOrNull() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
