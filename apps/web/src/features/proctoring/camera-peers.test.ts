import type { ClientMessage } from '@examiq/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CameraPeers,
  DISCONNECTED_GRACE_MS,
  openCameraPeers,
  REOFFER_AFTER_MS,
} from './camera-peers';

const EXAM = '40000000-0000-4000-8000-000000000001';
const ASHA = '51000000-0000-4000-8000-000000000001';
const RAVI = '51000000-0000-4000-8000-000000000002';
const MONITOR = 'monitor-1';
const RELAY = { urls: ['turn:turn.example.edu:3478'], username: 'exam', credential: 'secret' };

/**
 * The browser's side of a connection as the monitor uses it: what it was asked to do, and the
 * events the test fires for it.
 */
class FakePeer {
  static made: FakePeer[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  transceivers: Array<{ kind: string; init: RTCRtpTransceiverInit | undefined }> = [];
  candidates: RTCIceCandidateInit[] = [];
  closed = false;
  onicecandidate: ((event: { candidate: RTCIceCandidate | null }) => void) | null = null;
  ontrack: ((event: { track: MediaStreamTrack; streams: MediaStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly configuration: RTCConfiguration) {
    FakePeer.made.push(this);
  }
  addTransceiver(kind: string, init?: RTCRtpTransceiverInit) {
    this.transceivers.push({ kind, init });
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: `offer ${FakePeer.made.indexOf(this)}` };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.signalingState = 'have-local-offer';
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.signalingState = 'stable';
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  close() {
    this.closed = true;
  }
  becomes(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const candidate = (line: string) =>
  ({ candidate: line, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'frag' }) as RTCIceCandidate;

let sent: ClientMessage[];
let streams: ReadonlyMap<string, MediaStream>;
let online: boolean;
let peers: CameraPeers;

function open() {
  peers = openCameraPeers({
    examId: EXAM,
    iceServers: () => [RELAY],
    send: (message) => sent.push(message),
    online: () => online,
    onChange: (next) => {
      streams = next;
    },
    createPeer: (configuration) => new FakePeer(configuration) as unknown as RTCPeerConnection,
    monitorId: MONITOR,
  });
}

/** Lets the offers' promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const offers = () =>
  sent.filter((message) => message.type === 'signal' && message.signal.kind === 'offer');

beforeEach(() => {
  vi.useFakeTimers();
  FakePeer.made = [];
  sent = [];
  streams = new Map();
  online = true;
  open();
});

afterEach(() => {
  peers.close();
  vi.useRealTimers();
});

describe('the monitor’s camera connections', () => {
  it('offers a receive-only video connection to each watched student, with the relays', async () => {
    peers.watch([ASHA, RAVI]);
    await settle();

    expect(FakePeer.made).toHaveLength(2);
    const [toAsha] = FakePeer.made as [FakePeer];
    expect(toAsha.configuration).toEqual({ iceServers: [RELAY] });
    expect(toAsha.transceivers).toEqual([{ kind: 'video', init: { direction: 'recvonly' } }]);
    expect(offers()).toEqual([
      {
        type: 'signal',
        examId: EXAM,
        to: ASHA,
        peer: MONITOR,
        signal: { kind: 'offer', sdp: 'offer 0' },
      },
      {
        type: 'signal',
        examId: EXAM,
        to: RAVI,
        peer: MONITOR,
        signal: { kind: 'offer', sdp: 'offer 1' },
      },
    ]);
  });

  it('sends its ICE candidates to the student, with only the fields the channel takes', async () => {
    peers.watch([ASHA]);
    await settle();
    FakePeer.made[0]?.onicecandidate?.({
      candidate: { ...candidate('candidate:1 1 udp 1 10.0.0.1 5000 typ host'), toJSON: () => ({}) },
    } as unknown as { candidate: RTCIceCandidate });
    FakePeer.made[0]?.onicecandidate?.({ candidate: null });

    expect(sent.at(-1)).toEqual({
      type: 'signal',
      examId: EXAM,
      to: ASHA,
      peer: MONITOR,
      signal: {
        kind: 'ice',
        candidate: {
          candidate: 'candidate:1 1 udp 1 10.0.0.1 5000 typ host',
          sdpMid: '0',
          sdpMLineIndex: 0,
          usernameFragment: 'frag',
        },
      },
    });
    expect(sent).toHaveLength(2);
  });

  it('takes only the answers meant for it, so another monitor of the same account keeps its own', async () => {
    peers.watch([ASHA]);
    await settle();
    const peer = FakePeer.made[0] as FakePeer;

    peers.onSignal(ASHA, { kind: 'answer', sdp: 'to the other tab' }, 'monitor-2');
    peers.onSignal(ASHA, { kind: 'ice', candidate: candidate('to the other tab') }, 'monitor-2');
    await settle();
    expect(peer.remoteDescription).toBeNull();

    peers.onSignal(ASHA, { kind: 'answer', sdp: 'answer' }, MONITOR);
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
    expect(peer.candidates).toEqual([]);
  });

  it('keeps the student’s ICE candidates that come before the answer until it comes', async () => {
    peers.watch([ASHA]);
    await settle();
    const peer = FakePeer.made[0] as FakePeer;

    peers.onSignal(ASHA, { kind: 'ice', candidate: candidate('early') });
    expect(peer.candidates).toEqual([]);

    peers.onSignal(ASHA, { kind: 'answer', sdp: 'answer' });
    await settle();
    expect(peer.remoteDescription).toEqual({ type: 'answer', sdp: 'answer' });
    expect(peer.candidates.map((c) => c.candidate)).toEqual(['early']);

    peers.onSignal(ASHA, { kind: 'ice', candidate: candidate('late') });
    await settle();
    expect(peer.candidates.map((c) => c.candidate)).toEqual(['early', 'late']);
  });

  it('shows a student’s video once the connection is up, through a drop, until it fails', async () => {
    peers.watch([ASHA]);
    await settle();
    const peer = FakePeer.made[0] as FakePeer;
    const video = { id: 'asha-camera' } as MediaStream;

    peer.ontrack?.({ track: {} as MediaStreamTrack, streams: [video] });
    expect(streams.size).toBe(0);
    peer.becomes('connected');
    expect(streams.get(ASHA)).toBe(video);
    peer.becomes('disconnected');
    expect(streams.get(ASHA)).toBe(video);
    peer.becomes('failed');
    expect(streams.size).toBe(0);
  });

  it('gives a dropped connection 5 s to come back before it offers again', async () => {
    peers.watch([ASHA]);
    await settle();
    const first = FakePeer.made[0] as FakePeer;
    first.becomes('connected');
    await vi.advanceTimersByTimeAsync(60_000);

    first.becomes('disconnected');
    await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS - 1_000);
    first.becomes('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(offers()).toHaveLength(1);
    expect(first.closed).toBe(false);

    first.becomes('disconnected');
    await vi.advanceTimersByTimeAsync(DISCONNECTED_GRACE_MS);
    expect(offers()).toHaveLength(2);
    expect(first.closed).toBe(true);
  });

  it('offers again 15 s after an offer that did not connect, and not before', async () => {
    peers.watch([ASHA]);
    await settle();
    await vi.advanceTimersByTimeAsync(REOFFER_AFTER_MS - 1_000);
    expect(offers()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(offers()).toHaveLength(2);
    expect(FakePeer.made[0]?.closed).toBe(true);
  });

  it('offers again to a connection that fails, at most once every 15 s', async () => {
    peers.watch([ASHA]);
    await settle();
    const first = FakePeer.made[0] as FakePeer;
    first.becomes('connected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(offers()).toHaveLength(1);

    first.becomes('failed');
    await settle();
    expect(offers()).toHaveLength(2);

    (FakePeer.made[1] as FakePeer).becomes('failed');
    await vi.advanceTimersByTimeAsync(REOFFER_AFTER_MS - 1_000);
    expect(offers()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(offers()).toHaveLength(3);
  });

  it('ignores an answer to an offer it replaced', async () => {
    peers.watch([ASHA]);
    await settle();
    await vi.advanceTimersByTimeAsync(REOFFER_AFTER_MS);
    const current = FakePeer.made[1] as FakePeer;
    peers.onSignal(ASHA, { kind: 'answer', sdp: 'answer 1' });
    await settle();
    expect(FakePeer.made[0]?.remoteDescription).toBeNull();
    expect(current.remoteDescription).toEqual({ type: 'answer', sdp: 'answer 1' });

    // A second answer (another tab of this account offered too) finds no offer waiting.
    peers.onSignal(ASHA, { kind: 'answer', sdp: 'answer 2' });
    await settle();
    expect(current.remoteDescription).toEqual({ type: 'answer', sdp: 'answer 1' });
  });

  it('makes no offer while the live channel is down, and offers once it is back', async () => {
    online = false;
    peers.watch([ASHA]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakePeer.made).toHaveLength(0);

    online = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(offers()).toHaveLength(1);
  });

  it('closes the connection of a student no longer watched, and all of them when closed', async () => {
    peers.watch([ASHA, RAVI]);
    await settle();
    const [toAsha, toRavi] = FakePeer.made as [FakePeer, FakePeer];

    peers.watch([RAVI]);
    expect(toAsha.closed).toBe(true);
    expect(toRavi.closed).toBe(false);

    peers.close();
    expect(toRavi.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakePeer.made).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
