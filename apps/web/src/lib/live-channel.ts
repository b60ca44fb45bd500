import {
  type ClientMessage,
  REALTIME_CLOSE_CODES,
  type ServerMessage,
  serverMessageSchema,
} from '@examiq/contracts';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { refreshAccessToken } from './api-client';
import { getAccessToken, subscribeToSession } from './session';

/**
 * The page's one live channel (`/api/ws`, docs/realtime.md): signed in with the access token,
 * reconnected with back-off, pinged so the page notices a dead line.
 * Listeners hear every server message; on each `ready` (the first and every reconnect's) they
 * say again what they watch or join, since a new socket is in no room.
 */

export type LiveStatus = 'connecting' | 'live' | 'offline';
export type ReadyMessage = Extract<ServerMessage, { type: 'ready' }>;

export interface LiveState {
  status: LiveStatus;
  /** The current socket's `ready`: who it is signed in as, and the camera relays. */
  ready: ReadyMessage | null;
}

export const LIVE_TIMING = {
  pingEveryMs: 5_000,
  /** No pong for this long: the line is dead even if the socket has not noticed. */
  deadAfterMs: 15_000,
  firstRetryMs: 1_000,
  maxRetryMs: 15_000,
  /** Messages kept while not live; the oldest go first (a stale snapshot is worth nothing). */
  queueLimit: 20,
} as const;

type Listener = (message: ServerMessage) => void;

export interface LiveChannel {
  readonly state: LiveState;
  /** Sent at once when live; otherwise kept (up to `queueLimit`) until the next `ready`. */
  send(message: ClientMessage): void;
  listen(listener: Listener): () => void;
  watch(onChange: () => void): () => void;
  close(): void;
}

const channelUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/ws`;

export function openLiveChannel(url: string = channelUrl()): LiveChannel {
  let state: LiveState = { status: 'connecting', ready: null };
  const listeners = new Set<Listener>();
  const watchers = new Set<() => void>();
  let queue: ClientMessage[] = [];
  let socket: WebSocket | null = null;
  let retryMs: number = LIVE_TIMING.firstRetryMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastPong = 0;
  let pingSeq = 0;
  let signedInWith: string | null = null;
  let refreshedForThisSocket = false;
  let closed = false;

  const setState = (next: Partial<LiveState>) => {
    state = { ...state, ...next };
    for (const watcher of watchers) watcher();
  };

  const write = (message: ClientMessage) => socket?.send(JSON.stringify(message));

  function connect() {
    const token = getAccessToken();
    if (closed || !token) {
      setState({ status: 'offline', ready: null });
      return;
    }
    setState({ status: 'connecting', ready: null });
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      signedInWith = getAccessToken();
      if (signedInWith) write({ type: 'auth', token: signedInWith });
    };
    current.onmessage = (event) => {
      if (socket !== current || typeof event.data !== 'string') return;
      onMessage(event.data);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      clearInterval(pingTimer);
      setState({ status: 'offline', ready: null });
      if (!closed) afterClose(event.code);
    };
  }

  function onMessage(data: string) {
    let parsed: ServerMessage;
    try {
      const result = serverMessageSchema.safeParse(JSON.parse(data));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    if (parsed.type === 'ready') onReady(parsed);
    if (parsed.type === 'pong') lastPong = Date.now();
    for (const listener of listeners) listener(parsed);
  }

  function onReady(ready: ReadyMessage) {
    retryMs = LIVE_TIMING.firstRetryMs;
    refreshedForThisSocket = false;
    lastPong = Date.now();
    setState({ status: 'live', ready });
    const waiting = queue;
    queue = [];
    for (const message of waiting) write(message);
    clearInterval(pingTimer);
    pingTimer = setInterval(ping, LIVE_TIMING.pingEveryMs);
    ping();
  }

  function ping() {
    if (Date.now() - lastPong > LIVE_TIMING.deadAfterMs) {
      socket?.close();
      return;
    }
    pingSeq += 1;
    write({ type: 'ping', id: String(pingSeq) });
  }

  function afterClose(code: number) {
    if (code === REALTIME_CLOSE_CODES.forbidden) return;
    // An expired access token: refresh it once and come straight back. A failed refresh signs
    // the page out (the API client's rule), which ends this channel through the session.
    if (code === REALTIME_CLOSE_CODES.unauthorized && !refreshedForThisSocket) {
      refreshedForThisSocket = true;
      refreshAccessToken().then(connect, () => setState({ status: 'offline' }));
      return;
    }
    retryTimer = setTimeout(connect, retryMs * (0.75 + Math.random() / 2));
    retryMs = Math.min(retryMs * 2, LIVE_TIMING.maxRetryMs);
  }

  // A refreshed token renews the socket's session; a signed-out page closes its socket.
  const stopWatchingSession = subscribeToSession(() => {
    const token = getAccessToken();
    if (!token) {
      socket?.close();
      return;
    }
    if (state.status === 'live' && token !== signedInWith) {
      signedInWith = token;
      write({ type: 'auth', token });
    }
  });

  // Back online: try now rather than at the end of a long back-off.
  const onOnline = () => {
    if (socket || closed) return;
    clearTimeout(retryTimer);
    retryMs = LIVE_TIMING.firstRetryMs;
    connect();
  };
  window.addEventListener('online', onOnline);

  connect();

  return {
    get state() {
      return state;
    },
    send(message) {
      if (state.status === 'live') {
        write(message);
        return;
      }
      queue.push(message);
      if (queue.length > LIVE_TIMING.queueLimit) queue.shift();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch(onChange) {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      stopWatchingSession();
      window.removeEventListener('online', onOnline);
      socket?.close();
      socket = null;
      setState({ status: 'offline', ready: null });
    },
  };
}

/** The page's channel, shared by every component using it and closed when the last one leaves. */
let shared: { channel: LiveChannel; users: number } | null = null;

function acquire(): LiveChannel {
  shared ??= { channel: openLiveChannel(), users: 0 };
  shared.users += 1;
  return shared.channel;
}

function release(channel: LiveChannel) {
  if (!shared || shared.channel !== channel) return;
  shared.users -= 1;
  if (shared.users === 0) {
    shared.channel.close();
    shared = null;
  }
}

const OFFLINE: LiveState = { status: 'offline', ready: null };

/**
 * The live channel for a component: its state, and `send`. `onMessage` hears every server
 * message (the latest function given is called, so it may close over fresh state). Not enabled,
 * no socket is opened.
 */
export function useLiveChannel(
  onMessage?: Listener,
  { enabled = true }: { enabled?: boolean } = {},
): LiveState & { send: (message: ClientMessage) => void } {
  const listenerRef = useRef(onMessage);
  listenerRef.current = onMessage;
  const [channel, setChannel] = useState<LiveChannel | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const acquired = acquire();
    setChannel(acquired);
    const stopListening = acquired.listen((message) => listenerRef.current?.(message));
    return () => {
      stopListening();
      setChannel(null);
      release(acquired);
    };
  }, [enabled]);

  const subscribe = useCallback(
    (onChange: () => void) => channel?.watch(onChange) ?? (() => {}),
    [channel],
  );
  const state = useSyncExternalStore(subscribe, () => channel?.state ?? OFFLINE);
  const send = useCallback((message: ClientMessage) => channel?.send(message), [channel]);
  return { ...state, send };
}
