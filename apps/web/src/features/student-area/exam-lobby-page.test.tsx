import 'fake-indexeddb/auto';
import { ATTEMPT_MESSAGES, answerAnyNotice } from '@examiq/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import AttemptPage from './attempt-page';
import ExamLobbyPage from './exam-lobby-page';
import { ids, makeAttemptView, makeLobby } from './test-fixtures';

function renderLobby(lobby = makeLobby(), routes = {}) {
  const requests = fakeAdminApi({
    [`GET /student/get-exam/${ids.exam}`]: ok(lobby),
    ...routes,
  });
  const view = renderPage(
    <ExamLobbyPage />,
    '/student/exam/:examId',
    [{ path: '/student/attempt/:attemptId', element: <AttemptPage /> }],
    `/student/exam/${ids.exam}`,
  );
  return { ...view, requests };
}

const startButton = () => screen.findByRole('button', { name: 'Start exam' });

/** An exam without proctoring: Start needs no system check. */
const autoLobby = (serverNow?: string) => makeLobby({ examMode: 'AUTO' }, serverNow);

afterEach(() => {
  vi.useRealTimers();
});

describe('ExamLobbyPage', () => {
  it('shows the exam, its sections, its instructions and how timed sections work', async () => {
    renderLobby();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Structures Mid-term' }),
    ).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'About this exam' });
    expect(within(about).getByText('Arrays, linked lists, stacks and queues.')).toBeVisible();
    expect(within(about).getByText('60 minutes')).toBeVisible();
    expect(within(about).getByText('50 in total, 20 to pass')).toBeVisible();
    expect(within(about).getByText('Proctoring')).toBeVisible();
    const sections = screen.getByRole('region', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Multiple choiceMCQ (Multiple Choice)2 questions · 10 marksOn the exam’s clock',
      'EssayOptionalLong Answer1 question · 20 marksOwn time limit: 20 minutes',
    ]);
    expect(screen.getByText('Calculators are not allowed.')).toBeVisible();
    expect(
      screen.getByText(/starts its clock when you first open it, and that clock keeps running/),
    ).toBeVisible();
  });

  it('tells the student before the start how many questions of a section to answer', async () => {
    const lobby = makeLobby();
    renderLobby({
      ...lobby,
      exam: {
        ...lobby.exam,
        sections: lobby.exam.sections.map((section, index) =>
          index === 0 ? { ...section, totalQuestions: 5, answerAny: 3 } : section,
        ),
      },
    });
    expect(await screen.findByText(answerAnyNotice(3, 5))).toBeVisible();
    expect(screen.getAllByText(/^Answer any/)).toHaveLength(1);
  });

  it('enables Start inside the window only, counting down to it on the server clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    // Three seconds before the start by the server's clock, whatever the device says.
    renderLobby(autoLobby('2030-03-14T09:29:57.000Z'));

    expect(await startButton()).toBeDisabled();
    expect(screen.getByText('00:03')).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('00:01')).toBeVisible();
    expect(await startButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await startButton()).toBeEnabled();
    expect(screen.queryByText(/Start opens in/)).not.toBeInTheDocument();
  });

  it('disables Start once the window has closed', async () => {
    renderLobby(makeLobby({}, '2030-03-14T11:00:00.000Z'));

    expect(await startButton()).toBeDisabled();
    expect(screen.getByText(ATTEMPT_MESSAGES.closed)).toBeVisible();
  });

  it('offers no Start once results are published, and says why, while the window is open', async () => {
    renderLobby(
      makeLobby({ examMode: 'AUTO', resultsPublished: true }, '2030-03-14T10:00:00.000Z'),
    );

    expect(await screen.findByText(ATTEMPT_MESSAGES.resultsPublished)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start exam' })).not.toBeInTheDocument();
  });

  it('warns when the window closes before the full duration would end', async () => {
    renderLobby(autoLobby('2030-03-14T10:30:00.000Z'));

    expect(await startButton()).toBeEnabled();
    expect(screen.getByText(/starting now, you have 30 minutes/)).toBeVisible();
  });

  it('starts the exam and opens the attempt page with the answer of the start', async () => {
    const { router, requests } = renderLobby(autoLobby(), {
      [`POST /student/start-exam/${ids.exam}`]: ok(makeAttemptView()),
      [`GET /student/get-attempt/${ids.attempt}`]: ok(makeAttemptView()),
    });

    await userEvent.click(await startButton());

    expect(router.state.location.pathname).toBe(`/student/attempt/${ids.attempt}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Multiple choice' }),
    ).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toContain(
      `POST /student/start-exam/${ids.exam}`,
    );
  });

  it("says why the exam could not be started, from the server's message", async () => {
    const error = vi.spyOn(toast, 'error');
    renderLobby(autoLobby(), {
      [`POST /student/start-exam/${ids.exam}`]: {
        status: 403,
        data: { success: false, message: ATTEMPT_MESSAGES.notYourSection },
      },
    });

    await userEvent.click(await startButton());

    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(ATTEMPT_MESSAGES.notYourSection));
    expect(await startButton()).toBeEnabled();
  });

  describe('of a proctored exam', () => {
    /** A browser whose camera fails with `cameraError`, or works; fullscreen is allowed. */
    function stubDevices(cameraError?: string) {
      const track = (kind: string) => ({
        kind,
        readyState: 'live',
        stop: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      });
      const streamOf = (tracks: ReturnType<typeof track>[]) => ({
        getTracks: () => tracks,
        getVideoTracks: () => tracks.filter((item) => item.kind === 'video'),
        getAudioTracks: () => tracks.filter((item) => item.kind === 'audio'),
      });
      vi.stubGlobal('MediaStream', function MediaStream(tracks: ReturnType<typeof track>[]) {
        return streamOf(tracks);
      });
      const getUserMedia = vi.fn(async ({ video, audio }: MediaStreamConstraints) => {
        if (video && cameraError)
          throw Object.assign(new Error(cameraError), { name: cameraError });
        return streamOf([...(video ? [track('video')] : []), ...(audio ? [track('audio')] : [])]);
      });
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia },
      });
      Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
      document.documentElement.requestFullscreen = vi.fn(async () => {});
      return getUserMedia;
    }

    afterEach(() => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
      Reflect.deleteProperty(document, 'fullscreenEnabled');
    });

    it('offers Start only once the system check passed, and sends the check with the start', async () => {
      stubDevices();
      const { requests } = renderLobby(makeLobby(), {
        'GET /health': ok({ status: 'ok' }),
        [`POST /student/start-exam/${ids.exam}`]: ok(makeAttemptView()),
        [`GET /student/get-attempt/${ids.attempt}`]: ok(makeAttemptView()),
      });

      const check = await screen.findByRole('button', { name: 'Check my system' });
      expect(screen.queryByRole('button', { name: 'Start exam' })).not.toBeInTheDocument();
      await userEvent.click(check);

      expect(await screen.findByText('All checks passed. You can start the exam.')).toBeVisible();
      await userEvent.click(await startButton());
      await vi.waitFor(() =>
        expect(
          requests.find((request) => request.url.startsWith('/student/start-exam'))?.data,
        ).toEqual({
          systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true },
        }),
      );
    });

    it('says when Start opens after a passed check, counting down to it', async () => {
      stubDevices();
      // Sixteen minutes and eight seconds before the start by the server's clock.
      renderLobby(makeLobby({}, '2030-03-14T09:13:52.000Z'), {
        'GET /health': ok({ status: 'ok' }),
      });

      await userEvent.click(await screen.findByRole('button', { name: 'Check my system' }));

      const passed = await screen.findByText(/^All checks passed\./);
      expect(passed).toHaveTextContent(/^All checks passed\. Start opens in 16:0[78]\.$/);
      expect(screen.queryByText(/You can start the exam/)).not.toBeInTheDocument();
      expect(await startButton()).toBeDisabled();
    });

    it('says why the check failed and offers no Start', async () => {
      stubDevices('NotAllowedError');
      renderLobby(makeLobby(), { 'GET /health': ok({ status: 'ok' }) });

      await userEvent.click(await screen.findByRole('button', { name: 'Check my system' }));

      expect(await screen.findByText(/Camera permission was refused/)).toBeVisible();
      expect(screen.getByText('Fix what failed, then check again to start.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Check again' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Start exam' })).not.toBeInTheDocument();
    });
  });

  it('offers Resume for an attempt in progress and the receipt for a submitted one', async () => {
    renderLobby(
      makeLobby({
        attempt: {
          _id: ids.attempt,
          status: 'IN_PROGRESS',
          deadlineAt: '2030-03-14T10:30:00.000Z',
          submittedAt: null,
          submitTrigger: null,
        },
      }),
    );

    expect(await screen.findByRole('link', { name: 'Resume exam' })).toHaveAttribute(
      'href',
      `/student/attempt/${ids.attempt}`,
    );
    expect(screen.queryByRole('button', { name: 'Start exam' })).not.toBeInTheDocument();
  });

  it('links a submitted exam to its receipt', async () => {
    renderLobby(
      makeLobby({
        attempt: {
          _id: ids.attempt,
          status: 'SUBMITTED',
          deadlineAt: '2030-03-14T10:30:00.000Z',
          submittedAt: '2030-03-14T10:10:00.000Z',
          submitTrigger: 'STUDENT',
        },
      }),
    );

    expect(await screen.findByRole('link', { name: 'View receipt' })).toBeInTheDocument();
    expect(screen.getByText(/^You submitted this exam on 14 Mar 2030/)).toBeVisible();
  });

  it('says so when the exam does not exist', async () => {
    renderLobby(makeLobby(), {
      [`GET /student/get-exam/${ids.exam}`]: {
        status: 404,
        data: { success: false, message: ATTEMPT_MESSAGES.examNotFound },
      },
    });

    expect(await screen.findByText(ATTEMPT_MESSAGES.examNotFound)).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to dashboard' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Start exam' })).not.toBeInTheDocument();
  });
});
