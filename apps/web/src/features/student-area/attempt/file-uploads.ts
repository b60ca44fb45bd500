import { ANSWER_FILE_MESSAGES, type AnswerFile } from '@examiq/contracts';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { uploadAnswerFile } from '../api/upload-answer-file';
import { type AnswersSaveState, retryDelay, type SaveState } from './answer-sync';
import type { Outbox, PendingFile } from './outbox';

export interface UploadState {
  /** The files not uploaded yet, in the order they were chosen. */
  pending: readonly PendingFile[];
  /** The file on the wire, and the share of it sent so far (0 to 1). */
  uploading: { id: string; sent: number } | null;
  /** No connection: the pending files wait on this device. */
  offline: boolean;
}

export const NO_UPLOADS: UploadState = { pending: [], uploading: null, offline: false };

/**
 * The save state the page shows for answers and files together: offline while either waits for
 * a connection, uploading while a file is on the wire, saving while anything else is pending.
 */
export function saveStateOf(answers: AnswersSaveState, uploads: UploadState): SaveState {
  const waiting = uploads.pending.length > 0;
  if (answers === 'offline' || (waiting && uploads.offline)) return 'offline';
  if (uploads.uploading) return 'uploading';
  return waiting ? 'saving' : answers;
}

export interface UploadEvents {
  /** The server holds the file chosen (`stored`: the same bytes sent before keep their record). */
  onUploaded: (stored: AnswerFile, chosen: PendingFile) => void;
  /** The server refused the file (its kind, its size): it is dropped, and this says why. */
  onRefused: (file: PendingFile, message: string) => void;
  /** The server refused with 409: the time is over, or the attempt was already submitted. */
  onClosed: (message: string | undefined) => void;
}

/** What a refusal without the server's own words says. */
const REFUSED = 'This file could not be uploaded';

/**
 * A page served over plain http on a campus network has no crypto.randomUUID; the id only needs
 * to be unique among this device's pending files.
 */
function newPendingId(): string {
  const [random = 0] = crypto.getRandomValues(new Uint32Array(1));
  return `${Date.now().toString(36)}-${random.toString(36)}`;
}

/**
 * Carries an attempt's chosen files to the server, one at a time in the order they were chosen.
 * Each file goes to the outbox on this device first, so one chosen offline survives a closed tab;
 * it leaves once the server holds it, and only then does the answer list it (`onUploaded`), so an
 * answer's files are always files the server has. Failures are retried like saves; the same
 * bytes sent twice keep one id on the server, so a retry never stores a file twice.
 */
export class FileUploads {
  private files: PendingFile[];
  private uploading: UploadState['uploading'] = null;
  private state: UploadState;
  private sending: Promise<void> | null = null;
  private failures = 0;
  private offline = false;
  private running = false;
  /** Reads the files the outbox held when the page opened; nothing is sent before them. */
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** After a submit or a refusal of the attempt, nothing more is sent. */
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly attemptId: string,
    private readonly outbox: Outbox,
    private readonly events: UploadEvents,
  ) {
    this.files = [];
    this.state = this.snapshot();
  }

  // --- For React (useSyncExternalStore) ---------------------------------------------------------

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getState = (): UploadState => this.state;

  private snapshot(): UploadState {
    return { pending: this.files, uploading: this.uploading, offline: this.offline };
  }

  private notify() {
    this.state = this.snapshot();
    for (const listener of this.listeners) listener();
  }

  // --- Life cycle ----------------------------------------------------------------------------------

  /** Starts uploading what the outbox held, and whatever is chosen from now on. */
  start() {
    if (this.running || this.closed) return;
    this.running = true;
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    if (!navigator.onLine) this.offline = true;
    this.notify();
    this.loading ??= this.load();
    void this.loading.then(() => this.upload());
  }

  /** The files this device kept from an earlier visit go first, in the order they were chosen. */
  private async load() {
    const stored = await this.outbox.pendingFiles(this.attemptId).catch((error: unknown) => {
      console.error('The file outbox could not be read:', error);
      return [];
    });
    this.loaded = true;
    if (this.closed) return;
    this.files = [...stored, ...this.files];
    this.notify();
  }

  /** Stops the timers and listeners; pending files stay in the outbox. */
  stop() {
    this.running = false;
    clearTimeout(this.retryTimer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
  }

  /** The submit failed: uploading goes on as before. */
  resume() {
    this.start();
  }

  /** The attempt is over: no file not uploaded yet can count any more, so the device forgets it. */
  discard() {
    this.stop();
    this.closed = true;
    const files = this.files;
    this.files = [];
    this.offline = false;
    this.notify();
    for (const file of files) this.forgetStored(file);
  }

  // --- Changes -----------------------------------------------------------------------------------

  /** A file chosen for a question: kept on the device, then uploaded in turn. */
  add(questionId: string, file: File) {
    if (this.closed) return;
    const pending: PendingFile = {
      id: newPendingId(),
      attemptId: this.attemptId,
      questionId,
      fileName: file.name,
      blob: file,
      chosenAt: Date.now(),
    };
    this.files = [...this.files, pending];
    this.outbox.putFile(pending).catch(logOutboxError);
    this.notify();
    void this.upload();
  }

  /** A file removed before the server has it; one on the wire is left to the server, unlisted. */
  remove(id: string) {
    const file = this.files.find((candidate) => candidate.id === id);
    if (file) this.forget(file);
  }

  // --- Uploading ---------------------------------------------------------------------------------

  /** Sends the pending files in turn; a call while they are being sent joins the same run. */
  private upload(): Promise<void> {
    if (!this.running || this.closed || !this.loaded) return Promise.resolve();
    if (this.sending) return this.sending;
    clearTimeout(this.retryTimer);
    this.sending = this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll() {
    for (let file = this.files[0]; file && this.running; file = this.files[0]) {
      if (!(await this.send(file))) return;
    }
  }

  /** Whether the next file may follow: not after a failure (a retry is due) or a closing. */
  private async send(file: PendingFile): Promise<boolean> {
    this.uploading = { id: file.id, sent: 0 };
    this.notify();
    try {
      const stored = await uploadAnswerFile(this.attemptId, file, (sent) => {
        if (this.uploading?.id !== file.id) return;
        this.uploading = { id: file.id, sent };
        this.notify();
      });
      if (this.closed) return false;
      this.failures = 0;
      this.offline = false;
      // Removed while on the wire: the server keeps it, but no answer lists it.
      const wanted = this.files.includes(file);
      if (wanted) this.events.onUploaded(stored, file);
      this.forget(file);
      return true;
    } catch (error) {
      if (this.closed) return false;
      return this.fail(error, file);
    } finally {
      this.uploading = null;
      this.notify();
    }
  }

  private fail(error: unknown, file: PendingFile): boolean {
    const status = error instanceof ApiError ? error.response?.status : undefined;
    // Only the file's own section is over: the rest of the exam goes on.
    const sectionClosed = getServerMessage(error) === ANSWER_FILE_MESSAGES.sectionClosed;
    if (status === 409 && !sectionClosed) {
      this.discard();
      this.events.onClosed(getServerMessage(error));
      return false;
    }
    if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) {
      // Sending it again cannot help: the file is dropped so the files after it get through.
      const [message] = Object.values(getFieldErrors(error));
      const wanted = this.files.includes(file);
      this.forget(file);
      if (wanted) this.events.onRefused(file, message ?? getServerMessage(error) ?? REFUSED);
      return true;
    }
    this.failures += 1;
    // No answer at all means no connection; a server fault is retried without alarming anyone.
    this.offline = error instanceof ApiError && status === undefined;
    if (this.running) {
      this.retryTimer = setTimeout(() => void this.upload(), retryDelay(this.failures));
    }
    return false;
  }

  private forget(file: PendingFile) {
    this.files = this.files.filter((candidate) => candidate !== file);
    this.notify();
    this.forgetStored(file);
  }

  private forgetStored(file: PendingFile) {
    this.outbox.removeFile(file.id).catch(logOutboxError);
  }

  // --- Browser events ----------------------------------------------------------------------------

  private readonly onOnline = () => {
    this.offline = false;
    this.failures = 0;
    this.notify();
    void this.upload();
  };

  private readonly onOffline = () => {
    this.offline = true;
    this.notify();
  };
}

function logOutboxError(error: unknown) {
  console.error('The file outbox could not be written:', error);
}
