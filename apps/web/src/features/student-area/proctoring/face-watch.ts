import type { ProctorEvent } from '@examiq/contracts';
import { cameraFrames } from './camera';
import { FaceDetector } from './face-detector';
import { SustainedFaces } from './sustained-faces';

/** One reading a second: within the 1-2 frames a second a phone's processor can spare. */
export const FACE_READING_MS = 1_000;

/**
 * Reads the camera's faces once a second in a worker and hands on the face signals that held
 * for the sustained window. `toInstant` dates a performance.now() moment. Gives the function
 * that stops it.
 */
export function watchFaces(
  camera: MediaStream,
  onSignal: (event: ProctorEvent) => void,
  toInstant: (at: number) => string,
): () => void {
  const detector = new FaceDetector();
  const rule = new SustainedFaces(toInstant);
  let stopped = false;
  let reading = false;
  let failures = 0;

  const read = async () => {
    if (reading || stopped) return;
    reading = true;
    try {
      const video = await cameraFrames(camera);
      const at = performance.now();
      const frame = await createImageBitmap(video, { resizeWidth: 320 });
      const signal = rule.observe(await detector.count(frame), at);
      if (signal && !stopped) onSignal(signal);
      failures = 0;
    } catch (error) {
      rule.reset();
      // Said once, not every second: a browser that cannot run the detector keeps failing.
      if (failures++ === 0 && !stopped) console.error('Face detection failed:', error);
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => void read(), FACE_READING_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    detector.close();
  };
}
