import { PROCTORING_LIMITS, type ProctorEvent } from '@examiq/contracts';

type FaceSignal = 'NO_FACE' | 'MULTIPLE_FACES';

/**
 * A different reading must last this long, over two readings at least, to end a condition:
 * detectors disagree on single frames, and one frame that misses a face must neither start a
 * signal nor restart one already held, however far apart a slow processor's readings are.
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
  private reported = false;
  /** A reading unlike the condition, and since when it has been read without a break. */
  private pending: { signal: FaceSignal | null; since: number } | null = null;

  constructor(
    private readonly toInstant: (at: number) => string,
    private readonly sustainedMs: number = PROCTORING_LIMITS.faceSustainedMs,
  ) {}

  /** One reading: how many faces were seen at `at`. Gives the signal to report, if one is due. */
  observe(faces: number, at: number): ProctorEvent | null {
    const signal = signalOf(faces);
    if (signal === this.condition) {
      this.pending = null;
    } else {
      if (this.pending?.signal !== signal) this.pending = { signal, since: at };
      if (at - this.pending.since < FACE_GRACE_MS) return null;
      this.condition = signal;
      this.since = this.pending.since;
      this.reported = false;
      this.pending = null;
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
    this.reported = false;
    this.pending = null;
  }
}
