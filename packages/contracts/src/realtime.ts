import { z } from 'zod';
import { proctoringUpdateSchema } from './proctoring';
import { roleSchema } from './roles';

/**
 * The live channel, `GET /api/ws`: one WebSocket per page, carrying JSON text frames that each
 * hold one message of the schemas below, in both directions. docs/realtime.md describes them.
 */

// --- Limits -----------------------------------------------------------------------------------

export const REALTIME_LIMITS = {
  /** Bytes of one frame: an SDP offer with a camera track is 3-8 KB. A larger frame closes the socket (1009). */
  maxFrameBytes: 64 * 1024,
  /** A socket that has not sent a valid `auth` by then is closed (4001). */
  authTimeoutMs: 5_000,
  /** Messages one socket may send in a window; more are refused with a `rate-limited` error. */
  messagesPerWindow: 100,
  rateWindowMs: 10_000,
  /**
   * How often a socket's session and the rights behind its rooms are read again, besides every
   * announced change: a change stored any other way takes effect within this time.
   */
  sessionRecheckMs: 30_000,
  /**
   * How often the server pings the socket of a student sitting an attempt (a protocol ping, which
   * the browser answers by itself) and times its pong: the connection the proctors see.
   */
  roundTripEveryMs: 5_000,
} as const;

/** The close codes the server uses besides the protocol's own (1009: frame too large). */
export const REALTIME_CLOSE_CODES = {
  /** No valid token in time, a token of a session that ended, or a session that ended since. */
  unauthorized: 4001,
  /** The account must change its password first. */
  forbidden: 4003,
} as const;

/** Why the server refused one message; the socket stays open unless a close code says otherwise. */
export const REALTIME_ERROR_CODES = [
  'invalid-message',
  'not-authenticated',
  'already-authenticated',
  'forbidden',
  'not-found',
  'rate-limited',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

export const REALTIME_MESSAGES = {
  invalidJson: 'A message must be one JSON object',
  invalidMessage: 'This message does not match any message the server accepts',
  authFirst: 'Send an auth message with your access token first',
  authTimeout: 'No valid auth message arrived in time',
  invalidToken: 'Invalid or expired token',
  sessionEnded: 'Your session has ended',
  passwordChangeRequired: 'Change your password before using the live channel',
  otherAccount: 'A socket stays with the account it was opened for',
  notAssigned: 'You are not assigned to proctor this exam',
  notProctored: 'This exam is not proctored',
  examNotFound: 'Exam not found',
  attemptNotFound: 'Attempt not found',
  proctorsOnly: 'Only proctors watch an exam',
  studentsOnly: 'Only a student joins an attempt',
  notInExam: 'Watch this exam, or join your attempt of it, before signalling',
  rateLimited: 'Too many messages: slow down',
  notYourAttempt: 'Send snapshots of your own attempt in progress',
  upgradeRequired: 'This address is a WebSocket: connect with a WebSocket client',
} as const;

/**
 * Why the server took a socket out of a room it had joined: the right behind the room was lost
 * (a proctor removed from the exam, a student moved out of its audience, an attempt no longer in
 * progress). Sent once, as the room is left; nothing of that room follows.
 */
export const ACCESS_REVOKED_REASONS = {
  'not-assigned': 'You are no longer a proctor of this exam',
  'not-proctored': 'This exam is no longer proctored',
  'exam-not-found': 'This exam no longer exists',
  'not-in-audience': 'You are no longer a student of this exam',
  'attempt-not-in-progress': 'Your attempt is no longer in progress',
} as const;
export type AccessRevokedReason = keyof typeof ACCESS_REVOKED_REASONS;
const accessRevokedReasons = Object.keys(ACCESS_REVOKED_REASONS) as [
  AccessRevokedReason,
  ...AccessRevokedReason[],
];

// --- Parts ------------------------------------------------------------------------------------

const id = z.uuid();

/**
 * A still of the student's camera, for a monitor tile whose video connection could not be made:
 * a JPEG data URL of at most 48,000 characters (a 320×240 frame at moderate quality is 8-20 KB).
 */
export const SNAPSHOT_LIMITS = { maxChars: 48_000, everyMs: 10_000 } as const;
const snapshotImage = z
  .string()
  .max(SNAPSHOT_LIMITS.maxChars)
  .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/, 'A snapshot is a JPEG data URL');

/** WebRTC signalling, relayed as it is between a student and a proctor of the same exam. */
export const signalPayloadSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.enum(['offer', 'answer']),
    sdp: z.string().min(1).max(32_000),
  }),
  z.strictObject({
    kind: z.literal('ice'),
    candidate: z.strictObject({
      candidate: z.string().max(1_000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(100).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
]);
export type SignalPayload = z.infer<typeof signalPayloadSchema>;

/**
 * A monitor page's own id for its camera connections: two monitors open by one account (two tabs
 * or two devices) each keep theirs. A student's answer carries the id of the monitor it answers.
 */
const peerId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A peer id has letters, digits, - and _ only');

// --- From the browser -------------------------------------------------------------------------

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** The first message: the access token, which never appears in a URL or a header. */
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4_096) }),
  /** A proctor (assigned faculty, or an admin) starts watching an exam's monitor. */
  z.strictObject({ type: z.literal('subscribe'), examId: id }),
  z.strictObject({ type: z.literal('unsubscribe'), examId: id }),
  /** A student joins an attempt it started after its socket opened (open ones are joined at auth). */
  z.strictObject({ type: z.literal('join-attempt'), attemptId: id }),
  /** Answered with a `pong` of the same id: the page knows its line is alive. */
  z.strictObject({ type: z.literal('ping'), id: z.string().min(1).max(64) }),
  /** A student's latest camera still, for the proctors watching the attempt's exam. */
  z.strictObject({ type: z.literal('snapshot'), attemptId: id, image: snapshotImage }),
  /** To one person: a proctor of the exam (from a student) or a student sitting it (from a proctor). */
  z.strictObject({
    type: z.literal('signal'),
    examId: id,
    to: id,
    peer: peerId.optional(),
    signal: signalPayloadSchema,
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

// --- From the server --------------------------------------------------------------------------

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('ready'),
    userId: z.string(),
    role: roleSchema,
    /** The open attempts a student's socket joined. */
    attempts: z.array(z.strictObject({ attemptId: z.string(), examId: z.string() })),
    /** What the camera tiles' RTCPeerConnections take as `iceServers` (TURN_URL); often none. */
    iceServers: z.array(
      z.strictObject({
        urls: z.array(z.string()),
        username: z.string().optional(),
        credential: z.string().optional(),
      }),
    ),
  }),
  z.strictObject({ type: z.literal('subscribed'), examId: z.string() }),
  z.strictObject({ type: z.literal('unsubscribed'), examId: z.string() }),
  z.strictObject({ type: z.literal('joined'), attemptId: z.string(), examId: z.string() }),
  z.strictObject({ type: z.literal('pong'), id: z.string(), serverTime: z.string() }),
  z.strictObject({
    type: z.literal('error'),
    code: z.enum(REALTIME_ERROR_CODES),
    message: z.string(),
    /** The field paths of a message that failed validation, with their messages. */
    errors: z.record(z.string(), z.string()).optional(),
  }),
  /**
   * A stored proctoring change, as the proctoring service announced it: to the exam's monitor,
   * and a proctor's message or warning, extra time or an ended attempt to its student (or, written
   * to all, every student sitting the exam).
   */
  z.strictObject({
    type: z.literal('proctoring'),
    examId: z.string(),
    update: proctoringUpdateSchema,
  }),
  /** A student's camera still, with the student's account (a monitor row's `userId`). */
  z.strictObject({
    type: z.literal('snapshot'),
    examId: z.string(),
    userId: z.string(),
    image: z.string(),
    at: z.string(),
  }),
  /**
   * The socket left an exam's monitor (a proctor's socket) or an attempt with its exam's sitting
   * (a student's, `attemptId` given) because the right to it was lost; `message` says why.
   */
  z.strictObject({
    type: z.literal('access-revoked'),
    examId: z.string(),
    attemptId: z.string().optional(),
    reason: z.enum(accessRevokedReasons),
    message: z.string(),
  }),
  /** A relayed signal, with who sent it. */
  z.strictObject({
    type: z.literal('signal'),
    examId: z.string(),
    from: z.string(),
    fromRole: roleSchema,
    peer: z.string().optional(),
    signal: signalPayloadSchema,
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageType = ServerMessage['type'];
