import { findChromium } from '../../../../scripts/chromium.mjs';

/** CHROMIUM_PATH, the system's or Playwright's own; `npm test` gets one first when there is none. */
export const chromium = findChromium();

/**
 * How the browser tests and the benchmarks launch it. The flags keep it from reaching out to
 * Google's services, which a closed network refuses many times a second.
 */
export const chromiumLaunchOptions = {
  executablePath: chromium.path,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
