import { ANSWER_FILE_MESSAGES, type AnswerFile, ATTEMPT_MESSAGES } from '@examiq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '@/lib/api-client';
import { ok } from '@/test/admin-api';
import { fakeServer, storeSession } from '@/test/fake-api';
import { ids } from '../test-fixtures';
import { FileUploads, saveStateOf } from './file-uploads';
import { memoryOutbox, type PendingFile } from './outbox';

type Answer = { status: number; data: unknown };

const UPLOAD_URL = `/student/upload-answer-file/${ids.attempt}`;

/** What the server answers for an upload: the file stored, with an id drawn from its name. */
function stored(request: ApiRequest): AnswerFile {
  const form = request.data as FormData;
  const file = form.get('file') as File;
  return {
    _id: `file-${file.name}`,
    questionId: String(form.get('questionId')),
    fileName: file.name,
    contentType: file.type,
    bytes: file.size,
    uploadedAt: '2030-03-14T09:41:00.000Z',
    url: `/api/answer-files/file-${file.name}?sig=x`,
  };
}
const accept = (request: ApiRequest) => ok(stored(request), 201);

const photo = (name: string) => new File(['%PNG bytes'], name, { type: 'image/png' });
const namesSent = (requests: ApiRequest[]) =>
  requests.map((request) => ((request.data as FormData).get('file') as File).name);

let current: FileUploads | undefined;

async function setUp({
  stored: kept = [] as PendingFile[],
  respond = accept as (request: ApiRequest) => Answer | Promise<Answer>,
} = {}) {
  const outbox = memoryOutbox();
  for (const file of kept) await outbox.putFile(file);
  const events = { onUploaded: vi.fn(), onRefused: vi.fn(), onClosed: vi.fn() };
  const requests = fakeServer(respond);
  const uploads = new FileUploads(ids.attempt, outbox, events);
  current = uploads;
  uploads.start();
  return { uploads, outbox, events, requests };
}

/** Runs the timers due within `ms` and lets the uploads they start finish. */
const elapse = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  storeSession();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  current?.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('FileUploads', () => {
  it('keeps a chosen file on the device, uploads it with its question, then lets the answer list it', async () => {
    const { uploads, outbox, events, requests } = await setUp();

    uploads.add(ids.upload, photo('page-1.png'));
    expect(uploads.getState().pending.map((file) => file.fileName)).toEqual(['page-1.png']);
    await elapse(0);

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: UPLOAD_URL });
    const form = requests[0]?.data as FormData;
    // The question first: the server reads its limits before the file streams in.
    expect([...form.keys()]).toEqual(['questionId', 'file']);
    expect(form.get('questionId')).toBe(ids.upload);
    expect(events.onUploaded).toHaveBeenCalledWith(
      expect.objectContaining({ _id: 'file-page-1.png', questionId: ids.upload }),
      expect.objectContaining({ fileName: 'page-1.png' }),
    );
    expect(uploads.getState()).toMatchObject({ pending: [], uploading: null });
    expect(await outbox.pendingFiles(ids.attempt)).toEqual([]);
  });

  it('uploads files one at a time in the order chosen, the ones the outbox held first', async () => {
    const kept: PendingFile = {
      id: 'kept-1',
      attemptId: ids.attempt,
      questionId: ids.upload,
      fileName: 'kept.png',
      blob: photo('kept.png'),
      chosenAt: 1,
    };
    let inFlight = 0;
    let most = 0;
    const { uploads, events, requests } = await setUp({
      stored: [kept],
      respond: async (request) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await Promise.resolve();
        inFlight -= 1;
        return accept(request);
      },
    });

    uploads.add(ids.upload, photo('page-1.png'));
    uploads.add(ids.upload, photo('page-2.png'));
    await elapse(0);

    expect(namesSent(requests)).toEqual(['kept.png', 'page-1.png', 'page-2.png']);
    expect(most).toBe(1);
    expect(events.onUploaded).toHaveBeenCalledTimes(3);
  });

  it('waits offline with the file kept on the device, and uploads it on reconnecting', async () => {
    let online = false;
    const { uploads, outbox, events, requests } = await setUp({
      respond: (request) => {
        if (!online) throw new ApiError();
        return accept(request);
      },
    });

    uploads.add(ids.upload, photo('page-1.png'));
    await elapse(0);

    expect(uploads.getState()).toMatchObject({ offline: true, uploading: null });
    expect(saveStateOf('saved', uploads.getState())).toBe('offline');
    expect(await outbox.pendingFiles(ids.attempt)).toHaveLength(1);
    expect(events.onUploaded).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await elapse(0);

    expect(namesSent(requests)).toEqual(['page-1.png', 'page-1.png']);
    expect(events.onUploaded).toHaveBeenCalledTimes(1);
    expect(uploads.getState()).toMatchObject({ pending: [], offline: false });
    expect(saveStateOf('saved', uploads.getState())).toBe('saved');
    expect(await outbox.pendingFiles(ids.attempt)).toEqual([]);
  });

  it('tries a failed upload again after 2 s, then 4 s, without calling a server fault offline', async () => {
    let failing = true;
    const { uploads, requests } = await setUp({
      respond: (request) =>
        failing ? { status: 503, data: 'Service Unavailable' } : accept(request),
    });

    uploads.add(ids.upload, photo('page-1.png'));
    await elapse(0);
    expect(uploads.getState().offline).toBe(false);
    expect(saveStateOf('saved', uploads.getState())).toBe('saving');
    await elapse(1999);
    expect(requests).toHaveLength(1);
    await elapse(1);
    expect(requests).toHaveLength(2);
    failing = false;
    await elapse(3999);
    expect(requests).toHaveLength(2);
    await elapse(1);

    expect(requests).toHaveLength(3);
    expect(uploads.getState().pending).toEqual([]);
  });

  it('drops a file the server refuses, says why, and goes on with the next', async () => {
    const { uploads, outbox, events, requests } = await setUp({
      respond: (request) =>
        namesSent([request])[0] === 'fake.png'
          ? {
              status: 400,
              data: {
                success: false,
                message: 'Please correct the highlighted fields',
                errors: { file: ANSWER_FILE_MESSAGES.wrongKind(['IMAGE']) },
              },
            }
          : accept(request),
    });

    uploads.add(ids.upload, photo('fake.png'));
    uploads.add(ids.upload, photo('page-1.png'));
    await elapse(0);

    expect(namesSent(requests)).toEqual(['fake.png', 'page-1.png']);
    expect(events.onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ fileName: 'fake.png' }),
      ANSWER_FILE_MESSAGES.wrongKind(['IMAGE']),
    );
    expect(events.onUploaded).toHaveBeenCalledTimes(1);
    expect(await outbox.pendingFiles(ids.attempt)).toEqual([]);
  });

  it('stops for good on 409 (time over): the waiting files are forgotten and nothing more is sent', async () => {
    const { uploads, outbox, events, requests } = await setUp({
      respond: () => ({
        status: 409,
        data: { success: false, message: ATTEMPT_MESSAGES.timeOver },
      }),
    });

    uploads.add(ids.upload, photo('page-1.png'));
    uploads.add(ids.upload, photo('page-2.png'));
    await elapse(0);

    expect(events.onClosed).toHaveBeenCalledWith(ATTEMPT_MESSAGES.timeOver);
    expect(requests).toHaveLength(1);
    expect(uploads.getState().pending).toEqual([]);
    expect(await outbox.pendingFiles(ids.attempt)).toEqual([]);
    uploads.add(ids.upload, photo('late.png'));
    await elapse(60_000);
    expect(requests).toHaveLength(1);
  });

  it("drops a file whose section's own time is over, and goes on with the exam", async () => {
    const { uploads, events } = await setUp({
      respond: (request) =>
        namesSent([request])[0] === 'late.png'
          ? { status: 409, data: { success: false, message: ANSWER_FILE_MESSAGES.sectionClosed } }
          : accept(request),
    });

    uploads.add(ids.upload, photo('late.png'));
    uploads.add(ids.mcq1, photo('page-1.png'));
    await elapse(0);

    expect(events.onClosed).not.toHaveBeenCalled();
    expect(events.onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ fileName: 'late.png' }),
      ANSWER_FILE_MESSAGES.sectionClosed,
    );
    expect(events.onUploaded).toHaveBeenCalledTimes(1);
  });

  it('never uploads a file removed while it waited, nor lists one removed while on the wire', async () => {
    let online = false;
    let release: (() => void) | undefined;
    const { uploads, outbox, events, requests } = await setUp({
      respond: async (request) => {
        if (!online) throw new ApiError();
        await new Promise<void>((resolve) => (release = resolve));
        return accept(request);
      },
    });

    uploads.add(ids.upload, photo('wrong-page.png'));
    await elapse(0);
    const [waiting] = uploads.getState().pending;
    uploads.remove(waiting?.id ?? '');
    expect(await outbox.pendingFiles(ids.attempt)).toEqual([]);

    online = true;
    uploads.add(ids.upload, photo('page-1.png'));
    await elapse(0);
    uploads.remove(uploads.getState().uploading?.id ?? '');
    release?.();
    await elapse(0);

    expect(namesSent(requests)).toEqual(['wrong-page.png', 'page-1.png']);
    expect(events.onUploaded).not.toHaveBeenCalled();
    expect(uploads.getState().pending).toEqual([]);
  });
});

describe('saveStateOf', () => {
  it('says uploading while a file is on the wire, and offline while answers or files wait for a connection', () => {
    const waiting = {
      pending: [{ id: 'p1' } as PendingFile],
      uploading: null,
      offline: false,
    };
    expect(saveStateOf('saved', { ...waiting, uploading: { id: 'p1', sent: 0.5 } })).toBe(
      'uploading',
    );
    expect(saveStateOf('offline', { ...waiting, uploading: { id: 'p1', sent: 0.5 } })).toBe(
      'offline',
    );
    expect(saveStateOf('saved', { ...waiting, offline: true })).toBe('offline');
    expect(saveStateOf('saving', { pending: [], uploading: null, offline: true })).toBe('saving');
  });
});
