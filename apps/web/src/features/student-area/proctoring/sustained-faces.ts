import { PROCTORING_LIMITS, type ProctorEvent } from '@examiq/contracts';

type FaceSignal = 'NO_FACE' | 'MULTIPLE_FACES';

/**
 * A different reading must last this long to end a condition: detectors disagree on single frames,
 * and one frame that misses a face must neither start a signal nor restart one already held.
 */
export const FACE_GRACE_MS = 2_000;

const signalOf = (faces: number): FaceSignal | null =>
  faces === 0 ? 'NO_FACE' : faces > 1 ? 'MULTIPLE_FACES' : null;

/**
 * Turns face counts read from the camera into signals worth a proctor's time: `NO_FACE` or
 * `MULTIPLE_FACES` only once the condition has held for `PROCTORING_LIMITS.faceSustainedMs`, once
 * per episode, dated when it began. Times are the caller's monotonic milliseconds; `toInstant`
 * turns them into the event's ISO time.
 */
export class SustainedFaces {
  private condition: FaceSignal | null = null;
  private since = 0;
  private lastSeen = Number.NEGATIVE_INFINITY;
  private reported = false;
  /** When a reading unlike the condition was first seen since the condition's last reading. */
  private differentSince: number | null = null;

  constructor(
    private readonly toInstant: (at: number) => string,
    private readonly sustainedMs: number = PROCTORING_LIMITS.faceSustainedMs,
  ) {}

  /** One reading: how many faces were seen at `at`. Gives the signal to report, if one is due. */
  observe(faces: number, at: number): ProctorEvent | null {
    const signal = signalOf(faces);
    if (signal === this.condition) {
      this.lastSeen = at;
      this.differentSince = null;
    } else {
      this.differentSince ??= at;
      if (at - this.lastSeen < FACE_GRACE_MS) return null;
      this.condition = signal;
      this.since = this.differentSince;
      this.lastSeen = at;
      this.reported = false;
      this.differentSince = null;
    }
    const heldMs = at - this.since;
    if (!this.condition || this.reported || heldMs < this.sustainedMs) return null;
    this.reported = true;
    return {
      type: this.condition,
      at: this.toInstant(this.since),
      detail: { faces, heldMs: Math.round(heldMs) },
    };
  }

  /** The camera stopped or detection paused: what was held so far no longer counts. */
  reset() {
    this.condition = null;
    this.lastSeen = Number.NEGATIVE_INFINITY;
    this.reported = false;
    this.differentSince = null;
  }
}
