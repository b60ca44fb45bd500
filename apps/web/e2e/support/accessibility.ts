import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

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
  // Legacy mode runs axe once in the page; the default runs it per frame and then again in a new
  // blank page, twice the time for pages that have no frames (the app has none).
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
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

/** Full-page screenshots at both widths, named `<name>-phone.png` and `<name>-desktop.png`. */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
}
