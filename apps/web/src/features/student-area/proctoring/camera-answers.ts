import type { ClientMessage, ServerMessage } from '@examiq/contracts';

type SignalMessage = Extract<ServerMessage, { type: 'signal' }>;

interface Peer {
  /** The proctor's account, and the monitor page of it that offered. */
  to: string;
  monitor: string | undefined;
  connection: RTCPeerConnection;
  /** ICE candidates that came before the offer was set. */
  early: RTCIceCandidateInit[] | null;
}

/**
 * The student's side of the proctors' camera tiles: a proctor's monitor offers, this page
 * answers with the camera's video, one connection per monitor page (docs/realtime.md), so two
 * monitors of one proctor each keep theirs. Nothing else of the page is sent; the proctor's side
 * receives only.
 */
export class CameraAnswers {
  private readonly peers = new Map<string, Peer>();

  constructor(
    private readonly examId: string,
    private readonly send: (message: ClientMessage) => void,
    private readonly camera: () => MediaStream | null,
    private readonly iceServers: () => RTCIceServer[],
  ) {}

  /** A relayed signal: an offer (answered), or an ICE candidate of a connection. */
  async onSignal({ examId, from, fromRole, peer: monitor, signal }: SignalMessage) {
    if (examId !== this.examId || fromRole === 'student') return;
    const key = `${from} ${monitor ?? ''}`;
    if (signal.kind === 'offer') {
      await this.answer(key, from, monitor, signal.sdp);
      return;
    }
    if (signal.kind !== 'ice') return;
    const peer = this.peers.get(key);
    if (!peer) return;
    if (peer.early) peer.early.push(signal.candidate);
    else await peer.connection.addIceCandidate(signal.candidate).catch(ignoreBadCandidate);
  }

  /** The camera was opened again: every connection sends its video from now on. */
  sendCamera(camera: MediaStream) {
    const [track] = camera.getVideoTracks();
    if (!track) return;
    for (const { connection } of this.peers.values()) {
      for (const sender of connection.getSenders()) void sender.replaceTrack(track);
    }
  }

  /** The attempt is over on this page: every proctor's connection closes. */
  closeAll() {
    for (const key of [...this.peers.keys()]) this.close(key);
  }

  private async answer(key: string, to: string, monitor: string | undefined, sdp: string) {
    this.close(key);
    const camera = this.camera();
    // Without a camera there is nothing to show: the tile keeps its placeholder.
    if (!camera) return;
    const connection = new RTCPeerConnection({ iceServers: this.iceServers() });
    const peer: Peer = { to, monitor, connection, early: [] };
    this.peers.set(key, peer);
    for (const track of camera.getVideoTracks()) connection.addTrack(track, camera);
    connection.onicecandidate = ({ candidate }) => {
      if (!candidate) return;
      this.signal(peer, { kind: 'ice', candidate: candidate.toJSON() as IceCandidate });
    };
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState;
      if ((state === 'failed' || state === 'closed') && this.peers.get(key) === peer) {
        this.close(key);
      }
    };
    try {
      await connection.setRemoteDescription({ type: 'offer', sdp });
      const early = peer.early ?? [];
      peer.early = null;
      for (const candidate of early) {
        await connection.addIceCandidate(candidate).catch(ignoreBadCandidate);
      }
      const answer = await connection.createAnswer();
      await connection.setLocalDescription(answer);
      if (this.peers.get(key) !== peer || !answer.sdp) return;
      this.signal(peer, { kind: 'answer', sdp: answer.sdp });
    } catch (error) {
      console.error('The camera connection to a proctor failed:', error);
      if (this.peers.get(key) === peer) this.close(key);
    }
  }

  private signal(
    { to, monitor }: Peer,
    signal: Extract<ClientMessage, { type: 'signal' }>['signal'],
  ) {
    this.send({
      type: 'signal',
      examId: this.examId,
      to,
      ...(monitor && { peer: monitor }),
      signal,
    });
  }

  private close(key: string) {
    const peer = this.peers.get(key);
    if (!peer) return;
    this.peers.delete(key);
    peer.connection.onconnectionstatechange = null;
    peer.connection.onicecandidate = null;
    peer.connection.close();
  }
}

type IceCandidate = Extract<
  Extract<ClientMessage, { type: 'signal' }>['signal'],
  { kind: 'ice' }
>['candidate'];

/** A candidate the connection cannot use (from an older offer) changes nothing. */
function ignoreBadCandidate() {}
