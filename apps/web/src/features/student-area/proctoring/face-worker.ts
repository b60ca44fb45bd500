import { Human } from '@vladmandic/human';
import type { FaceCountReply, FaceCountRequest } from './face-detector';

/**
 * Counts the faces in camera frames with Human's BlazeFace detector, off the page's thread. The
 * model is served by our own origin (copied out of the package at build time); frames never leave
 * the browser. Only the detector runs: mesh, iris, emotion, description, body and hands are off.
 */
const human = new Human({
  modelBasePath: new URL('/models/human/', self.location.origin).href,
  backend: 'webgl',
  cacheModels: false,
  debug: false,
  warmup: 'none',
  // Every frame is read afresh: Human's cache would repeat a previous frame's faces.
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  face: {
    enabled: true,
    detector: {
      modelPath: 'blazeface.json',
      rotation: false,
      maxDetected: 10,
      minConfidence: 0.5,
      skipFrames: 0,
      skipTime: 0,
    },
    mesh: { enabled: false },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
});

let ready: Promise<void> | null = null;

/** WebGL where the worker has it (OffscreenCanvas); the CPU backend where it does not. */
async function load() {
  try {
    await human.load();
  } catch {
    human.config.backend = 'cpu';
    await human.init();
    await human.load();
  }
}

self.onmessage = async ({ data }: MessageEvent<FaceCountRequest>) => {
  let reply: FaceCountReply;
  try {
    ready ??= load();
    await ready;
    const result = await human.detect(data.frame);
    reply = { id: data.id, faces: result.face.length };
  } catch (error) {
    reply = { id: data.id, error: error instanceof Error ? error.message : String(error) };
  } finally {
    data.frame.close();
  }
  self.postMessage(reply);
};
