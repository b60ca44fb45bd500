import {
  ACCESS_REVOKED_REASONS,
  type AccessRevokedReason,
  type ClientMessage,
  clientMessageSchema,
  fieldErrors,
  REALTIME_CLOSE_CODES,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  type RealtimeErrorCode,
  type ServerMessage,
} from '@examiq/contracts';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { IceServer } from '../../config';
import type { AppDatabase } from '../../db/client';
import type { VerifiedSession } from '../auth/authenticate';
import { recordRoundTrip } from '../proctoring/round-trip';
import type { Fanout } from './fanout';
import { attemptsInProgress, monitorAccess, openAttempt, openAttempts } from './realtime.service';
import { type Member, type Rooms, room } from './rooms';

/** What every socket of the process shares, and how often it is checked and timed. */
export interface ChannelContext {
  db: AppDatabase;
  rooms: Rooms;
  fanout: Fanout;
  sessionRecheckMs: number;
  roundTripEveryMs: number;
  iceServers: IceServer[];
  now: () => Date;
}

/** One socket's life: authentication, then its messages one at a time, in the order sent. */
export function openChannel(
  app: FastifyInstance,
  { db, rooms, fanout, sessionRecheckMs, roundTripEveryMs, iceServers, now }: ChannelContext,
  socket: WebSocket,
): void {
  let session: VerifiedSession | undefined;
  let windowStart = Date.now();
  let messagesInWindow = 0;
  let queue = Promise.resolve();
  // The attempts this student socket joined, with their exams: a snapshot names only its attempt.
  const examOfAttempt = new Map<string, string>();
  // The exams whose monitor this proctor socket watches.
  const watched = new Set<string>();

  const member: Member = {
    rooms: new Set(),
    send(message) {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify(message));
      // The attempt is over: nothing of it is for this socket any more.
      if (
        message.type === 'proctoring' &&
        message.update.kind === 'attempt-ended' &&
        session?.role === 'student'
      ) {
        leaveAttemptRooms(message.update.attemptId, message.examId);
      }
    },
    recheck() {
      queue = queue
        .then(async () => void (await recheckRights()))
        .catch((error: unknown) => {
          // The database did not answer: the next check asks again.
          app.log.error({ err: error }, "A live socket's rights could not be checked");
        });
    },
  };
  const send = (message: ServerMessage) => member.send(message);
  const refuse = (code: RealtimeErrorCode, message: string, errors?: Record<string, string>) =>
    send({ type: 'error', code, message, ...(errors ? { errors } : {}) });
  const close = (code: number, message: string) => {
    refuse(code === REALTIME_CLOSE_CODES.forbidden ? 'forbidden' : 'not-authenticated', message);
    socket.close(code, message);
  };

  const authTimer = setTimeout(() => {
    if (!session) close(REALTIME_CLOSE_CODES.unauthorized, REALTIME_MESSAGES.authTimeout);
  }, REALTIME_LIMITS.authTimeoutMs);
  // Every change of rights is announced (liveRightsChanged); this catches one stored otherwise.
  const recheck = setInterval(() => member.recheck(), sessionRecheckMs);
  recheck.unref();

  // The round trip of a student's socket, for its proctors: timed here, on the server's side of
  // the socket, with a protocol ping the browser answers by itself. One ping is out at a time, so
  // a late pong is timed against its own ping.
  let pingSentAt: number | undefined;
  const roundTrips = setInterval(() => {
    const idle = examOfAttempt.size === 0 || socket.readyState !== socket.OPEN;
    if (idle || pingSentAt !== undefined) return;
    pingSentAt = performance.now();
    socket.ping();
  }, roundTripEveryMs);
  roundTrips.unref();
  socket.on('pong', () => {
    if (pingSentAt === undefined) return;
    const rttMs = Math.round(performance.now() - pingSentAt);
    pingSentAt = undefined;
    if (!session || examOfAttempt.size === 0) return;
    recordRoundTrip(
      db,
      app.proctoring,
      session.userId,
      [...examOfAttempt.keys()],
      rttMs,
      now(),
    ).catch((error: unknown) =>
      app.log.error({ err: error }, "A live socket's round trip could not be stored"),
    );
  });

  /**
   * Reads again every right behind the socket's rooms: its session (a signed-out session, a
   * deactivated, deleted or changed account closes the socket), each watched exam's proctoring
   * and each sat attempt's progress and audience. A room whose right is gone is left, with an
   * `access-revoked` message. Returns whether the socket is still signed in.
   */
  async function recheckRights(): Promise<boolean> {
    const current = session;
    if (!current || socket.readyState !== socket.OPEN) return false;
    if (!(await app.sessionIsLive(current))) {
      close(REALTIME_CLOSE_CODES.unauthorized, REALTIME_MESSAGES.sessionEnded);
      return false;
    }
    for (const examId of [...watched]) {
      const access = await monitorAccess(db, current.userId, current.role, examId);
      if (access === 'allowed') continue;
      leaveMonitor(examId);
      revoke(examId, undefined, MONITOR_REVOKED[access]);
    }
    if (examOfAttempt.size === 0) return true;
    const inProgress = new Map(
      (await attemptsInProgress(db, current.userId)).map((attempt) => [attempt.attemptId, attempt]),
    );
    for (const [attemptId, examId] of [...examOfAttempt]) {
      const attempt = inProgress.get(attemptId);
      if (attempt?.inAudience) continue;
      leaveAttemptRooms(attemptId, examId);
      revoke(examId, attemptId, attempt ? 'not-in-audience' : 'attempt-not-in-progress');
    }
    return true;
  }

  function revoke(examId: string, attemptId: string | undefined, reason: AccessRevokedReason) {
    send({
      type: 'access-revoked',
      examId,
      ...(attemptId && { attemptId }),
      reason,
      message: ACCESS_REVOKED_REASONS[reason],
    });
  }

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearInterval(recheck);
    clearInterval(roundTrips);
    rooms.leaveAll(member);
  });

  socket.on('message', (data: RawData, isBinary: boolean) => {
    const now = Date.now();
    if (now - windowStart >= REALTIME_LIMITS.rateWindowMs) {
      windowStart = now;
      messagesInWindow = 0;
    }
    messagesInWindow += 1;
    if (messagesInWindow > REALTIME_LIMITS.messagesPerWindow) {
      // Said once per window: a flood is not answered by a flood.
      if (messagesInWindow === REALTIME_LIMITS.messagesPerWindow + 1) {
        refuse('rate-limited', REALTIME_MESSAGES.rateLimited);
      }
      return;
    }
    const parsed = parse(data, isBinary);
    if ('error' in parsed) {
      refuse('invalid-message', parsed.error, parsed.errors);
      return;
    }
    queue = queue
      .then(() => handle(parsed.message))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'A live message could not be handled');
        refuse('invalid-message', REALTIME_MESSAGES.invalidMessage);
      });
  });

  async function handle(message: ClientMessage): Promise<void> {
    if (message.type === 'auth') return authenticate(message.token);
    if (!session) return refuse('not-authenticated', REALTIME_MESSAGES.authFirst);
    switch (message.type) {
      case 'ping':
        return send({ type: 'pong', id: message.id, serverTime: new Date().toISOString() });
      case 'subscribe':
        return subscribe(session, message.examId);
      case 'unsubscribe':
        leaveMonitor(message.examId);
        return send({ type: 'unsubscribed', examId: message.examId });
      case 'join-attempt':
        return joinAttempt(session, message.attemptId);
      case 'signal':
        return relaySignal(session, message);
      case 'snapshot':
        return relaySnapshot(session, message);
    }
  }

  async function authenticate(offered: string): Promise<void> {
    const verified = await app.verifySession(offered);
    if (!verified) {
      return close(REALTIME_CLOSE_CODES.unauthorized, REALTIME_MESSAGES.invalidToken);
    }
    if (verified.passwordChangeRequired) {
      return close(REALTIME_CLOSE_CODES.forbidden, REALTIME_MESSAGES.passwordChangeRequired);
    }
    // A fresh token renews the socket's session; it never moves the socket to someone else.
    if (session && session.userId !== verified.userId) {
      return refuse('already-authenticated', REALTIME_MESSAGES.otherAccount);
    }
    session = verified;
    clearTimeout(authTimer);
    rooms.join(member, room.everyone());
    rooms.join(member, room.user(verified.userId));
    const attempts = verified.role === 'student' ? await openAttempts(db, verified.userId) : [];
    for (const attempt of attempts) joinAttemptRooms(attempt.attemptId, attempt.examId);
    send({ type: 'ready', userId: verified.userId, role: verified.role, attempts, iceServers });
  }

  function joinAttemptRooms(attemptId: string, examId: string) {
    examOfAttempt.set(attemptId, examId);
    rooms.join(member, room.attempt(attemptId));
    rooms.join(member, room.sitting(examId));
  }

  function leaveAttemptRooms(attemptId: string, examId: string) {
    examOfAttempt.delete(attemptId);
    rooms.leave(member, room.attempt(attemptId));
    rooms.leave(member, room.sitting(examId));
  }

  function leaveMonitor(examId: string) {
    watched.delete(examId);
    rooms.leave(member, room.monitor(examId));
  }

  async function subscribe(current: VerifiedSession, examId: string): Promise<void> {
    if (current.role === 'student') return refuse('forbidden', REALTIME_MESSAGES.proctorsOnly);
    const access = await monitorAccess(db, current.userId, current.role, examId);
    if (access === 'not-found') return refuse('not-found', REALTIME_MESSAGES.examNotFound);
    if (access === 'forbidden') return refuse('forbidden', REALTIME_MESSAGES.notAssigned);
    if (access === 'not-proctored') return refuse('forbidden', REALTIME_MESSAGES.notProctored);
    watched.add(examId);
    rooms.join(member, room.monitor(examId));
    send({ type: 'subscribed', examId });
  }

  async function joinAttempt(current: VerifiedSession, attemptId: string): Promise<void> {
    if (current.role !== 'student') return refuse('forbidden', REALTIME_MESSAGES.studentsOnly);
    const attempt = await openAttempt(db, current.userId, attemptId);
    if (!attempt) return refuse('not-found', REALTIME_MESSAGES.attemptNotFound);
    joinAttemptRooms(attempt.attemptId, attempt.examId);
    send({ type: 'joined', attemptId: attempt.attemptId, examId: attempt.examId });
  }

  /**
   * A student's signal goes only to a proctor watching the exam; a proctor's only to a student
   * sitting it. The sender's side is checked here, its rights read again first, the receiver's by
   * the process holding it.
   */
  async function relaySignal(
    current: VerifiedSession,
    { examId, to, peer, signal }: Extract<ClientMessage, { type: 'signal' }>,
  ) {
    if (!(await recheckRights())) return;
    const fromStudent = current.role === 'student';
    const own = fromStudent ? room.sitting(examId) : room.monitor(examId);
    if (!member.rooms.has(own)) return refuse('forbidden', REALTIME_MESSAGES.notInExam);
    fanout.publish({
      room: room.user(to),
      alsoIn: fromStudent ? room.monitor(examId) : room.sitting(examId),
      message: {
        type: 'signal',
        examId,
        from: current.userId,
        fromRole: current.role,
        ...(peer && { peer }),
        signal,
      },
    });
  }

  /**
   * Only from a socket sitting the attempt (its rights read again first), and only to the
   * proctors watching its exam.
   */
  async function relaySnapshot(
    current: VerifiedSession,
    { attemptId, image }: Extract<ClientMessage, { type: 'snapshot' }>,
  ) {
    if (!(await recheckRights())) return;
    const examId = examOfAttempt.get(attemptId);
    if (current.role !== 'student' || !examId || !member.rooms.has(room.attempt(attemptId))) {
      return refuse('forbidden', REALTIME_MESSAGES.notYourAttempt);
    }
    fanout.publish({
      room: room.monitor(examId),
      message: {
        type: 'snapshot',
        examId,
        userId: current.userId,
        image,
        at: new Date().toISOString(),
      },
    });
  }
}

const MONITOR_REVOKED = {
  forbidden: 'not-assigned',
  'not-found': 'exam-not-found',
  'not-proctored': 'not-proctored',
} as const satisfies Record<string, AccessRevokedReason>;

type Parsed = { message: ClientMessage } | { error: string; errors?: Record<string, string> };

function parse(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { error: REALTIME_MESSAGES.invalidJson };
  let value: unknown;
  try {
    value = JSON.parse(data.toString());
  } catch {
    return { error: REALTIME_MESSAGES.invalidJson };
  }
  const result = clientMessageSchema.safeParse(value);
  return result.success
    ? { message: result.data }
    : { error: REALTIME_MESSAGES.invalidMessage, errors: fieldErrors(result.error.issues) };
}
