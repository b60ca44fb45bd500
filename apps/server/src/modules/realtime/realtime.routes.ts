import { REALTIME_LIMITS, REALTIME_MESSAGES, serverMessageSchema } from '@examiq/contracts';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { IceServer } from '../../config';
import type { AppDatabase } from '../../db/client';
import { errorResponses } from '../../plugins/error-handler';
import { openChannel } from './channel';
import {
  type Delivery,
  type Fanout,
  inProcessFanout,
  type Published,
  type RightsScope,
  redisFanout,
} from './fanout';
import { deliveriesOf } from './proctoring-updates';
import { Rooms, roomsOf } from './rooms';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends a message to the sockets of a room on every server process. The message is checked
     * against the shared schema here, so a wrong one fails in the code that made it.
     */
    publishLive: (delivery: Delivery) => void;
    /**
     * Something that may remove a right behind a live room was stored: the sockets it may
     * concern, on every server process, read their rights again and leave the rooms they lost.
     * Call it once the change is committed.
     */
    liveRightsChanged: (scope: RightsScope) => void;
  }
}

export interface RealtimeOptions {
  db: AppDatabase;
  /** Fan-out through this Redis's pub/sub when given; within this process otherwise. */
  redis: Redis | undefined;
  /** How often a socket's session and rooms' rights are read again; tests shorten it. */
  sessionRecheckMs?: number;
  /** How often a student's socket sitting an attempt is pinged; tests shorten it. */
  roundTripEveryMs?: number;
  /** The clock a student's connection is judged against. */
  now: () => Date;
  /** Given to every signed-in socket, for its camera connections. */
  iceServers: IceServer[];
}

/**
 * The live channel, on the root instance before the other routes: @fastify/websocket takes over
 * the server's upgrades for the whole app, and `publishLive` is for every module.
 */
export async function registerRealtime(
  app: FastifyInstance,
  {
    db,
    redis,
    sessionRecheckMs = REALTIME_LIMITS.sessionRecheckMs,
    roundTripEveryMs = REALTIME_LIMITS.roundTripEveryMs,
    iceServers,
    now,
  }: RealtimeOptions,
): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: REALTIME_LIMITS.maxFrameBytes },
  });
  const rooms = new Rooms();
  // An account's change may have ended its sessions: they are read again, its sockets' checks
  // included.
  const forgetSessionsOf = (scope: RightsScope) => {
    if ('userId' in scope || 'everyone' in scope) app.forgetSessions(scope);
  };
  const deliver = (published: Published) => {
    if (!('recheck' in published)) {
      rooms.deliver(published);
      return;
    }
    forgetSessionsOf(published.recheck);
    for (const name of roomsOf(published.recheck)) rooms.recheck(name);
  };
  const fanout: Fanout = redis
    ? await redisFanout(redis, deliver, app.log)
    : inProcessFanout(deliver);
  app.addHook('onClose', () => fanout.close());
  const publishLive = (delivery: Delivery) => {
    fanout.publish({ ...delivery, message: serverMessageSchema.parse(delivery.message) });
  };
  app.decorate('publishLive', publishLive);
  const liveRightsChanged = (scope: RightsScope) => {
    // At once on this process, before the route's answer leaves: its client's next request may
    // come back here before the fan-out does.
    forgetSessionsOf(scope);
    fanout.publish({ recheck: scope });
  };
  app.decorate('liveRightsChanged', liveRightsChanged);
  app.proctoring.subscribe((examId, update) => {
    for (const delivery of deliveriesOf(examId, update)) publishLive(delivery);
    // A submission (the student's own, or at the deadline) ends the attempt's rooms.
    const attemptId = update.kind === 'student' ? update.student.attemptId : undefined;
    if (attemptId && update.kind === 'student' && update.student.status === 'SUBMITTED') {
      liveRightsChanged({ attemptId });
    }
  });

  app.route({
    method: 'GET',
    url: '/api/ws',
    schema: {
      tags: ['realtime'],
      summary:
        'The live channel (WebSocket): monitor updates, alerts, chat, warnings, extra time, ended attempts and camera signalling',
      description:
        'Connect with a WebSocket client and send `{"type":"auth","token":<access token>}` first, within 5 seconds. Every frame is one JSON message of the shared schema; docs/realtime.md lists them. A plain HTTP request is answered 426.',
      response: errorResponses(426),
    },
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ success: false as const, message: REALTIME_MESSAGES.upgradeRequired }),
    wsHandler: (socket) =>
      openChannel(
        app,
        { db, rooms, fanout, sessionRecheckMs, roundTripEveryMs, iceServers, now },
        socket,
      ),
  });
}
