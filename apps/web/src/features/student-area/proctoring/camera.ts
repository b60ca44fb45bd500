/**
 * The attempt's one camera stream: opened by the lobby's system check (or by the attempt page
 * after a reload) and shared by the preview, the face detector, the proctors' video and the
 * snapshots. Small on purpose (320×240 at 5 fps): the proctors watch dozens of tiles at once.
 */
export const CAMERA_VIDEO: MediaTrackConstraints = {
  width: { ideal: 320 },
  height: { ideal: 240 },
  frameRate: { ideal: 5, max: 5 },
};

let stream: MediaStream | null = null;
let video: HTMLVideoElement | null = null;

const live = (candidate: MediaStream | null) =>
  candidate?.getVideoTracks().some((track) => track.readyState === 'live') ? candidate : null;

/** The camera stream, while its video is live. */
export function currentCamera(): MediaStream | null {
  return live(stream);
}

/** Keeps a stream the system check opened: its video only (the microphone was only checked). */
export function keepCamera(opened: MediaStream) {
  for (const track of opened.getAudioTracks()) track.stop();
  if (stream && stream !== opened) closeCamera();
  stream = new MediaStream(opened.getVideoTracks());
}

/** The camera, opened again when the stream was lost (a reload) or stopped. */
export async function openCamera(): Promise<MediaStream> {
  const current = currentCamera();
  if (current) return current;
  keepCamera(await navigator.mediaDevices.getUserMedia({ video: CAMERA_VIDEO }));
  return stream as MediaStream;
}

/**
 * A video element playing the stream, off the page: the face detector and the snapshots read
 * frames from it. Resolves once it has a frame.
 */
export async function cameraFrames(camera: MediaStream): Promise<HTMLVideoElement> {
  if (video?.srcObject !== camera) {
    video ??= Object.assign(document.createElement('video'), { muted: true, playsInline: true });
    video.srcObject = camera;
  }
  const element = video;
  await element.play();
  if (element.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) {
    await new Promise((resolve) => element.addEventListener('loadeddata', resolve, { once: true }));
  }
  return element;
}

/** The attempt is over, or the student left it: the camera light goes off. */
export function closeCamera() {
  for (const track of stream?.getTracks() ?? []) track.stop();
  stream = null;
  if (video) video.srcObject = null;
}
