import { once } from 'node:events';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import WebSocket from 'ws';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin, faculty } from './support/accounts';
import { apiSignIn, signIn } from './support/session';
import { createProctoredSitting, FACULTY_PASSWORD, SITTING_PASSWORD } from './support/sittings';

/**
 * The student's side, through the API as the attempt page calls it: the start with a passed
 * system check, the page's reports (a heartbeat every 4 s while `beating`), and the chat.
 */
async function startSitting(
  request: APIRequestContext,
  sitting: { email: string; examId: string },
) {
  const { tokens } = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, {
    headers,
    data: { systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true } },
  });
  expect(started.status(), await started.text()).toBe(200);
  const attemptId: string = (await started.json()).data.attempt._id;
  const report = (type: string) =>
    request.post(`/api/student/report-events/${attemptId}`, {
      headers,
      data: { events: [{ type, at: new Date().toISOString() }] },
    });
  expect((await report('HEARTBEAT')).status()).toBe(200);
  let beat: ReturnType<typeof setInterval> | undefined = setInterval(
    () => void report('HEARTBEAT').catch(() => undefined),
    4_000,
  );
  return {
    token: tokens.accessToken,
    attemptId,
    report,
    say: (text: string) =>
      request.post(`/api/student/send-message/${attemptId}`, { headers, data: { text } }),
    async messages(): Promise<Array<{ kind: string; from: string; text: string }>> {
      const response = await request.get(`/api/student/get-messages/${attemptId}`, { headers });
      return (await response.json()).data.messages;
    },
    stop() {
      clearInterval(beat);
      beat = undefined;
    },
  };
}

/** The student's live channel, from Node, as the attempt page opens it. */
async function studentChannel(baseURL: string, token: string) {
  const socket = new WebSocket(`${baseURL.replace(/^http/, 'ws')}/api/ws`);
  const received: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => received.some((message) => message.type === 'ready')).toBe(true);
  return { socket, received };
}

const tileOf = (page: Page, rollNumber: string) =>
  page.getByRole('region', { name: 'Candidates' }).getByRole('listitem').filter({
    hasText: rollNumber,
  });

function panel(page: Page, tab: 'Alerts' | 'Students' | 'Chat'): Locator {
  return page.getByRole('tabpanel', { name: tab });
}

async function openActions(page: Page, action: RegExp) {
  await page.getByRole('button', { name: 'Actions for Asha Patel' }).click();
  await page
    .getByRole('dialog', { name: 'Asha Patel' })
    .getByRole('button', { name: action })
    .click();
}

function secondsOf(text: string): number {
  const clock = /(\d\d:)?\d\d:\d\d/.exec(text)?.[0] ?? '';
  return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * A student sitting a proctored exam and its proctor signed in: `open` shows the monitor (from
 * the dashboard, or by its address), live.
 */
async function watchSitting(page: Page, request: APIRequestContext, name: string) {
  const sitting = await createProctoredSitting(request, name);
  const student = await startSitting(request, sitting);
  await signIn(page, sitting.proctor.email, FACULTY_PASSWORD);
  await expect(page).toHaveURL(/\/faculty$/);
  return {
    sitting,
    student,
    tile: tileOf(page, sitting.rollNumber),
    activeAlerts: page.getByText('Active Alerts').locator('xpath=following-sibling::dd'),
    alert: panel(page, 'Alerts')
      .getByRole('listitem')
      .filter({ hasText: 'Switched away from the exam tab' }),
    conversation: page.getByRole('log', { name: 'Conversation with Asha Patel' }),
  };
}

const isLive = (page: Page) => expect(page.getByText('Live', { exact: true })).toBeVisible();

test('a proctor opens the monitor from the dashboard, sees an alert within 2 s and chats both ways', async ({
  page,
  request,
}) => {
  // Three accessibility checks at both widths of screens that redraw every second.
  test.setTimeout(180_000);
  const { sitting, student, tile, activeAlerts, alert, conversation } = await watchSitting(
    page,
    request,
    'monitor',
  );
  try {
    const card = page.getByRole('article', { name: sitting.title });
    await expect(card.getByText('Proctor', { exact: true })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'Faculty dashboard');
    await screenshotsAtBothWidths(page, 'faculty-dashboard');

    await card.getByRole('link', { name: `Open the monitor of ${sitting.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/faculty/exams/${sitting.examId}/monitor$`));
    await isLive(page);
    await expect(page.getByText('Demonstration')).toHaveCount(0);
    await expect(page.getByText(sitting.title)).toBeVisible();
    await expect(tile).toContainText('Asha Patel');
    await expect(tile.getByText(/Connection: (Excellent|Good)/)).toBeAttached();
    await expect(activeAlerts).toHaveText('0');

    // The alert is on screen within 2 seconds of the student's page reporting the signal.
    const reportedAt = Date.now();
    expect((await student.report('TAB_HIDDEN')).status()).toBe(200);
    await expect(alert).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - reportedAt).toBeLessThan(2_000);
    await expect(alert).toContainText('Asha Patel');
    await expect(activeAlerts).toHaveText('1');
    await expect(tile.getByText('1 warning')).toBeAttached();
    await expectAccessibleAtBothWidths(page, 'Live monitor: alerts');
    await screenshotsAtBothWidths(page, 'monitor-alerts');

    // Chat both ways: the proctor writes, the student answers through its own API.
    await page.getByRole('button', { name: 'Message Asha Patel' }).click();
    const box = page.getByRole('textbox', { name: 'Message to Asha Patel' });
    await expect(box).toBeFocused();
    await box.pressSequentially('Please stay in fullscreen');
    await box.press('Shift+Enter');
    await box.pressSequentially('until you submit.');
    await box.press('Enter');
    await expect(conversation).toContainText('until you submit.');
    await expect(box).toHaveValue('');
    await expect
      .poll(async () => (await student.messages()).map((message) => message.text))
      .toContain('Please stay in fullscreen\nuntil you submit.');
    expect((await student.say('Understood, thank you.')).status()).toBe(200);
    await expect(conversation).toContainText('Understood, thank you.');
    await expectAccessibleAtBothWidths(page, 'Live monitor: a conversation');
    await screenshotsAtBothWidths(page, 'monitor-chat');
  } finally {
    student.stop();
  }
});

test('a proctor warns, grants extra time, dismisses an alert and ends the attempt', async ({
  page,
  request,
}) => {
  // Four dialogs and two accessibility checks of each at both widths: a long test on a busy machine.
  test.setTimeout(180_000);
  const { sitting, student, tile, activeAlerts, alert, conversation } = await watchSitting(
    page,
    request,
    'actions',
  );
  try {
    await page.goto(`/faculty/exams/${sitting.examId}/monitor`);
    await isLive(page);
    expect((await student.report('TAB_HIDDEN')).status()).toBe(200);
    await expect(activeAlerts).toHaveText('1');

    // A warning, shown on the student's screen and kept with the chat.
    await page.getByRole('button', { name: 'Actions for Asha Patel' }).click();
    const actions = page.getByRole('dialog', { name: 'Asha Patel' });
    await expect(actions.getByRole('button')).toHaveText([
      '',
      /^Warn/,
      /^Grant extra time/,
      /^End attempt/,
    ]);
    await expectAccessibleAtBothWidths(page, 'Live monitor: actions');
    await screenshotsAtBothWidths(page, 'monitor-actions');
    await actions.getByRole('button', { name: /^Warn/ }).click();
    const warnDialog = page.getByRole('dialog', { name: 'Warn Asha Patel' });
    await warnDialog.getByRole('button', { name: 'Send warning' }).click();
    await expect(warnDialog.getByText('Message is required')).toBeVisible();
    await warnDialog.getByLabel('Warning').fill('Keep your eyes on your own screen.');
    await screenshotsAtBothWidths(page, 'monitor-warn');
    await warnDialog.getByRole('button', { name: 'Send warning' }).click();
    await expect(page.getByText('The student has been warned')).toBeVisible();
    await expect(warnDialog).toBeHidden();
    await page.getByRole('button', { name: 'Message Asha Patel' }).click();
    await expect(conversation).toContainText('Keep your eyes on your own screen.');
    await expect
      .poll(async () => (await student.messages()).map((message) => message.kind))
      .toContain('WARNING');

    // Extra time: the student's time left grows by the minutes granted.
    await page.getByRole('tab', { name: 'Students' }).click();
    const row = panel(page, 'Students').getByRole('listitem').filter({ hasText: 'Asha Patel' });
    const timeLeft = row.getByText(/^Time left/);
    const before = secondsOf(await timeLeft.innerText());
    await openActions(page, /^Grant extra time/);
    const timeDialog = page.getByRole('dialog', { name: 'Extra time for Asha Patel' });
    await timeDialog.getByLabel('Total extra time (minutes)').fill('700');
    await timeDialog.getByRole('button', { name: 'Grant extra time' }).click();
    await expect(timeDialog.getByText('Extra time cannot exceed 600 minutes')).toBeVisible();
    await timeDialog.getByLabel('Total extra time (minutes)').fill('10');
    await screenshotsAtBothWidths(page, 'monitor-extra-time');
    await timeDialog.getByRole('button', { name: 'Grant extra time' }).click();
    await expect(page.getByText('Extra time granted')).toBeVisible();
    await expect
      .poll(async () => secondsOf(await timeLeft.innerText()) - before)
      .toBeGreaterThan(9 * 60);

    // The alert reviewed: dismissed, it stops counting.
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await alert
      .getByRole('button', {
        name: 'Dismiss the alert “Switched away from the exam tab” about Asha Patel',
      })
      .click();
    await expect(page.getByText('Alert reviewed')).toBeVisible();
    await expect(alert).toContainText('Dismissed');
    await expect(alert).toBeFocused();
    await expect(activeAlerts).toHaveText('0');
    await expect(tile.getByText('1 warning')).toHaveCount(0);

    // Ended with a reason: submitted with what was saved, and the student can report no more.
    await openActions(page, /^End attempt/);
    const endDialog = page.getByRole('dialog', { name: 'End the attempt of Asha Patel' });
    await expect(endDialog).toContainText('submitted now with the answers saved so far');
    await endDialog.getByLabel('Reason').fill('A second person was seen in the room.');
    await expectAccessibleAtBothWidths(page, 'Live monitor: end attempt dialog');
    await screenshotsAtBothWidths(page, 'monitor-end-attempt');
    await endDialog.getByRole('button', { name: 'End attempt' }).click();
    await expect(page.getByText('The attempt has been ended and submitted')).toBeVisible();
    await expect(tile).toContainText('Submitted');
    await expect(page.getByRole('button', { name: 'Actions for Asha Patel' })).toHaveCount(0);
    student.stop();
    expect((await student.report('HEARTBEAT')).status()).toBe(409);
  } finally {
    student.stop();
  }
});

test('a camera tile shows the still a student’s page sends, and the monitor offers it a video connection', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { sitting, student, tile } = await watchSitting(page, request, 'camera');
  const channel = await studentChannel(baseURL ?? '', student.token);
  try {
    await page.goto(`/faculty/exams/${sitting.examId}/monitor`);
    await isLive(page);
    await expect(tile).toContainText('Waiting for video');

    // The monitor offers: the student's socket receives the proctor's offer for its camera.
    await expect
      .poll(() =>
        channel.received.some(
          (message) =>
            message.type === 'signal' &&
            message.fromRole === 'faculty' &&
            (message.signal as { kind: string }).kind === 'offer',
        ),
      )
      .toBe(true);

    // No answer comes (no camera here): the tile shows the still the student's page sends.
    const image = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 240;
      const draw = canvas.getContext('2d');
      if (!draw) throw new Error('No 2D canvas');
      draw.fillStyle = '#334155';
      draw.fillRect(0, 0, 320, 240);
      draw.fillStyle = '#f8fafc';
      draw.beginPath();
      draw.arc(160, 110, 55, 0, Math.PI * 2);
      draw.fill();
      draw.fillRect(80, 180, 160, 60);
      return canvas.toDataURL('image/jpeg', 0.6);
    });
    channel.socket.send(JSON.stringify({ type: 'snapshot', attemptId: student.attemptId, image }));
    const still = tile.getByRole('img', { name: 'Camera still of Asha Patel' });
    await expect(still).toHaveAttribute('src', image);
    await expect(tile.getByText(/^Still \d\d:\d\d:\d\d$/)).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'Live monitor: a camera still');
    await screenshotsAtBothWidths(page, 'monitor-still');
  } finally {
    channel.socket.close();
    student.stop();
  }
});

test("a proctor reads a long conversation's earlier messages on demand, back to its start", async ({
  page,
  request,
}) => {
  // 25 messages at the students' pace (10 in 10 s), and the checks at both widths.
  test.setTimeout(180_000);
  const { sitting, student, conversation } = await watchSitting(page, request, 'paged-chat');
  try {
    for (let line = 1; line <= 25; line++) {
      // A burst of 10 at most: the 11th waits until the burst is 10 s old.
      if (line === 11 || line === 21) await page.waitForTimeout(10_500);
      const said = await student.say(`Line ${line} of my question`);
      expect(said.status(), await said.text()).toBe(200);
    }
    await page.goto(`/faculty/exams/${sitting.examId}/monitor`);
    await isLive(page);
    await page.getByRole('button', { name: 'Message Asha Patel' }).click();
    // The monitor's read holds the conversation's newest 20.
    await expect(conversation).toContainText('Line 25 of my question');
    await expect(conversation).not.toContainText('Line 5 of my question');
    await expectAccessibleAtBothWidths(page, 'Live monitor: a long conversation');

    await conversation.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(conversation).toContainText('Line 1 of my question');
    await expect(conversation.getByRole('listitem')).toHaveCount(25);
    await expect(conversation.getByText('Start of the conversation')).toBeVisible();
    await expect(conversation.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(
      0,
    );
    await expectAccessibleAtBothWidths(page, 'Live monitor: a conversation read to its start');
    await screenshotsAtBothWidths(page, 'monitor-chat-paged');
  } finally {
    student.stop();
  }
});

test('a faculty member not assigned to the exam is told so, and sees none of it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const sitting = await createProctoredSitting(request, 'refused');
  await signIn(page, faculty.email, faculty.password);
  await expect(page).toHaveURL(/\/faculty$/);
  await page.goto(`/faculty/exams/${sitting.examId}/monitor`);

  await expect(page.getByRole('heading', { name: 'Not your exam to proctor' })).toBeVisible();
  await expect(page.getByText('You are not assigned to proctor this exam.')).toBeVisible();
  await expect(page.getByText(sitting.title)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Candidates' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Live monitor: refused');
  await screenshotsAtBothWidths(page, 'monitor-refused');
});

test('an admin opens the monitor of a proctored exam from its page', async ({ page, request }) => {
  test.setTimeout(60_000);
  const sitting = await createProctoredSitting(request, 'admin');
  const student = await startSitting(request, sitting);
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(`/admin/exam/${sitting.examId}`);
    await page.getByRole('link', { name: 'Open monitor' }).click();

    await expect(page).toHaveURL(new RegExp(`/admin/exam/exam-ui\\?examId=${sitting.examId}$`));
    await isLive(page);
    await expect(page.getByText(sitting.title)).toBeVisible();
    await expect(tileOf(page, sitting.rollNumber)).toContainText('Asha Patel');
    await expect(page.getByRole('link', { name: 'Back to the exam' })).toHaveAttribute(
      'href',
      `/admin/exam/${sitting.examId}`,
    );
  } finally {
    student.stop();
  }
});

test('the monitor without an exam says its sitting is a demonstration', async ({ page }) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/exam/exam-ui');

  await expect(page.getByText('Demonstration', { exact: true })).toBeVisible();
  await expect(
    page.getByText('the candidates, alerts and messages below are generated, not a real sitting'),
  ).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
});
