import { SNAPSHOT_LIMITS } from '@examiq/contracts';

const WIDTH = 320;
const HEIGHT = 240;
const FIRST_QUALITY = 0.6;

/**
 * A still of the camera for a proctor's tile when its video cannot connect: a 320×240 JPEG data
 * URL at quality 0.6, lowered until it fits `SNAPSHOT_LIMITS.maxChars`; null if nothing fits.
 */
export function snapshotOf(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement = document.createElement('canvas'),
): string | null {
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, WIDTH, HEIGHT);
  for (let step = 0; step < 6; step += 1) {
    const image = canvas.toDataURL('image/jpeg', FIRST_QUALITY - step * 0.1);
    if (image.length <= SNAPSHOT_LIMITS.maxChars) return image;
  }
  return null;
}
