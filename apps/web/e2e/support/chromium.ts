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

/**
 * Chromium's fake camera and microphone (a moving test pattern, with no face), allowed without
 * a prompt; host candidates by address rather than mDNS name, which a closed network cannot
 * resolve, so two pages of one machine connect their camera directly.
 */
export const fakeMediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ],
};
