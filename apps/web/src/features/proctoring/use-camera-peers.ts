import type { ClientMessage, SignalPayload } from '@examiq/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ReadyMessage } from '@/lib/live-channel';
import { type CameraPeers, openCameraPeers } from './camera-peers';

interface UseCameraPeersOptions {
  examId: string;
  /** The student accounts to offer a video connection to. */
  userIds: readonly string[];
  /** The live channel's current `ready` (its relays); null while the channel is down. */
  ready: ReadyMessage | null;
  send: (message: ClientMessage) => void;
}

const NO_STREAMS: ReadonlyMap<string, MediaStream> = new Map();

/**
 * The camera connections of the monitor's tiles, open while the monitor is: the connected
 * students' video by student account, and where the students' answers go.
 */
export function useCameraPeers({ examId, userIds, ready, send }: UseCameraPeersOptions) {
  const [streams, setStreams] = useState(NO_STREAMS);
  const peers = useRef<CameraPeers | null>(null);
  const channel = useRef({ ready, send });
  channel.current = { ready, send };

  useEffect(() => {
    // A browser without WebRTC still shows the stills.
    if (typeof RTCPeerConnection === 'undefined') return;
    const opened = openCameraPeers({
      examId,
      iceServers: () => channel.current.ready?.iceServers ?? [],
      send: (message) => channel.current.send(message),
      online: () => channel.current.ready !== null,
      onChange: setStreams,
    });
    peers.current = opened;
    return () => {
      opened.close();
      peers.current = null;
      setStreams(NO_STREAMS);
    };
  }, [examId]);

  const watched = userIds.join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changes when its members do
  useEffect(() => {
    peers.current?.watch(userIds);
  }, [watched, ready]);

  return {
    streams,
    onSignal: (from: string, signal: SignalPayload, peer?: string) =>
      peers.current?.onSignal(from, signal, peer),
  };
}
