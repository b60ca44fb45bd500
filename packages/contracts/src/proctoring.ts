import { z } from 'zod';
import { SITTING_STATUSES, SUBMIT_TRIGGERS } from './attempts';
import { scheduleDetailsSchema } from './exams';
import { boundedText, DATE_OUT_OF_RANGE_MESSAGE, isStorableDate } from './fields';
import { proctoringThresholdsSchema } from './proctoring-thresholds';

// --- Signals from the student's browser -------------------------------------------------------

/**
 * What a PROCTORING exam's page reports, each with the time it happened. Face signals are sent
 * only once the browser has seen them hold for `PROCTORING_LIMITS.faceSustainedMs`; a face check
 * that keeps failing (a browser that cannot run its detector) is reported, not left silent.
 */
export const PROCTOR_EVENT_TYPES = [
  'TAB_HIDDEN',
  'TAB_VISIBLE',
  'WINDOW_BLUR',
  'WINDOW_FOCUS',
  'FULLSCREEN_EXIT',
  'FULLSCREEN_ENTER',
  'COPY',
  'PASTE',
  'CUT',
  'CONTEXT_MENU',
  'CONNECTION_LOST',
  'CONNECTION_BACK',
  'HEARTBEAT',
  'CAMERA_STOPPED',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_CHECK_FAILED',
  'SYSTEM_CHECK_FAILED',
] as const;
export type ProctorEventType = (typeof PROCTOR_EVENT_TYPES)[number];

/** The events that count towards a student's warnings and flags; the others are a return to normal. */
export const PROCTOR_SIGNALS = [
  'TAB_HIDDEN',
  'WINDOW_BLUR',
  'FULLSCREEN_EXIT',
  'COPY',
  'PASTE',
  'CUT',
  'CONTEXT_MENU',
  'CONNECTION_LOST',
  'CAMERA_STOPPED',
  'NO_FACE',
  'MULTIPLE_FACES',
  'FACE_CHECK_FAILED',
  'SYSTEM_CHECK_FAILED',
] as const satisfies readonly ProctorEventType[];
export type ProctorSignal = (typeof PROCTOR_SIGNALS)[number];

/** What the proctor reads in an alert about each signal. */
export const PROCTOR_SIGNAL_LABELS: Record<ProctorSignal, string> = {
  TAB_HIDDEN: 'Switched away from the exam tab',
  WINDOW_BLUR: 'Left the exam window',
  FULLSCREEN_EXIT: 'Left fullscreen',
  COPY: 'Copied text',
  PASTE: 'Pasted text',
  CUT: 'Cut text',
  CONTEXT_MENU: 'Opened the context menu',
  CONNECTION_LOST: 'Lost the connection',
  CAMERA_STOPPED: 'The camera stopped',
  NO_FACE: 'No face in the camera',
  MULTIPLE_FACES: 'More than one face in the camera',
  FACE_CHECK_FAILED: 'The face check could not run',
  SYSTEM_CHECK_FAILED: 'Started without passing the system check',
};

/** What an alert about the n-th signal of its kind says, with the event's note if it has one. */
export function proctorAlertMessage(signal: ProctorSignal, nth: number, note?: string): string {
  const label = PROCTOR_SIGNAL_LABELS[signal];
  const noted = note ? `: ${note}` : '';
  return nth > 1 ? `${label} (${nth} times)${noted}` : `${label}${noted}`;
}

export const ALERT_TYPES = ['error', 'warning', 'info'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_REVIEW_STATUSES = ['PENDING', 'DISMISSED', 'CONFIRMED'] as const;
export type AlertReviewStatus = (typeof ALERT_REVIEW_STATUSES)[number];

export const CONNECTION_QUALITIES = ['excellent', 'good', 'poor', 'disconnected'] as const;
export type ConnectionQuality = (typeof CONNECTION_QUALITIES)[number];

export const PROCTOR_ACTION_TYPES = [
  'WARN',
  'EXTRA_TIME',
  'END_ATTEMPT',
  'DISMISS_ALERT',
  'CONFIRM_ALERT',
] as const;
export type ProctorActionType = (typeof PROCTOR_ACTION_TYPES)[number];

/** A chat message, or a warning a proctor gave (shown on the student's screen). */
export const MESSAGE_KINDS = ['CHAT', 'WARNING'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_SENDERS = ['PROCTOR', 'STUDENT'] as const;

// --- Limits -------------------------------------------------------------------------------------

export const PROCTORING_LIMITS = {
  eventsPerReport: 100,
  /** Events one attempt may report in a rolling minute: a reconnect's backlog fits, a flood not. */
  eventsPerMinute: 600,
  /** How often the page sends its heartbeat (with any signals gathered since). */
  heartbeatMs: 5_000,
  /** A student silent this long is shown disconnected. */
  disconnectedAfterMs: 15_000,
  /**
   * Round-trip times (ms) of the student's live socket, as the server measures them, up to which
   * a connection is excellent, then good; above, poor.
   */
  excellentRttMs: 150,
  goodRttMs: 500,
  /** How long a face signal must hold in the browser before it is reported. */
  faceSustainedMs: 8_000,
  messageText: 1_000,
  reasonText: 500,
  eventNoteText: 500,
  /** The alerts a monitor read carries, newest first. */
  monitorAlerts: 200,
  /**
   * The newest messages of each conversation (one student's, or those written to all) a monitor
   * read carries: one student writing a lot never pushes the others' messages out. Older ones are
   * read a page at a time (`get-monitor-messages`).
   */
  monitorMessagesPerConversation: 20,
  /** A page of one conversation's older messages: by default, and at most. */
  messagesPage: 50,
  messagesPageMax: 100,
} as const;

/**
 * How often a student may write to the proctors: each window holds at most `max` of its
 * messages; past that, 429 with Retry-After until the oldest leaves the window. A burst of ten
 * (a question split over lines) passes; kept up, one every two seconds, more than anyone types
 * during an exam.
 */
export const STUDENT_MESSAGE_LIMITS = [
  { max: 10, windowMs: 10_000 },
  { max: 30, windowMs: 60_000 },
] as const;

export const PROCTORING_MESSAGES = {
  examNotFound: 'Exam not found',
  attemptNotFound: 'Attempt not found',
  alertNotFound: 'Alert not found',
  studentNotFound: 'Student not found',
  notProctored: 'This exam is not proctored',
  notAssigned: 'You are not assigned to proctor this exam',
  attemptOver: 'This attempt is over: its events are no longer recorded',
  alreadySubmitted: 'This exam has already been submitted',
  tooManyEvents:
    'Too many events were reported for this attempt: wait a minute and send them again',
  studentNotInAudience: 'This student is not in this exam’s audience',
  warned: 'The student has been warned',
  messageSent: 'Message sent',
  attemptEnded: 'The attempt has been ended and submitted',
  alertReviewed: 'Alert reviewed',
  endedByProctor: 'Your exam was ended by the proctor',
  messageNotFound: 'Message not found',
  tooManyMessages: (waitSeconds: number) =>
    `You are sending messages too quickly. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} and send it again.`,
} as const;

// --- Requests -----------------------------------------------------------------------------------

/** The detail an event may carry: the faces seen, a check's failure. */
export const proctorEventDetailSchema = z.strictObject({
  faces: z.number().int().min(0).max(50).optional(),
  heldMs: z.number().int().min(0).max(86_400_000).optional(),
  note: z
    .string()
    .max(
      PROCTORING_LIMITS.eventNoteText,
      `A note cannot exceed ${PROCTORING_LIMITS.eventNoteText} characters`,
    )
    .optional(),
});
export type ProctorEventDetail = z.infer<typeof proctorEventDetailSchema>;

export const proctorEventSchema = z.object({
  type: z.enum(PROCTOR_EVENT_TYPES, { error: 'Unknown event type' }),
  at: z.iso
    .datetime({ offset: true, error: 'at must be an ISO 8601 instant' })
    .refine((value) => isStorableDate(new Date(value)), DATE_OUT_OF_RANGE_MESSAGE),
  // A page opened before the server timed its socket still sends its own round trip: accepted and
  // dropped, so a server upgraded during an exam loses none of that page's signals.
  detail: proctorEventDetailSchema
    .extend({ rttMs: z.number().optional() })
    .transform(({ rttMs: _pageRoundTrip, ...detail }) => detail)
    .optional(),
});
export type ProctorEvent = z.infer<typeof proctorEventSchema>;

export const reportEventsSchema = z.object({
  events: z
    .array(proctorEventSchema, { error: 'events must be a list' })
    .min(1, 'Report at least one event')
    .max(
      PROCTORING_LIMITS.eventsPerReport,
      `A report can hold at most ${PROCTORING_LIMITS.eventsPerReport} events`,
    ),
});
export type ReportEventsPayload = z.infer<typeof reportEventsSchema>;

/** The lobby's system check, sent with the start; a start without a passed one is flagged. */
export const systemCheckSchema = z.strictObject({
  camera: z.boolean(),
  microphone: z.boolean(),
  fullscreen: z.boolean(),
  connection: z.boolean(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

/** Optional, and a start may have no body at all: the pages before this check still start. */
export const startExamSchema = z.object({ systemCheck: systemCheckSchema.optional() }).nullish();
export type StartExamPayload = z.infer<typeof startExamSchema>;

export const systemCheckPassed = (check: SystemCheck | undefined | null) =>
  !!check && check.camera && check.microphone && check.fullscreen && check.connection;

const messageText = boundedText('Message', { min: 1, max: PROCTORING_LIMITS.messageText });

export const proctorMessageSchema = z.object({
  examId: z.uuid('The exam id is not valid'),
  /** The student (their `_id`, as the monitor lists them); null or absent writes to all. */
  studentId: z.uuid('The student id is not valid').nullable().optional(),
  text: messageText,
});
export type ProctorMessagePayload = z.infer<typeof proctorMessageSchema>;

export const studentMessageSchema = z.object({ text: messageText });

export const warnStudentSchema = z.object({
  attemptId: z.uuid('The attempt id is not valid'),
  text: messageText,
});
export type WarnStudentPayload = z.infer<typeof warnStudentSchema>;

export const endAttemptSchema = z.object({
  attemptId: z.uuid('The attempt id is not valid'),
  reason: boundedText('Reason', { min: 1, max: PROCTORING_LIMITS.reasonText }),
});
export type EndAttemptPayload = z.infer<typeof endAttemptSchema>;

export const reviewAlertSchema = z.object({
  alertId: z.uuid('The alert id is not valid'),
  status: z.enum(['DISMISSED', 'CONFIRMED'], { error: 'status must be DISMISSED or CONFIRMED' }),
});
export type ReviewAlertPayload = z.infer<typeof reviewAlertSchema>;

// --- Responses ----------------------------------------------------------------------------------

export const reportEventsResultSchema = z.object({
  accepted: z.number(),
  /** Alerts the report raised (a page may show its own warnings from them). */
  alerts: z.number(),
  /** The time left, for the page to resync its countdown with every heartbeat. */
  remainingMs: z.number(),
});
export type ReportEventsResult = z.infer<typeof reportEventsResultSchema>;

export const proctorAlertSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  attemptId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  type: z.enum(ALERT_TYPES),
  signal: z.enum(PROCTOR_SIGNALS),
  message: z.string(),
  at: z.string(),
  reviewStatus: z.enum(ALERT_REVIEW_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type ProctorAlert = z.infer<typeof proctorAlertSchema>;

export const proctorMessageDataSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  /** The student the message is to or from; null for a message to every student. */
  studentId: z.string().nullable(),
  kind: z.enum(MESSAGE_KINDS),
  from: z.enum(MESSAGE_SENDERS),
  senderName: z.string(),
  text: z.string(),
  at: z.string(),
});
export type ProctorMessage = z.infer<typeof proctorMessageDataSchema>;

export const messagesDataSchema = z.object({ messages: z.array(proctorMessageDataSchema) });

const pageLimitMessage = `Limit must be a whole number from 1 to ${PROCTORING_LIMITS.messagesPageMax}`;

/**
 * `?studentId&before&limit` of `get-monitor-messages`: one conversation (a student's, or without
 * `studentId` the messages written to all), the page of messages just older than `before` (a
 * message's `_id`; the newest page without it), oldest first.
 */
export const monitorMessagesQuerySchema = z.object({
  studentId: z.uuid('The student id is not valid').optional(),
  before: z.uuid('The message id is not valid').optional(),
  limit: z.coerce
    .number({ error: pageLimitMessage })
    .int(pageLimitMessage)
    .min(1, pageLimitMessage)
    .max(PROCTORING_LIMITS.messagesPageMax, pageLimitMessage)
    .default(PROCTORING_LIMITS.messagesPage),
});
export type MonitorMessagesQuery = z.output<typeof monitorMessagesQuerySchema>;

export const monitorMessagesDataSchema = z.object({
  messages: z.array(proctorMessageDataSchema),
  /** Whether the conversation has messages older than the first of this page. */
  hasMore: z.boolean(),
});
export type MonitorMessagesData = z.infer<typeof monitorMessagesDataSchema>;

export const monitorStudentSchema = z.object({
  studentId: z.string(),
  /** The student's account: the address of its camera signalling and snapshots. */
  userId: z.string(),
  name: z.string(),
  rollNumber: z.string(),
  /** The student's section, 'CSE · A': an exam may be sat by several branches. */
  section: z.string(),
  attemptId: z.string().nullable(),
  status: z.enum(SITTING_STATUSES),
  connection: z.enum(CONNECTION_QUALITIES),
  rttMs: z.number().nullable(),
  lastActivityAt: z.string().nullable(),
  remainingMs: z.number(),
  /** The system check sent with the start: null when none was. */
  systemCheck: systemCheckSchema.nullable(),
  video: z.boolean(),
  audio: z.boolean(),
  /** Alerts about this student not dismissed. */
  warnings: z.number(),
  flags: z.number(),
});
export type MonitorStudent = z.infer<typeof monitorStudentSchema>;

export const monitorDataSchema = z.object({
  exam: z.object({
    _id: z.string(),
    title: z.string(),
    /** Until the exam's window opens; 0 once it has. */
    startsInMs: z.number(),
    /** Until the exam's window ends. */
    remainingMs: z.number(),
  }),
  /** The students who can sit the exam, and any who sat it before their account was deactivated. */
  totalStudents: z.number(),
  activeAlerts: z.number(),
  students: z.array(monitorStudentSchema),
  alerts: z.array(proctorAlertSchema),
  messages: z.array(proctorMessageDataSchema),
  thresholds: proctoringThresholdsSchema,
  serverNow: z.string(),
});
export type MonitorData = z.infer<typeof monitorDataSchema>;

/** How far ahead the admin's list of proctored exams looks for those about to open. */
export const PROCTORED_EXAMS_AHEAD_HOURS = 24;

/** A proctored exam open now, or opening within `PROCTORED_EXAMS_AHEAD_HOURS`, with its sitting. */
export const proctoredExamNowSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  subject: z.string(),
  scheduleDetails: scheduleDetailsSchema,
  /** Until the exam's window opens; 0 once it has. */
  startsInMs: z.number(),
  /** Until the exam's window ends. */
  remainingMs: z.number(),
  /** As the exam's monitor counts them. */
  totalStudents: z.number(),
  /** Students whose attempt is in progress. */
  sitting: z.number(),
});
export type ProctoredExamNow = z.infer<typeof proctoredExamNowSchema>;

export const proctoredExamsNowDataSchema = z.object({
  exams: z.array(proctoredExamNowSchema),
});

export const proctorActionSchema = z.object({
  _id: z.string(),
  attemptId: z.string().nullable(),
  studentId: z.string().nullable(),
  type: z.enum(PROCTOR_ACTION_TYPES),
  actorId: z.string().nullable(),
  actorName: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type ProctorAction = z.infer<typeof proctorActionSchema>;

export const timelineEventSchema = z.object({
  _id: z.string(),
  type: z.enum(PROCTOR_EVENT_TYPES),
  at: z.string(),
  receivedAt: z.string(),
  // A heartbeat stored before the server measured the round trip on the socket carries the page's.
  detail: proctorEventDetailSchema.extend({ rttMs: z.number().optional() }).nullable(),
});

export const attemptTimelineSchema = z.object({
  attempt: z.object({
    _id: z.string(),
    examId: z.string(),
    studentId: z.string(),
    status: z.enum(['IN_PROGRESS', 'SUBMITTED']),
    systemCheck: systemCheckSchema.nullable(),
    /** Whose sitting of which exam, and its start and end: what the review's page is headed by. */
    examTitle: z.string(),
    studentName: z.string(),
    rollNumber: z.string(),
    startedAt: z.string(),
    submittedAt: z.string().nullable(),
    submitTrigger: z.enum(SUBMIT_TRIGGERS).nullable(),
  }),
  events: z.array(timelineEventSchema),
  alerts: z.array(proctorAlertSchema),
  actions: z.array(proctorActionSchema),
});
export type AttemptTimeline = z.infer<typeof attemptTimelineSchema>;

/**
 * What changed in a proctored exam, as the server announces it to whoever watches the exam
 * live; it travels the live channel as it is (a `proctoring` message) and the monitor merges it
 * into its read. Every update is for the exam's proctors. `recipientUserId` says which student
 * sees it too: that one student (by account), or null for every student of the exam; an update
 * without it is for the proctors only.
 */
export const proctoringUpdateSchema = z.discriminatedUnion('kind', [
  /**
   * Part of a student's monitor row changed (all of it after a report or a submission; the round
   * trip and connection once the student's socket measured them): merged into the row.
   */
  z.object({
    kind: z.literal('student'),
    student: monitorStudentSchema.partial().required({ studentId: true }),
  }),
  z.object({ kind: z.literal('alerts'), alerts: z.array(proctorAlertSchema) }),
  z.object({ kind: z.literal('alert-reviewed'), alert: proctorAlertSchema }),
  z.object({
    kind: z.literal('message'),
    message: proctorMessageDataSchema,
    recipientUserId: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('deadline'),
    attemptId: z.string(),
    deadlineAt: z.string(),
    remainingMs: z.number(),
    recipientUserId: z.string(),
  }),
  z.object({
    kind: z.literal('attempt-ended'),
    attemptId: z.string(),
    reason: z.string(),
    recipientUserId: z.string(),
  }),
]);
export type ProctoringUpdate = z.infer<typeof proctoringUpdateSchema>;
