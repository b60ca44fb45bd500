import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { chromiumLaunchOptions } from './support/chromium';
import { signIn } from './support/session';
import { createProctoredSitting, SITTING_PASSWORD } from './support/sittings';

// A camera the browser has, but no permission for this site: Chromium refuses it.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream'],
  },
});

test('the lobby says the camera was refused and offers no Start', async ({ page, request }) => {
  // Two accessibility checks on a busy two-core machine.
  test.setTimeout(90_000);
  const sitting = await createProctoredSitting(request, 'camera-refused');
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);

  await page.getByRole('button', { name: 'Check my system' }).click();
  await expect(page.getByText(/Camera permission was refused/)).toBeVisible();
  await expect(page.getByText('Fix what failed, then check again to start.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Start exam' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Lobby: system check failed');
  await screenshotsAtBothWidths(page, 'lobby-check-failed');
});
