import 'fake-indexeddb/auto';
import {
  ANSWER_FILE_MESSAGES,
  type AnswerFile,
  ATTEMPT_MESSAGES,
  type AttemptView,
  type SaveAnswersPayload,
} from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { storeSession } from '@/test/fake-api';
import AttemptPage from '../attempt-page';
import { ids, makeAttemptView, makeSaveResult, uploadSection } from '../test-fixtures';
import { getOutbox } from './outbox';

type Answer = { status: number; data: unknown };
type Route = Answer | ((request: ApiRequest) => Answer | Promise<Answer>);

const SAVE = `PUT /student/save-answers/${ids.attempt}`;
const GET = `GET /student/get-attempt/${ids.attempt}`;
const UPLOAD = `POST /student/upload-answer-file/${ids.attempt}`;
const MB = 1024 * 1024;

const acknowledge = (request: ApiRequest) =>
  ok(makeSaveResult((request.data as SaveAnswersPayload).seq));

/** The server's file for an upload: its id is drawn from the file's name. */
function fileIdOf(name: string) {
  const digits = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return `90000000-0000-4000-8000-${String(digits).padStart(12, '0')}`;
}
function answerFile(name: string, contentType = 'image/png', bytes = 2048): AnswerFile {
  return {
    _id: fileIdOf(name),
    questionId: ids.upload,
    fileName: name,
    contentType,
    bytes,
    uploadedAt: '2030-03-14T09:41:00.000Z',
    url: `/api/answer-files/${fileIdOf(name)}?aud=student&exp=1&sig=abc`,
  };
}
function stored(request: ApiRequest): Answer {
  const file = (request.data as FormData).get('file') as File;
  return ok(answerFile(file.name, file.type, file.size), 201);
}

function renderAttempt(view: AttemptView, routes: Record<string, Route> = {}) {
  const requests = fakeAdminApi({
    [GET]: ok(view),
    [SAVE]: acknowledge,
    [UPLOAD]: stored,
    ...routes,
  });
  renderPage(<AttemptPage />, '/student/attempt/:attemptId', [], `/student/attempt/${ids.attempt}`);
  return requests;
}

const uploadView = (overrides: Partial<AttemptView> = {}) =>
  makeAttemptView({ sections: [uploadSection], ...overrides });
const png = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const chooser = () => screen.findByLabelText('Choose files for question 1');
const fileList = () => screen.getByRole('list', { name: 'Your files for question 1' });
const saveState = () => screen.getByTestId('save-state');
/** The file ids of the answer's saves, in order. */
const savedFileIds = (requests: ApiRequest[]) =>
  requests
    .filter((request) => request.method === 'PUT')
    .flatMap((request) => (request.data as SaveAnswersPayload).answers)
    .filter((answer) => answer.questionId === ids.upload)
    .map((answer) => answer.fileIds);

beforeEach(async () => {
  storeSession();
  await (await getOutbox()).clear(ids.attempt);
  Element.prototype.scrollIntoView = vi.fn();
});

// Saves follow the 1.5 s pause after the last change, in real time.
describe('A file upload question', { timeout: 20_000 }, () => {
  it('says its limits, refuses files it cannot take with the reason, and uploads the others before the answer lists them', async () => {
    // The chooser offers only the question's kinds; a file may still be dropped on it by hand.
    const user = userEvent.setup({ applyAccept: false });
    const requests = renderAttempt(uploadView());

    const input = await chooser();
    expect(input).toHaveAccessibleDescription('Up to 2 files, PDF or images, 5 MB each');
    expect(input).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    expect(input).toHaveAttribute('multiple');
    const camera = screen.getByLabelText('Take a photo for question 1');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', expect.not.stringContaining('pdf'));

    await user.upload(input, [
      new File(['x'], 'notes.docx', { type: 'application/msword' }),
      png('huge.png', 5 * MB + 1),
      png('page-1.png'),
    ]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      `notes.docx: ${ANSWER_FILE_MESSAGES.wrongKind(['PDF', 'IMAGE'])}`,
    );
    expect(alert).toHaveTextContent(`huge.png: ${ANSWER_FILE_MESSAGES.tooLarge(5)}`);
    expect(input).toHaveAccessibleDescription(expect.stringContaining('notes.docx'));
    const link = await within(fileList()).findByRole('link', {
      name: 'View page-1.png (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', answerFile('page-1.png').url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(fileList()).getByRole('listitem')).toHaveTextContent('page-1.png2 KB');
    expect(screen.getByText(`page-1.png: ${ANSWER_FILE_MESSAGES.uploaded}`)).toHaveAttribute(
      'aria-live',
      'polite',
    );
    const uploads = requests.filter((request) => request.method === 'POST');
    expect(uploads).toHaveLength(1);
    expect((uploads[0]?.data as FormData | undefined)?.get('questionId')).toBe(ids.upload);

    await waitFor(() => expect(savedFileIds(requests)).toEqual([[fileIdOf('page-1.png')]]), {
      timeout: 4000,
    });
    const palette = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(palette).getByText('1 of 1 answered')).toBeVisible();
  });

  it('says so when a file chosen again was already uploaded, and lists it once', async () => {
    const user = userEvent.setup();
    const requests = renderAttempt(uploadView());

    await user.upload(await chooser(), png('page-1.png'));
    await within(fileList()).findByRole('link', { name: /^View page-1\.png/ });
    await user.upload(await chooser(), png('page-1.png'));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `page-1.png: ${ANSWER_FILE_MESSAGES.alreadyUploaded}`,
    );
    expect(within(fileList()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(savedFileIds(requests)).toEqual([[fileIdOf('page-1.png')]]), {
      timeout: 4000,
    });
  });

  it('removes a file from the answer, and refuses more files than the question takes', async () => {
    const user = userEvent.setup();
    const kept = answerFile('page-1.png');
    const requests = renderAttempt(
      uploadView({
        files: [kept, answerFile('discarded.png')],
        answers: [
          {
            questionId: ids.upload,
            selectedOptionId: null,
            text: null,
            fileIds: [kept._id],
            markedForReview: false,
            seq: 5,
            savedAt: '2030-03-14T09:35:00.000Z',
          },
        ],
      }),
    );

    // Only the answer's files are listed: the attempt's other uploads are not part of it.
    const input = await chooser();
    expect(within(fileList()).getAllByRole('listitem')).toHaveLength(1);
    await user.upload(input, [png('page-2.png'), png('page-3.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `page-3.png: ${ANSWER_FILE_MESSAGES.tooManyFiles(2)}`,
    );
    await within(fileList()).findByRole('link', { name: /^View page-2\.png/ });

    await user.click(screen.getByRole('button', { name: 'Remove page-1.png' }));
    expect(screen.queryByText('page-1.png')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove page-2.png' }));
    expect(screen.queryByRole('list', { name: 'Your files for question 1' })).toBeNull();

    // The last save clears the answer with an empty list.
    await waitFor(() => expect(savedFileIds(requests).at(-1)).toEqual([]), { timeout: 4000 });
  });

  it('keeps a file chosen offline waiting on the device, says so, and uploads it on reconnecting', async () => {
    const user = userEvent.setup();
    let online = false;
    const requests = renderAttempt(uploadView(), {
      [UPLOAD]: (request) => {
        if (!online) throw new ApiError();
        return stored(request);
      },
    });

    await user.upload(await chooser(), png('page-1.png'));

    const row = within(fileList()).getByRole('listitem');
    expect(await within(row).findByText(ANSWER_FILE_MESSAGES.waiting)).toBeVisible();
    expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.offline);
    expect(within(row).queryByRole('link')).toBeNull();
    expect(
      (await (await getOutbox()).pendingFiles(ids.attempt)).map((file) => file.fileName),
    ).toEqual(['page-1.png']);

    online = true;
    window.dispatchEvent(new Event('online'));

    expect(
      await within(fileList()).findByRole('link', { name: /^View page-1\.png/ }),
    ).toBeVisible();
    expect(screen.queryByText(ANSWER_FILE_MESSAGES.waiting)).toBeNull();
    await waitFor(() => expect(savedFileIds(requests)).toEqual([[fileIdOf('page-1.png')]]), {
      timeout: 4000,
    });
    expect(saveState()).toHaveTextContent(ATTEMPT_MESSAGES.saved);
    expect(await (await getOutbox()).pendingFiles(ids.attempt)).toEqual([]);
  });

  it('says Uploading… while a file is on the wire, and shows why the server refused one', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    renderAttempt(uploadView(), {
      [UPLOAD]: async (request) => {
        const file = (request.data as FormData).get('file') as File;
        if (file.name === 'renamed.png') {
          return {
            status: 400,
            data: {
              success: false,
              message: 'Please correct the highlighted fields',
              errors: { file: ANSWER_FILE_MESSAGES.wrongKind(['PDF', 'IMAGE']) },
            },
          };
        }
        await new Promise<void>((resolve) => (release = resolve));
        return stored(request);
      },
    });

    await user.upload(await chooser(), [png('page-1.png'), png('renamed.png')]);

    await waitFor(() => expect(saveState()).toHaveTextContent(ANSWER_FILE_MESSAGES.uploading));
    expect(within(fileList()).getAllByRole('listitem')[0]).toHaveTextContent(
      `${ANSWER_FILE_MESSAGES.uploading} 0%`,
    );
    release?.();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `renamed.png: ${ANSWER_FILE_MESSAGES.wrongKind(['PDF', 'IMAGE'])}`,
    );
    expect(within(fileList()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(fileList()).getByRole('listitem')).toHaveTextContent('page-1.png');
  });

  it('shows the files of a submitted answer to view, with nothing to change', async () => {
    const file = answerFile('working.pdf', 'application/pdf', 3 * MB);
    renderAttempt(
      uploadView({
        attempt: {
          ...makeAttemptView().attempt,
          status: 'SUBMITTED',
          submittedAt: '2030-03-14T10:00:00.000Z',
          submitTrigger: 'STUDENT',
        },
        files: [file],
        answers: [
          {
            questionId: ids.upload,
            selectedOptionId: null,
            text: null,
            fileIds: [file._id],
            markedForReview: false,
            seq: 5,
            savedAt: '2030-03-14T09:35:00.000Z',
          },
        ],
      }),
    );

    expect(
      await screen.findByRole('link', { name: 'View working.pdf (opens in a new tab)' }),
    ).toHaveAttribute('href', file.url);
    expect(fileList()).toHaveTextContent('working.pdf3.0 MB');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByLabelText(/^Choose files/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Exam submitted' })).toHaveTextContent(
      'Answers saved1 of 1',
    );
  });
});
