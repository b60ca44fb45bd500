import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium, findHeadlessShell } from '../../../../scripts/chromium.mjs';

/** CHROMIUM_PATH, the system's or Playwright's own; `npm test` gets one first when there is none. */
export const chromium = findChromium();

/**
 * How the whole browser is launched: by the tests of full screen, the camera and the PDF viewer,
 * and by the benchmarks. The flags keep it from reaching out to Google's services, which a closed
 * network refuses many times a second.
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

/** How every other browser test launches it: the headless shell where there is one. */
export const testLaunchOptions = {
  ...chromiumLaunchOptions,
  executablePath: findHeadlessShell() ?? chromium.path,
};

/**
 * What the fake camera films: an empty grey room, 320×240, as one YUV 4:2:0 frame that Chromium
 * plays in a loop. Its own test pattern is read as a face in about one frame in four, which
 * would make a test of the face check depend on luck.
 */
function emptyRoomVideo(): string {
  const [width, height] = [320, 240];
  const path = join(tmpdir(), `examiq-empty-room-${width}x${height}.y4m`);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const luma = Buffer.alloc(width * height, 128);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  // Written aside and moved in one step: another test process's browser may be reading it.
  writeFileSync(`${path}.${process.pid}`, Buffer.concat([header, luma, chroma]));
  renameSync(`${path}.${process.pid}`, path);
  return path;
}

/**
 * Chromium's fake camera (an empty room) and microphone, allowed without a prompt; host
 * candidates by address rather than mDNS name, which a closed network cannot resolve, so two
 * pages of one machine connect their camera directly.
 */
export const fakeMediaLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [
    ...chromiumLaunchOptions.args,
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${emptyRoomVideo()}`,
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ],
};
