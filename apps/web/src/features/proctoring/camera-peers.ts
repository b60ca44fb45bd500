import type { ClientMessage, SignalPayload } from '@examiq/contracts';

/**
 * The monitor's side of the camera tiles (docs/realtime.md): it offers a receive-only video
 * connection to each student sitting the exam and connected, relays its ICE candidates over the
 * live channel, and offers again to one whose connection is not up 15 s after an offer. A
 * connection that drops to `disconnected` often comes back by itself (a missed ICE consent check
 * on a busy machine): its tile keeps the video and it gets a few seconds before a new offer.
 */

/** How long an offer has to connect, and the least time between two offers to one student. */
export const REOFFER_AFTER_MS = 15_000;
/** How often the connections are looked over for one to offer again. */
const CHECK_EVERY_MS = 1_000;
/** How long a `disconnected` connection has to come back before the monitor offers again. */
export const DISCONNECTED_GRACE_MS = 5_000;

export interface CameraPeersOptions {
  examId: string;
  /** The relays of the latest `ready`; read at each offer, since a reconnect may change them. */
  iceServers: () => RTCIceServer[];
  send: (message: ClientMessage) => void;
  /** Whether the live channel is up: an offer made while it is down would only queue. */
  online: () => boolean;
  /** The connected students' video, by student account, after every change. */
  onChange: (streams: ReadonlyMap<string, MediaStream>) => void;
  /** The browser's RTCPeerConnection; tests give their own. */
  createPeer?: (configuration: RTCConfiguration) => RTCPeerConnection;
  /** This monitor's id in its signals; a fresh one by default. */
  monitorId?: string;
}

export interface CameraPeers {
  /** The student accounts to show: offers to new ones, closes the connections of the others. */
  watch(userIds: readonly string[]): void;
  /**
   * A signal a student sent back: its answer or one of its ICE candidates. One meant for another
   * monitor of this account (`peer`, the monitor it answers) is not this one's.
   */
  onSignal(from: string, signal: SignalPayload, peer?: string): void;
  /** Closes every connection (the monitor is leaving). */
  close(): void;
}

interface Peer {
  connection: RTCPeerConnection;
  offeredAt: number;
  /** When the connection last went from up to `disconnected`; null while it is not. */
  disconnectedAt: number | null;
  stream: MediaStream | null;
  /** ICE candidates that came before the answer: a connection takes them only after it. */
  waitingCandidates: RTCIceCandidateInit[];
}

export function openCameraPeers({
  examId,
  iceServers,
  send,
  online,
  onChange,
  createPeer = (configuration) => new RTCPeerConnection(configuration),
  monitorId = crypto.randomUUID(),
}: CameraPeersOptions): CameraPeers {
  const peers = new Map<string, Peer>();
  let watched: readonly string[] = [];
  let closed = false;

  const streams = () => {
    const connected = new Map<string, MediaStream>();
    for (const [userId, peer] of peers) {
      const state = peer.connection.connectionState;
      if (peer.stream && (state === 'connected' || state === 'disconnected')) {
        connected.set(userId, peer.stream);
      }
    }
    return connected;
  };
  const changed = () => {
    if (!closed) onChange(streams());
  };

  const signal = (to: string, payload: SignalPayload) =>
    send({ type: 'signal', examId, to, peer: monitorId, signal: payload });

  function drop(userId: string) {
    const peer = peers.get(userId);
    if (!peer) return;
    peers.delete(userId);
    peer.connection.close();
    if (peer.stream) changed();
  }

  function offer(userId: string, now: number) {
    drop(userId);
    const connection = createPeer({ iceServers: iceServers() });
    const peer: Peer = {
      connection,
      offeredAt: now,
      disconnectedAt: null,
      stream: null,
      waitingCandidates: [],
    };
    peers.set(userId, peer);
    // A connection replaced or closed since has nothing more to say.
    const current = () => peers.get(userId) === peer;
    connection.addTransceiver('video', { direction: 'recvonly' });
    connection.onicecandidate = ({ candidate }) => {
      if (!candidate || !current()) return;
      // What the candidate's toJSON() holds, field by field: the channel takes no other key.
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      signal(userId, {
        kind: 'ice',
        candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
      });
    };
    connection.ontrack = ({ track, streams: [stream] }) => {
      if (!current()) return;
      peer.stream = stream ?? new MediaStream([track]);
      changed();
    };
    connection.onconnectionstatechange = () => {
      if (!current()) return;
      const state = connection.connectionState;
      peer.disconnectedAt = state === 'disconnected' ? Date.now() : null;
      changed();
      if (state !== 'connected' && state !== 'disconnected') check();
    };
    connection
      .createOffer()
      .then((description) => connection.setLocalDescription(description))
      .then(() => {
        const sdp = connection.localDescription?.sdp;
        if (sdp && current()) signal(userId, { kind: 'offer', sdp });
      })
      // An offer that cannot be made is made again after the usual wait.
      .catch(() => undefined);
  }

  /** Offers to each watched student without a connection, or whose connection is not up in time. */
  function check() {
    if (closed || !online()) return;
    const now = Date.now();
    for (const userId of watched) {
      const peer = peers.get(userId);
      if (!peer) {
        offer(userId, now);
        continue;
      }
      const state = peer.connection.connectionState;
      const waitedLongEnough =
        state === 'disconnected'
          ? now - (peer.disconnectedAt ?? now) >= DISCONNECTED_GRACE_MS
          : state !== 'connected';
      if (waitedLongEnough && now - peer.offeredAt >= REOFFER_AFTER_MS) offer(userId, now);
    }
  }

  async function onAnswer(peer: Peer, sdp: string) {
    // An answer to an offer replaced since is not for this connection.
    if (peer.connection.signalingState !== 'have-local-offer') return;
    await peer.connection.setRemoteDescription({ type: 'answer', sdp });
    const waiting = peer.waitingCandidates;
    peer.waitingCandidates = [];
    await Promise.all(waiting.map((candidate) => peer.connection.addIceCandidate(candidate)));
  }

  const timer = setInterval(check, CHECK_EVERY_MS);

  return {
    watch(userIds) {
      watched = userIds;
      for (const userId of [...peers.keys()]) if (!userIds.includes(userId)) drop(userId);
      check();
    },
    onSignal(from, payload, answering) {
      const peer = peers.get(from);
      if (!peer || closed || (answering !== undefined && answering !== monitorId)) return;
      if (payload.kind === 'answer') {
        onAnswer(peer, payload.sdp).catch(() => undefined);
      } else if (payload.kind === 'ice') {
        if (peer.connection.remoteDescription) {
          peer.connection.addIceCandidate(payload.candidate).catch(() => undefined);
        } else {
          peer.waitingCandidates.push(payload.candidate);
        }
      }
    },
    close() {
      closed = true;
      clearInterval(timer);
      for (const peer of peers.values()) peer.connection.close();
      peers.clear();
    },
  };
}
