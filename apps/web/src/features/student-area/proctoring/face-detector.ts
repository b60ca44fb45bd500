export interface FaceCountRequest {
  id: number;
  /** Transferred to the worker, which closes it. */
  frame: ImageBitmap;
}

export type FaceCountReply = { id: number; faces: number } | { id: number; error: string };

/**
 * How long a frame may wait for its count, the model's loading included: a worker whose model
 * download stalls (a fetch on a dropped connection may never settle) would otherwise end the
 * face check for the rest of the attempt.
 */
export const FACE_ANSWER_MS = 30_000;

/**
 * Counts faces in frames with the worker's detector. The worker and its model load only when a
 * proctored attempt creates one, so nothing of them is in any other page's load.
 */
export class FaceDetector {
  private readonly worker = new Worker(new URL('./face-worker.ts', import.meta.url), {
    type: 'module',
  });
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (faces: number) => void; reject: (error: Error) => void }
  >();

  constructor() {
    this.worker.onmessage = ({ data }: MessageEvent<FaceCountReply>) => {
      const call = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if ('faces' in data) call?.resolve(data.faces);
      else call?.reject(new Error(data.error));
    };
    this.worker.onerror = (event) => {
      for (const call of this.waiting.values()) call.reject(new Error(event.message));
      this.waiting.clear();
    };
  }

  /**
   * The faces in one frame; the frame is handed to the worker (and unusable here afterwards).
   * Fails when the worker has not answered within `FACE_ANSWER_MS`.
   */
  count(frame: ImageBitmap): Promise<number> {
    const id = this.nextId++;
    const request: FaceCountRequest = { id, frame };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(request, [frame]);
      setTimeout(() => {
        this.waiting.get(id)?.reject(new Error('The face detector did not answer'));
        this.waiting.delete(id);
      }, FACE_ANSWER_MS);
    });
  }

  close() {
    this.worker.terminate();
    for (const call of this.waiting.values()) call.reject(new Error('The detector was closed'));
    this.waiting.clear();
  }
}
