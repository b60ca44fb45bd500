import {
  type ClientMessage,
  type ProctoringUpdate,
  type ServerMessage,
  serverMessageSchema,
} from '@examiq/contracts';
import WebSocket from 'ws';

/** A live-channel client on a real socket, keeping every message the server sent it. */
export interface LiveSocket {
  socket: WebSocket;
  received: ServerMessage[];
  send(message: ClientMessage | string): void;
  /** The next message (from those not yet taken) that matches; fails after `timeoutMs`. */
  next<Type extends ServerMessage['type']>(
    type: Type,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: Type }>>;
  /** The update of the next `proctoring` message of this kind, as `next` takes it. */
  nextUpdate<Kind extends ProctoringUpdate['kind']>(
    kind: Kind,
    timeoutMs?: number,
  ): Promise<Extract<ProctoringUpdate, { kind: Kind }>>;
  /** The close code once the server closed the socket. */
  closed: Promise<number>;
}

/** `ca`: the certificate a wss:// origin is trusted by (a test's own). */
export async function openLiveSocket(baseUrl: string, ca?: string): Promise<LiveSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`, ca ? { ca } : {});
  const received: ServerMessage[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    // Every message the server sends must match the shared schema.
    received.push(serverMessageSchema.parse(JSON.parse(data.toString())));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    closed,
    send(message) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    next(type, timeoutMs = 3_000) {
      return take((message) => message.type === type, type, timeoutMs) as Promise<
        Extract<ServerMessage, { type: typeof type }>
      >;
    },
    async nextUpdate(kind, timeoutMs = 3_000) {
      const message = await take(
        (candidate) => candidate.type === 'proctoring' && candidate.update.kind === kind,
        `proctoring ${kind}`,
        timeoutMs,
      );
      return (message as Extract<ServerMessage, { type: 'proctoring' }>).update as Extract<
        ProctoringUpdate,
        { kind: typeof kind }
      >;
    },
  };

  function take(
    matches: (message: ServerMessage) => boolean,
    name: string,
    timeoutMs: number,
  ): Promise<ServerMessage> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const index = received.findIndex((message, i) => !taken.has(i) && matches(message));
        if (index === -1) return false;
        taken.add(index);
        waiters.delete(look);
        clearTimeout(timer);
        resolve(received[index] as ServerMessage);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(
          new Error(`No ${name} message within ${timeoutMs} ms; got ${JSON.stringify(received)}`),
        );
      }, timeoutMs);
      if (!look()) waiters.add(look);
    });
  }
}

/** A socket signed in with the access token, once the server said it is ready. */
export async function signedInSocket(
  baseUrl: string,
  token: string,
  ca?: string,
): Promise<LiveSocket> {
  const live = await openLiveSocket(baseUrl, ca);
  live.send({ type: 'auth', token });
  await live.next('ready');
  return live;
}

/**
 * Whether a message of this type (or a proctoring update of this kind) arrives within a short
 * wait (for what must not arrive).
 */
export async function arrives(
  live: LiveSocket,
  what: ServerMessage['type'] | { update: ProctoringUpdate['kind'] },
  waitMs = 400,
) {
  const arrived =
    typeof what === 'string' ? live.next(what, waitMs) : live.nextUpdate(what.update, waitMs);
  return arrived.then(
    () => true,
    () => false,
  );
}
