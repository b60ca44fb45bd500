import { PROCTORING_LIMITS, type ProctorEvent } from '@examiq/contracts';
import { cameraFrames } from './camera';
import { FaceDetector } from './face-detector';
import { SustainedFaces } from './sustained-faces';

/** One reading a second: within the 1-2 frames a second a phone's processor can spare. */
export const FACE_READING_MS = 1_000;

/**
 * After a failed reading (the model could not load, say offline), a new worker this much later:
 * started at once, it would load the model while still offline.
 */
export const FACE_RETRY_MS = 10_000;

/**
 * Failed readings in a row (the first, then one every `FACE_RETRY_MS`) after which the proctors
 * are told the face check is not running: a model that could not load while briefly offline
 * recovers at the next try and is not worth an alert.
 */
export const FACE_FAILURES_REPORTED = 3;

/**
 * Reads the camera's faces once a second in a worker and hands on the face signals that held
 * for the sustained window, and `FACE_CHECK_FAILED` once per spell of failures. `toInstant`
 * dates a performance.now() moment. Gives the function that stops it.
 */
export function watchFaces(
  camera: MediaStream,
  onSignal: (event: ProctorEvent) => void,
  toInstant: (at: number) => string,
): () => void {
  let detector: FaceDetector | null = null;
  const rule = new SustainedFaces(toInstant);
  let stopped = false;
  let reading = false;
  let failures = 0;
  let failingSince = 0;
  let pausedUntil = 0;

  /** The worker goes; a new one is started at the next reading after the pause. */
  const failed = (error: unknown) => {
    rule.reset();
    detector?.close();
    detector = null;
    pausedUntil = performance.now() + FACE_RETRY_MS;
    failures += 1;
    // Said once a spell, not every time: a browser that cannot run the detector keeps failing.
    if (failures === 1) {
      failingSince = performance.now();
      console.error('Face detection failed:', error);
    }
    if (failures === FACE_FAILURES_REPORTED) {
      const note = error instanceof Error ? error.message : String(error);
      onSignal({
        type: 'FACE_CHECK_FAILED',
        at: toInstant(failingSince),
        detail: note ? { note: note.slice(0, PROCTORING_LIMITS.eventNoteText) } : undefined,
      });
    }
  };

  const read = async () => {
    if (reading || stopped || performance.now() < pausedUntil) return;
    reading = true;
    try {
      const video = await cameraFrames(camera);
      const at = performance.now();
      const frame = await createImageBitmap(video, { resizeWidth: 320 });
      if (stopped) {
        frame.close();
        return;
      }
      detector ??= new FaceDetector();
      const signal = rule.observe(await detector.count(frame), at);
      if (signal && !stopped) onSignal(signal);
      failures = 0;
    } catch (error) {
      if (!stopped) failed(error);
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => void read(), FACE_READING_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    detector?.close();
  };
}
