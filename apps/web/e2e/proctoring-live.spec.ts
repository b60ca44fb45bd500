import { expect, type Locator, type Page, test } from '@playwright/test';
import { fakeMediaLaunchOptions } from './support/chromium';
import { signIn } from './support/session';
import {
  createProctoredSitting,
  FACULTY_PASSWORD,
  startProctoredFromLobby,
} from './support/sittings';

test.use({ launchOptions: fakeMediaLaunchOptions });

/** The countdown's seconds, whether it shows hh:mm:ss or mm:ss. */
const secondsIn = (text: string) =>
  (/(\d+:)?\d\d:\d\d/.exec(text)?.[0] ?? '')
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);

/** Tells the page its tab went to the back and came forward, as the browser does. */
async function switchTabAndBack(page: Page) {
  await page.evaluate(() => {
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    setVisibility('hidden');
    setVisibility('visible');
    Reflect.deleteProperty(document, 'visibilityState');
  });
}

/** The width of the video a camera tile plays, 0 while it plays none. */
const videoWidthOf = (tile: Locator) =>
  tile
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.videoWidth, undefined, { timeout: 1_000 })
    .catch(() => 0);

/** How many frames a camera tile's video has shown: it grows only while video arrives. */
const framesOf = (tile: Locator) =>
  tile
    .locator('video')
    .evaluate(
      (video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames,
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => 0);

test('a student in one browser and the proctor in another: alerts, chat both ways, extra time and the camera', async ({
  browser,
  page: student,
  request,
}) => {
  // Two browsers, a fake camera and a video connection on a two-core machine.
  test.setTimeout(240_000);
  const sitting = await createProctoredSitting(request, 'two-browsers');

  const proctorContext = await browser.newContext();
  const proctor = await proctorContext.newPage();
  try {
    await signIn(proctor, sitting.proctor.email, FACULTY_PASSWORD);
    await expect(proctor).toHaveURL(/\/faculty$/);
    await proctor.goto(`/faculty/exams/${sitting.examId}/monitor`);
    await expect(proctor.getByText('Live', { exact: true })).toBeVisible();
    const tile = proctor
      .getByRole('region', { name: 'Candidates' })
      .getByRole('listitem')
      .filter({ hasText: sitting.rollNumber });
    await expect(tile).toBeVisible();

    await startProctoredFromLobby(student, sitting);
    const alerts = proctor.getByRole('tabpanel', { name: 'Alerts' }).getByRole('listitem');

    // The student's page reports its signals with the next heartbeat (every 5 s): the proctor
    // sees each within 2 s of that report.
    const reported = student.waitForResponse(
      (response) =>
        response.url().includes('/api/student/report-events/') &&
        response.ok() &&
        (response.request().postData() ?? '').includes('TAB_HIDDEN'),
      { timeout: 20_000 },
    );
    await switchTabAndBack(student);
    const tabAlert = alerts.filter({ hasText: 'Switched away from the exam tab' });
    await reported;
    const reportedAt = Date.now();
    await expect(tabAlert).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - reportedAt).toBeLessThan(2_000);

    await student.evaluate(() => document.exitFullscreen());
    await expect(student.getByRole('button', { name: 'Return to fullscreen' })).toBeVisible();
    await expect(alerts.filter({ hasText: 'Left fullscreen' })).toBeVisible({ timeout: 10_000 });
    await expect(tabAlert).toContainText('Asha Patel');

    // The camera tile plays the student's camera, sent straight from the student's browser.
    await expect.poll(() => videoWidthOf(tile), { timeout: 30_000 }).toBeGreaterThan(0);

    // A second monitor of the same proctor gets its own connection; the first keeps its video.
    const second = await proctorContext.newPage();
    await second.goto(`/faculty/exams/${sitting.examId}/monitor`);
    const secondTile = second
      .getByRole('region', { name: 'Candidates' })
      .getByRole('listitem')
      .filter({ hasText: sitting.rollNumber });
    await expect.poll(() => videoWidthOf(secondTile), { timeout: 30_000 }).toBeGreaterThan(0);
    await proctor.waitForTimeout(3_000);
    const framesBefore = await framesOf(tile);
    await expect.poll(() => framesOf(tile), { timeout: 5_000 }).toBeGreaterThan(framesBefore);
    await second.close();

    // Chat: the proctor writes, the student reads and answers, the proctor reads the answer.
    await proctor.getByRole('button', { name: 'Message Asha Patel' }).click();
    const toStudent = proctor.getByRole('textbox', { name: 'Message to Asha Patel' });
    await toStudent.fill('Please come back to fullscreen.');
    await toStudent.press('Enter');
    const chatButton = student.getByRole('button', { name: /Proctor chat/ });
    await expect(chatButton).toContainText('1');
    await chatButton.click();
    const chat = student.getByRole('region', { name: 'Chat with your proctors' });
    await expect(chat.getByRole('list', { name: 'Messages' })).toContainText(
      'Please come back to fullscreen.',
    );
    const toProctor = chat.getByRole('textbox', { name: 'Message to your proctors' });
    await toProctor.fill('Sorry, I pressed Escape by mistake.');
    await toProctor.press('Enter');
    await expect(proctor.getByRole('log', { name: 'Conversation with Asha Patel' })).toContainText(
      'Sorry, I pressed Escape by mistake.',
    );

    // Extra time from the monitor moves the student's countdown.
    const timeLeft = student.getByTestId('time-left');
    const before = secondsIn(await timeLeft.innerText());
    await proctor.getByRole('button', { name: 'Actions for Asha Patel' }).click();
    const actions = proctor.getByRole('dialog', { name: 'Asha Patel' });
    await actions.getByRole('button', { name: /^Grant extra time/ }).click();
    const extraTime = proctor.getByRole('dialog', { name: 'Extra time for Asha Patel' });
    await extraTime.getByLabel('Total extra time (minutes)').fill('15');
    await extraTime.getByRole('button', { name: 'Grant extra time' }).click();
    await expect
      .poll(async () => secondsIn(await timeLeft.innerText()))
      .toBeGreaterThan(before + 14 * 60);
  } finally {
    await proctorContext.close();
  }
});
