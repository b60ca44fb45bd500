import {
  ATTEMPT_MESSAGES,
  PROCTOR_SIGNAL_LABELS,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
} from '@examiq/contracts';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { fakeMediaLaunchOptions } from './support/chromium';
import { apiSignIn, signIn } from './support/session';
import {
  createProctoredSitting,
  createSitting,
  expectProctoringWatches,
  SITTING_PASSWORD,
  startFromLobby,
  startProctoredFromLobby,
} from './support/sittings';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** Calls the admin's API (an admin is a proctor of every exam). */
async function adminApi(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  return {
    get: async (path: string) => {
      const response = await request.get(`/api/admin/${path}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data;
    },
    post: async (path: string, data: object) => {
      const response = await request.post(`/api/admin/${path}`, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data;
    },
  };
}

interface TimelineEvent {
  type: string;
  at: string;
  detail: { faces?: number; heldMs?: number } | null;
}

test('a proctored sitting: the system check, then signals and the face check reach the proctor', async ({
  page,
  context,
  request,
}) => {
  // The face check must see no face for 8 s before it says so, on a busy two-core machine where
  // its worker takes seconds to start, and starts again after its model failed to load offline.
  test.setTimeout(240_000);
  const sitting = await createProctoredSitting(request, 'proctored');
  const elsewhere: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (!['http:', 'ws:'].includes(url.protocol) || url.hostname !== '127.0.0.1') {
      if (!url.protocol.startsWith('data') && !url.protocol.startsWith('blob'))
        elsewhere.push(sent.url());
    }
  });

  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);
  await expect(page.getByRole('button', { name: 'Check my system' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start exam' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Check my system' }).click();
  // The fake camera starts slowly when the machine is busy.
  await expect(page.getByText('All checks passed. You can start the exam.')).toBeVisible({
    timeout: 30_000,
  });
  const checks = page.getByRole('list', { name: 'System check' }).getByRole('listitem');
  await expect(checks).toHaveText([
    /Camera.*passed/,
    /Microphone.*passed/,
    /Fullscreen.*passed/,
    /Connection.*passed/,
  ]);
  await expect
    .poll(() =>
      page.getByLabel('Camera preview').evaluate((video: HTMLVideoElement) => video.videoWidth),
    )
    .toBeGreaterThan(0);
  await expectAccessibleAtBothWidths(page, 'Lobby: system check passed');
  await screenshotsAtBothWidths(page, 'lobby-check-passed');

  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  const attemptId = page.url().split('/').at(-1) as string;
  await expect(page.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();
  await expectProctoringWatches(page);
  expect(await page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);

  // Another tab in front, then back. Headless Chromium keeps every page visible and focused,
  // so there the switch is also told to the page the way the browser tells it.
  const other = await context.newPage();
  await other.bringToFront();
  if ((await page.evaluate(() => document.visibilityState)) === 'visible') {
    await page.evaluate(() => {
      const setVisibility = (state: DocumentVisibilityState) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      setVisibility('hidden');
      window.dispatchEvent(new FocusEvent('blur'));
      setVisibility('visible');
      window.dispatchEvent(new FocusEvent('focus'));
      Reflect.deleteProperty(document, 'visibilityState');
    });
  }
  await page.bringToFront();
  await other.close();

  // Out of fullscreen, and back with the page's own control.
  await page.evaluate(() => document.exitFullscreen());
  const returnToFullscreen = page.getByRole('button', { name: 'Return to fullscreen' });
  await expect(returnToFullscreen).toBeVisible();
  await returnToFullscreen.click();
  await expect(returnToFullscreen).toBeHidden();

  // Copy a question's text.
  const question = page.getByText(/^Which data structure/).first();
  await question.selectText();
  await page.keyboard.press('Control+C');

  // Offline for a while: what happens meanwhile is kept on the device and sent on reconnecting.
  await context.setOffline(true);
  await question.selectText();
  await page.keyboard.press('Control+C');
  await page.waitForTimeout(PROCTORING_LIMITS.heartbeatMs + 1_000);
  await context.setOffline(false);

  const api = await adminApi(request);
  const timeline = async () =>
    (await api.get(`get-attempt-timeline/${attemptId}`)) as {
      attempt: { systemCheck: Record<string, boolean> | null };
      events: TimelineEvent[];
    };
  await expect
    .poll(
      async () => {
        const types = new Set((await timeline()).events.map((event) => event.type));
        return [
          'FULLSCREEN_EXIT',
          'FULLSCREEN_ENTER',
          'COPY',
          'CONNECTION_LOST',
          'CONNECTION_BACK',
          'HEARTBEAT',
          'NO_FACE',
        ].filter((type) => !types.has(type));
      },
      { timeout: 120_000, intervals: [PROCTORING_LIMITS.heartbeatMs] },
    )
    .toEqual([]);

  const { attempt, events } = await timeline();
  expect(attempt.systemCheck).toEqual({
    camera: true,
    microphone: true,
    fullscreen: true,
    connection: true,
  });
  const types = events.map((event) => event.type);
  for (const type of ['TAB_HIDDEN', 'TAB_VISIBLE', 'WINDOW_BLUR', 'WINDOW_FOCUS']) {
    expect(types).toContain(type);
  }
  expect(types.indexOf('FULLSCREEN_EXIT')).toBeLessThan(types.lastIndexOf('FULLSCREEN_ENTER'));
  // The fake camera films an empty room: no face, reported once it held for 8 s.
  const noFace = events.find((event) => event.type === 'NO_FACE');
  expect(noFace?.detail?.faces).toBe(0);
  expect(noFace?.detail?.heldMs).toBeGreaterThanOrEqual(PROCTORING_LIMITS.faceSustainedMs);
  // The copy made offline arrived, dated when it happened, before the connection came back.
  const copies = events.filter((event) => event.type === 'COPY');
  expect(copies).toHaveLength(2);
  const back = events.find((event) => event.type === 'CONNECTION_BACK');
  expect(Date.parse(copies[1]?.at ?? '')).toBeLessThan(Date.parse(back?.at ?? ''));
  // The server timed the round trip of the page's live channel, and the monitor shows it.
  const monitor = await api.get(`get-monitor/${sitting.examId}`);
  expect(
    monitor.students.find((row: { attemptId: string | null }) => row.attemptId === attemptId),
  ).toMatchObject({ rttMs: expect.any(Number) });
  // The model and everything else came from this server.
  expect(elsewhere).toEqual([]);

  // A reload opens the camera again by itself; fullscreen needs the student's click.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();
  await expect(returnToFullscreen).toBeVisible();
  await expect(page.getByRole('button', { name: /Proctor chat/ })).toBeVisible();
  await expect(page.getByText('Your camera is off')).toHaveCount(0);
  await expect
    .poll(
      async () => (await timeline()).events.filter((e) => e.type === 'FULLSCREEN_EXIT').length,
      {
        timeout: 30_000,
      },
    )
    .toBe(2);
});

test('the proctors chat with the student, warn, extend the time and end the attempt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createProctoredSitting(request, 'chatting');
  const attemptId = await startProctoredFromLobby(page, sitting);
  const api = await adminApi(request);
  const chatButton = page.getByRole('button', { name: /Proctor chat/ });
  await expect(chatButton).toBeVisible();

  // A proctor writes while the chat is closed: the button counts it.
  await api.post('send-message', {
    examId: sitting.examId,
    studentId: sitting.studentId,
    text: 'Good luck. Write here if anything goes wrong.',
  });
  await expect(chatButton).toContainText('1');
  await chatButton.click();
  const chat = page.getByRole('region', { name: 'Chat with your proctors' });
  const messages = chat.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('Good luck. Write here if anything goes wrong.');
  await expect(chatButton).not.toContainText('1');

  const input = chat.getByRole('textbox', { name: 'Message to your proctors' });
  await expect(input).toBeFocused();
  await input.pressSequentially('My mouse stopped working.');
  await input.press('Shift+Enter');
  await input.pressSequentially('Using the keyboard now.');
  await expect(input).toHaveValue('My mouse stopped working.\nUsing the keyboard now.');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(messages).toContainText('Using the keyboard now.');
  const monitor = await api.get(`get-monitor/${sitting.examId}`);
  expect(monitor.messages.map((message: { text: string }) => message.text)).toContain(
    'My mouse stopped working.\nUsing the keyboard now.',
  );

  await expectAccessibleAtBothWidths(page, 'Attempt: chat open');
  await screenshotsAtBothWidths(page, 'attempt-chat-open');

  // A warning comes over everything, and is kept in the conversation.
  await api.post('warn-student', { attemptId, text: 'Keep your eyes on your own screen.' });
  const warning = page.getByRole('dialog', { name: 'Warning from your proctor' });
  await expect(warning).toContainText('Keep your eyes on your own screen.');
  await expect(messages).toContainText('Keep your eyes on your own screen.');
  await expectAccessibleAtBothWidths(page, 'Attempt: a warning shown');
  await screenshotsAtBothWidths(page, 'attempt-warning');
  await warning.getByRole('button', { name: 'I understand' }).click();
  await expect(warning).toBeHidden();

  // Extra time moves the countdown.
  const secondsLeft = async () =>
    (await page.getByTestId('time-left').innerText())
      .split(':')
      .map(Number)
      .reduce((total, part) => total * 60 + part, 0);
  const before = await secondsLeft();
  await api.post('grant-extra-time', {
    examId: sitting.examId,
    studentId: sitting.studentId,
    minutes: 10,
  });
  await expect.poll(secondsLeft).toBeGreaterThan(before + 9 * 60);

  // The proctor ends the attempt: the page shows it submitted, with the reason.
  await api.post('end-attempt', { attemptId, reason: 'A second person was in the room.' });
  await expect(page.getByRole('heading', { name: 'Exam submitted' })).toBeVisible();
  await expect(page.getByText(PROCTORING_MESSAGES.endedByProctor)).toBeVisible();
  await expect(page.getByText('A second person was in the room.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Proctor chat/ })).toHaveCount(0);
});

test('a face check that cannot load its model tells the proctors, once', async ({
  page,
  request,
}) => {
  // Three tries, ten seconds apart, on a busy machine.
  test.setTimeout(150_000);
  await page.context().route('**/models/human/**', (route) => route.abort());
  const sitting = await createProctoredSitting(request, 'faceless');
  const attemptId = await startProctoredFromLobby(page, sitting);
  const api = await adminApi(request);
  await expect
    .poll(
      async () =>
        (await api.get(`get-monitor/${sitting.examId}`)).alerts.map(
          (alert: { message: string }) => alert.message,
        ),
      { timeout: 100_000, intervals: [PROCTORING_LIMITS.heartbeatMs] },
    )
    .toContain(`${PROCTOR_SIGNAL_LABELS.FACE_CHECK_FAILED}: The face model could not be loaded`);
  const { events } = (await api.get(`get-attempt-timeline/${attemptId}`)) as {
    events: TimelineEvent[];
  };
  const types = events.map((event) => event.type);
  expect(types.filter((type) => type === 'FACE_CHECK_FAILED')).toHaveLength(1);
  expect(types).not.toContain('NO_FACE');
});

test("a proctor's monitor receives the student's camera over WebRTC, and its snapshots", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createProctoredSitting(request, 'watched');
  await startProctoredFromLobby(page, sitting);
  const api = await adminApi(request);
  const monitor = await api.get(`get-monitor/${sitting.examId}`);
  const row = monitor.students.find(
    (student: { studentId: string }) => student.studentId === sitting.studentId,
  );
  const { tokens } = await apiSignIn(request, admin.email, admin.password);

  // A proctor's page of our origin plays the monitor's side of the protocol (docs/realtime.md).
  const proctor = await browser.newPage();
  await proctor.goto('/login');
  const seen = await proctor.evaluate(
    async ({ token, examId, to }) => {
      const messages: { type: string; [key: string]: unknown }[] = [];
      const waitFor = (test: (message: (typeof messages)[number]) => boolean, ms: number) =>
        new Promise<(typeof messages)[number]>((resolve, reject) => {
          const started = Date.now();
          const check = () => {
            const found = messages.find(test);
            if (found) resolve(found);
            else if (Date.now() - started > ms)
              reject(new Error(`Not received; got ${messages.map((m) => m.type).join(', ')}`));
            else setTimeout(check, 50);
          };
          check();
        });
      const socket = new WebSocket(`ws://${location.host}/api/ws`);
      socket.onmessage = (event) => messages.push(JSON.parse(event.data));
      await new Promise((resolve) => {
        socket.onopen = resolve;
      });
      const send = (message: object) => socket.send(JSON.stringify(message));
      send({ type: 'auth', token });
      const ready = (await waitFor((m) => m.type === 'ready', 10_000)) as unknown as {
        iceServers: RTCIceServer[];
      };
      send({ type: 'subscribe', examId });
      await waitFor((m) => m.type === 'subscribed', 10_000);

      const connection = new RTCPeerConnection({ iceServers: ready.iceServers });
      connection.addTransceiver('video', { direction: 'recvonly' });
      connection.onicecandidate = ({ candidate }) => {
        if (candidate) send({ type: 'signal', examId, to, signal: { kind: 'ice', candidate } });
      };
      const track = new Promise<MediaStreamTrack>((resolve) => {
        connection.ontrack = (event) => resolve(event.track);
      });
      const offer = await connection.createOffer();
      await connection.setLocalDescription(offer);
      send({ type: 'signal', examId, to, signal: { kind: 'offer', sdp: offer.sdp } });
      const answer = (await waitFor(
        (m) => m.type === 'signal' && (m.signal as { kind: string }).kind === 'answer',
        20_000,
      )) as unknown as { from: string; signal: { sdp: string } };
      await connection.setRemoteDescription({ type: 'answer', sdp: answer.signal.sdp });
      let added = 0;
      const addCandidates = setInterval(() => {
        const candidates = messages.filter(
          (m) => m.type === 'signal' && (m.signal as { kind: string }).kind === 'ice',
        );
        for (const m of candidates.slice(added)) {
          void connection.addIceCandidate(
            (m.signal as { candidate: RTCIceCandidateInit }).candidate,
          );
        }
        added = candidates.length;
      }, 50);
      const started = Date.now();
      while (connection.connectionState !== 'connected' && Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      clearInterval(addCandidates);
      const video = Object.assign(document.createElement('video'), { muted: true });
      video.srcObject = new MediaStream([await track]);
      await video.play();
      await new Promise((resolve) => video.requestVideoFrameCallback(resolve));
      const snapshot = (await waitFor((m) => m.type === 'snapshot', 20_000)) as unknown as {
        userId: string;
        image: string;
      };
      const state = connection.connectionState;
      connection.close();
      socket.close();
      return {
        state,
        answeredBy: answer.from,
        videoWidth: video.videoWidth,
        snapshotOf: snapshot.userId,
        snapshot: snapshot.image.slice(0, 23),
      };
    },
    { token: tokens.accessToken, examId: sitting.examId, to: row.userId },
  );

  expect(seen).toEqual({
    state: 'connected',
    answeredBy: row.userId,
    videoWidth: 320,
    snapshotOf: row.userId,
    snapshot: 'data:image/jpeg;base64,',
  });
  await proctor.close();
});

test('an exam without proctoring loads none of it: no check, camera, detector or live channel', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const sitting = await createSitting(request, 'unproctored');
  const loaded: string[] = [];
  page.on('request', (sent) => loaded.push(new URL(sent.url()).pathname));
  page.on('websocket', (socket) => loaded.push(new URL(socket.url()).pathname));
  await startFromLobby(page, sitting);
  await expect(page.getByTestId('save-state')).toHaveText(ATTEMPT_MESSAGES.saved);
  await page.waitForTimeout(PROCTORING_LIMITS.heartbeatMs);

  expect(
    loaded.filter((path) =>
      /system-check|proctored-sitting|face-worker|models\/human|\/api\/ws|report-events/.test(path),
    ),
  ).toEqual([]);
  await expect(page.getByRole('button', { name: /Proctor chat/ })).toHaveCount(0);
});
