import { systemCheckPassed } from '@examiq/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  CHECK_MESSAGES,
  CHECK_TIMEOUT_MS,
  type CheckDevices,
  runSystemCheck,
  systemCheckOf,
} from './system-check';

const domError = (name: string) => Object.assign(new Error(name), { name });

function fakeStream(kinds: string[]) {
  const tracks = kinds.map((kind) => ({ kind, stop: vi.fn() }));
  return { tracks, stream: { getTracks: () => tracks } as unknown as MediaStream };
}

/** A browser whose camera, microphone, fullscreen and server each work unless told otherwise. */
function devices({
  camera = null as Error | null,
  microphone = null as Error | null,
  ...overrides
}: Partial<CheckDevices> & { camera?: Error | null; microphone?: Error | null } = {}) {
  const opened: ReturnType<typeof fakeStream>[] = [];
  const getUserMedia = vi.fn(async ({ video, audio }: MediaStreamConstraints) => {
    if (video && camera) throw camera;
    if (audio && microphone) throw microphone;
    const media = fakeStream([...(video ? ['video'] : []), ...(audio ? ['audio'] : [])]);
    opened.push(media);
    return media.stream;
  });
  const fake: CheckDevices = {
    getUserMedia,
    fullscreenEnabled: true,
    requestFullscreen: vi.fn(async () => {}),
    onLine: true,
    reachServer: vi.fn(async () => ({})),
    ...overrides,
  };
  return { fake, opened, getUserMedia };
}

describe('the system check', () => {
  it('passes with a camera, a microphone, fullscreen and the server reached', async () => {
    const { fake, opened } = devices();
    const outcome = await runSystemCheck(fake);
    expect(systemCheckOf(outcome.parts)).toEqual({
      camera: true,
      microphone: true,
      fullscreen: true,
      connection: true,
    });
    expect(systemCheckPassed(systemCheckOf(outcome.parts))).toBe(true);
    // One request for both, so the browser asks once; its stream is handed on.
    expect(opened).toHaveLength(1);
    expect(outcome.stream).toBe(opened[0]?.stream);
  });

  it('asks for fullscreen before anything else, while the click still allows it', async () => {
    const order: string[] = [];
    const { fake } = devices({
      requestFullscreen: async () => {
        order.push('fullscreen');
      },
      reachServer: async () => order.push('server'),
    });
    const getUserMedia = fake.getUserMedia;
    fake.getUserMedia = (constraints) => {
      order.push('media');
      return getUserMedia?.(constraints) as Promise<MediaStream>;
    };
    await runSystemCheck(fake);
    expect(order[0]).toBe('fullscreen');
  });

  it.each([
    ['NotAllowedError', CHECK_MESSAGES.cameraRefused],
    ['SecurityError', CHECK_MESSAGES.cameraRefused],
    ['NotFoundError', CHECK_MESSAGES.cameraMissing],
    ['NotReadableError', CHECK_MESSAGES.cameraBusy],
  ])(
    'says why the camera failed (%s), and keeps the microphone that worked',
    async (name, message) => {
      const { fake, opened } = devices({ camera: domError(name) });
      const outcome = await runSystemCheck(fake);
      expect(outcome.parts.camera).toEqual({ passed: false, message });
      expect(outcome.parts.microphone).toEqual({ passed: true });
      expect(outcome.stream).toBeNull();
      // The microphone opened only to tell which device failed is closed again.
      expect(
        opened.flatMap((media) => media.tracks).every((track) => track.stop.mock.calls.length > 0),
      ).toBe(true);
    },
  );

  it.each([
    ['NotAllowedError', CHECK_MESSAGES.microphoneRefused],
    ['NotFoundError', CHECK_MESSAGES.microphoneMissing],
    ['AbortError', CHECK_MESSAGES.microphoneBusy],
  ])('says why the microphone failed (%s), and keeps the camera', async (name, message) => {
    const { fake, opened } = devices({ microphone: domError(name) });
    const outcome = await runSystemCheck(fake);
    expect(outcome.parts.microphone).toEqual({ passed: false, message });
    expect(outcome.parts.camera).toEqual({ passed: true });
    expect(outcome.stream).toBe(opened.find((media) => media.tracks[0]?.kind === 'video')?.stream);
  });

  it('says when the page cannot use media devices at all', async () => {
    const { fake } = devices({ getUserMedia: undefined });
    const { parts } = await runSystemCheck(fake);
    expect(parts.camera).toEqual({ passed: false, message: CHECK_MESSAGES.mediaUnsupported });
    expect(parts.microphone).toEqual({ passed: false, message: CHECK_MESSAGES.mediaUnsupported });
  });

  it('says when fullscreen is refused, or not available', async () => {
    const refused = devices({ requestFullscreen: () => Promise.reject(new TypeError('denied')) });
    expect((await runSystemCheck(refused.fake)).parts.fullscreen).toEqual({
      passed: false,
      message: CHECK_MESSAGES.fullscreenRefused,
    });
    const unavailable = devices({ fullscreenEnabled: false });
    expect((await runSystemCheck(unavailable.fake)).parts.fullscreen).toEqual({
      passed: false,
      message: CHECK_MESSAGES.fullscreenUnsupported,
    });
    expect(unavailable.fake.requestFullscreen).not.toHaveBeenCalled();
  });

  it('says when the device is offline, or the server cannot be reached', async () => {
    const offline = devices({ onLine: false });
    expect((await runSystemCheck(offline.fake)).parts.connection).toEqual({
      passed: false,
      message: CHECK_MESSAGES.offline,
    });
    expect(offline.fake.reachServer).not.toHaveBeenCalled();
    const unreachable = devices({ reachServer: () => Promise.reject(new Error('Network Error')) });
    const outcome = await runSystemCheck(unreachable.fake);
    expect(outcome.parts.connection).toEqual({
      passed: false,
      message: CHECK_MESSAGES.serverUnreachable,
    });
    expect(systemCheckPassed(systemCheckOf(outcome.parts))).toBe(false);
  });

  it('never waits forever for fullscreen or the server', async () => {
    vi.useFakeTimers();
    const { fake } = devices({
      requestFullscreen: () => new Promise(() => {}),
      reachServer: () => new Promise(() => {}),
    });
    const outcome = runSystemCheck(fake);
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS);
    const { parts } = await outcome;
    vi.useRealTimers();
    expect(parts.fullscreen).toEqual({ passed: false, message: CHECK_MESSAGES.fullscreenRefused });
    expect(parts.connection).toEqual({ passed: false, message: CHECK_MESSAGES.serverUnreachable });
    expect(parts.camera).toEqual({ passed: true });
  });
});
