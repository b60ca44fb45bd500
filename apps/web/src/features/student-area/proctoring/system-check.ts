import type { SystemCheck } from '@examiq/contracts';
import { apiClient } from '@/lib/api-client';
import { CAMERA_VIDEO } from './camera';

export type CheckPart = keyof SystemCheck;

export type PartOutcome = { passed: true } | { passed: false; message: string };

export interface SystemCheckOutcome {
  parts: Record<CheckPart, PartOutcome>;
  /** The camera and microphone as opened, when they were. */
  stream: MediaStream | null;
}

export const CHECK_PARTS: readonly CheckPart[] = [
  'camera',
  'microphone',
  'fullscreen',
  'connection',
];

export const CHECK_MESSAGES = {
  cameraRefused:
    'Camera permission was refused. Allow the camera for this site in your browser’s address bar or settings, then check again.',
  cameraMissing: 'No camera was found. Connect a camera, then check again.',
  cameraBusy:
    'The camera could not be started: another application may be using it. Close it, then check again.',
  microphoneRefused:
    'Microphone permission was refused. Allow the microphone for this site in your browser’s address bar or settings, then check again.',
  microphoneMissing: 'No microphone was found. Connect a microphone, then check again.',
  microphoneBusy:
    'The microphone could not be started: another application may be using it. Close it, then check again.',
  mediaUnsupported:
    'This browser cannot use a camera and microphone on this page. Use a current Chrome, Edge, Firefox or Safari.',
  fullscreenRefused: 'Fullscreen was refused. Check again and allow fullscreen.',
  fullscreenUnsupported:
    'This browser does not allow fullscreen here. Use a current desktop browser, not an embedded view.',
  offline: 'You are offline. Connect to the internet, then check again.',
  serverUnreachable:
    'The exam server could not be reached. Check your connection, then check again.',
} as const;

/** What the check uses of the browser: the real one, or a test's stand-in. */
export interface CheckDevices {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  fullscreenEnabled: boolean;
  requestFullscreen: () => Promise<void>;
  onLine: boolean;
  /** Reaches the exam server; rejects when it cannot. */
  reachServer: () => Promise<unknown>;
}

/** Fullscreen and the server answer at once or not at all: the check never waits forever. */
export const CHECK_TIMEOUT_MS = 10_000;

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No answer in time')), CHECK_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

const passed: PartOutcome = { passed: true };
const failed = (message: string): PartOutcome => ({ passed: false, message });

function deviceFailure(error: unknown, device: 'camera' | 'microphone'): PartOutcome {
  const name = error instanceof Error ? error.name : '';
  const [refused, missing, busy] =
    device === 'camera'
      ? [CHECK_MESSAGES.cameraRefused, CHECK_MESSAGES.cameraMissing, CHECK_MESSAGES.cameraBusy]
      : [
          CHECK_MESSAGES.microphoneRefused,
          CHECK_MESSAGES.microphoneMissing,
          CHECK_MESSAGES.microphoneBusy,
        ];
  if (name === 'NotAllowedError' || name === 'SecurityError') return failed(refused);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return failed(missing);
  return failed(busy);
}

/** Asks for both at once (one prompt); when that fails, each alone, to say which one failed. */
async function checkMedia(devices: CheckDevices) {
  const { getUserMedia } = devices;
  if (!getUserMedia) {
    const unsupported = failed(CHECK_MESSAGES.mediaUnsupported);
    return { camera: unsupported, microphone: unsupported, stream: null };
  }
  try {
    const stream = await getUserMedia({ video: CAMERA_VIDEO, audio: true });
    return { camera: passed, microphone: passed, stream };
  } catch {
    const [video, audio] = await Promise.allSettled([
      getUserMedia({ video: CAMERA_VIDEO }),
      getUserMedia({ audio: true }),
    ]);
    if (audio.status === 'fulfilled') for (const track of audio.value.getTracks()) track.stop();
    return {
      camera: video.status === 'fulfilled' ? passed : deviceFailure(video.reason, 'camera'),
      microphone: audio.status === 'fulfilled' ? passed : deviceFailure(audio.reason, 'microphone'),
      stream: video.status === 'fulfilled' ? video.value : null,
    };
  }
}

async function checkFullscreen(fullscreen: Promise<void> | null): Promise<PartOutcome> {
  if (!fullscreen) return failed(CHECK_MESSAGES.fullscreenUnsupported);
  try {
    await withinTimeout(fullscreen);
    return passed;
  } catch {
    return failed(CHECK_MESSAGES.fullscreenRefused);
  }
}

async function checkConnection(devices: CheckDevices): Promise<PartOutcome> {
  if (!devices.onLine) return failed(CHECK_MESSAGES.offline);
  try {
    await withinTimeout(devices.reachServer());
    return passed;
  } catch {
    return failed(CHECK_MESSAGES.serverUnreachable);
  }
}

/**
 * The lobby's system check of a proctored exam. Call it from a click: fullscreen is asked for
 * first, while the click still allows it, then the camera and microphone and the connection.
 */
export async function runSystemCheck(devices: CheckDevices): Promise<SystemCheckOutcome> {
  const fullscreen = devices.fullscreenEnabled ? devices.requestFullscreen() : null;
  const [media, fullscreenOutcome, connection] = await Promise.all([
    checkMedia(devices),
    checkFullscreen(fullscreen),
    checkConnection(devices),
  ]);
  return {
    parts: {
      camera: media.camera,
      microphone: media.microphone,
      fullscreen: fullscreenOutcome,
      connection,
    },
    stream: media.stream,
  };
}

/** What the start carries: whether each part passed. */
export function systemCheckOf(parts: SystemCheckOutcome['parts']): SystemCheck {
  const { camera, microphone, fullscreen, connection } = parts;
  return {
    camera: camera.passed,
    microphone: microphone.passed,
    fullscreen: fullscreen.passed,
    connection: connection.passed,
  };
}

/** This browser's devices; the server is reached through its health check. */
export function browserDevices(): CheckDevices {
  const media = navigator.mediaDevices;
  return {
    getUserMedia: media?.getUserMedia
      ? (constraints) => media.getUserMedia(constraints)
      : undefined,
    fullscreenEnabled: document.fullscreenEnabled,
    requestFullscreen: () => document.documentElement.requestFullscreen(),
    onLine: navigator.onLine,
    reachServer: () => apiClient.get('/health'),
  };
}
