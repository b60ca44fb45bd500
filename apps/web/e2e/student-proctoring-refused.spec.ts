import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { chromiumLaunchOptions } from './support/chromium';
import { signIn } from './support/session';
import { createSitting, SITTING_PASSWORD } from './support/sittings';

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
  const sitting = await createSitting(request, 'refused', { proctored: true });
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${sitting.examId}`);

  await page.getByRole('button', { name: 'Check my system' }).click();
  await expect(page.getByText(/Camera permission was refused/)).toBeVisible();
  await expect(page.getByText('Fix what failed, then check again to start.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Start exam' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Lobby: system check failed');
  for (const [label, size] of Object.entries(WIDTHS)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `/tmp/examiq-shots/lobby-check-failed-${label}.png` });
  }
});
