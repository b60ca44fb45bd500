import { expect, type Page, test } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.1 A and AA, the rules every screen is held to. */
const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  // Only violations are read: axe then describes no passing node, a fifth less of its time.
  resultTypes: ['violations'],
};

/** The widths every screen is checked at: a desktop and a phone (390 px). */
export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation axe-core finds on the page as it is
 * now, at the page's current width.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A toast sliding in or fading out is half transparent for a moment, and one may start fading
  // while axe is still reading the page: a violation counts only when it is there again once the
  // page's finite animations have ended. A real contrast fault does not go away on its own.
  let serious = await seriousViolations(page);
  if (serious.length > 0) serious = await seriousViolations(page);
  expect(serious, `${label}: accessibility violations`).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Looping animations (skeletons) never end, so only the finite ones are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe-core is run in the page itself, set up once per document. @axe-core/playwright sent its
  // half-megabyte source to the page for every check, twice in its single-frame mode: four
  // hundred milliseconds a check against a hundred for axe's own run, and the app has no frames
  // for its per-frame mode to reach.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const { violations } = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    RUN_OPTIONS,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Checks the page at the desktop and the phone width, leaving it at the desktop width. */
export async function expectAccessibleAtBothWidths(page: Page, label: string): Promise<void> {
  await page.setViewportSize(WIDTHS.phone);
  await expectAccessible(page, `${label} (phone)`);
  await page.setViewportSize(WIDTHS.desktop);
  await expectAccessible(page, `${label} (desktop)`);
}

/**
 * Full-page screenshots at both widths, named `<name>-phone.png` and `<name>-desktop.png`, taken
 * from the top: a page scrolled down draws its sticky header where the viewport stood. The page is
 * brought to the front first: a student's full-screen window that another context's window has
 * since covered may draw no new frame, and a screenshot waits for one (one in ten waited forever).
 */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await page.bringToFront();
  for (const [width, size] of [
    ['phone', WIDTHS.phone],
    ['desktop', WIDTHS.desktop],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}
