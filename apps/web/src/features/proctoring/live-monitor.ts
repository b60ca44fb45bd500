import {
  type MonitorData,
  type MonitorStudent as MonitorRow,
  PROCTORING_LIMITS,
  type ProctorAlert,
  type ProctoringUpdate,
  type ProctorMessage,
  type ServerMessage,
} from '@examiq/contracts';
import type { CameraFeed, MonitorSnapshot } from './monitor-types';

/**
 * A monitor watched live: the server's read, then every live message merged into it. Merging is
 * pure and tolerates a message it already has, so the messages that arrive while a new read is
 * on its way can be merged again into that read.
 */

/** A monitor row with the end of the student's sitting on this browser's clock. */
export interface LiveRow extends MonitorRow {
  /** Epoch milliseconds; null unless the student is sitting the exam. */
  deadline: number | null;
}

export interface Still {
  image: string;
  /** Epoch milliseconds, on this browser's clock. */
  at: number;
}

export interface LiveMonitorState {
  exam: { id: string; title: string; startsAt: number; endsAt: number };
  activeAlerts: number;
  students: LiveRow[];
  /** Newest first. */
  alerts: ProctorAlert[];
  /** Oldest first. */
  messages: ProctorMessage[];
  /** Each student's latest camera still, by student account. */
  stills: ReadonlyMap<string, Still>;
  /** The server's clock minus this browser's: server instants are shown on this clock. */
  clockOffset: number;
}

const withDeadline = (row: MonitorRow, now: number): LiveRow => ({
  ...row,
  deadline: row.status === 'IN_PROGRESS' ? now + row.remainingMs : null,
});

/** The state of a fresh read received at `now`; stills are kept, the read has none. */
export function monitorStateOf(
  data: MonitorData,
  now: number,
  stills: ReadonlyMap<string, Still> = new Map(),
): LiveMonitorState {
  return {
    exam: {
      id: data.exam._id,
      title: data.exam.title,
      startsAt: now + data.exam.startsInMs,
      endsAt: now + data.exam.remainingMs,
    },
    activeAlerts: data.activeAlerts,
    students: data.students.map((row) => withDeadline(row, now)),
    alerts: data.alerts,
    messages: data.messages,
    stills,
    clockOffset: Date.parse(data.serverNow) - now,
  };
}

function updateRows(
  state: LiveMonitorState,
  matches: (row: LiveRow) => boolean,
  update: (row: LiveRow) => LiveRow,
): LiveMonitorState {
  let changed = false;
  const students = state.students.map((row) => {
    if (!matches(row)) return row;
    const updated = update(row);
    changed ||= updated !== row;
    return updated;
  });
  return changed ? { ...state, students } : state;
}

const isBefore = (a: string | null, b: string | null) =>
  a !== null && b !== null && Date.parse(a) <= Date.parse(b);

function mergeRow(
  state: LiveMonitorState,
  update: Extract<ProctoringUpdate, { kind: 'student' }>['student'],
  now: number,
): LiveMonitorState {
  return updateRows(
    state,
    (row) => row.studentId === update.studentId,
    (row) => {
      // The row of a report the read already holds: the read is as fresh or fresher.
      if (
        update.lastActivityAt !== undefined &&
        isBefore(update.lastActivityAt, row.lastActivityAt)
      )
        return row;
      const merged = { ...row, ...update };
      return update.remainingMs === undefined && update.status === undefined
        ? merged
        : withDeadline(merged, now);
    },
  );
}

/** Whether `incoming` is a later state of `known`: a review never goes back to pending. */
function isLater(incoming: ProctorAlert, known: ProctorAlert): boolean {
  if (incoming.reviewStatus === 'PENDING') return false;
  if (known.reviewStatus === 'PENDING') return true;
  return !isBefore(incoming.reviewedAt, known.reviewedAt);
}

const pending = (alert: ProctorAlert) => (alert.reviewStatus === 'PENDING' ? 1 : 0);
/** Alerts count as the student's warnings (and errors as flags) until dismissed. */
const counted = (alert: ProctorAlert) => (alert.reviewStatus === 'DISMISSED' ? 0 : 1);

function mergeAlert(state: LiveMonitorState, alert: ProctorAlert): LiveMonitorState {
  const known = state.alerts.find((candidate) => candidate._id === alert._id);
  if (!known) {
    // A new alert: the student's counts came with the report's row, just before it.
    const at = Date.parse(alert.at);
    const index = state.alerts.findIndex((candidate) => Date.parse(candidate.at) < at);
    const alerts = [...state.alerts];
    alerts.splice(index === -1 ? alerts.length : index, 0, alert);
    return { ...state, alerts, activeAlerts: state.activeAlerts + pending(alert) };
  }
  if (!isLater(alert, known)) return state;
  const next: LiveMonitorState = {
    ...state,
    alerts: state.alerts.map((candidate) => (candidate._id === alert._id ? alert : candidate)),
    activeAlerts: state.activeAlerts + pending(alert) - pending(known),
  };
  // A review sends no row: the student's counts follow from the alert's change.
  const warnings = counted(alert) - counted(known);
  if (warnings === 0) return next;
  return updateRows(
    next,
    (row) => row.attemptId === alert.attemptId,
    (row) => ({
      ...row,
      warnings: row.warnings + warnings,
      flags: row.flags + (alert.type === 'error' ? warnings : 0),
    }),
  );
}

function mergeMessage(state: LiveMonitorState, message: ProctorMessage): LiveMonitorState {
  if (state.messages.some((candidate) => candidate._id === message._id)) return state;
  const at = Date.parse(message.at);
  const index = state.messages.findLastIndex((candidate) => Date.parse(candidate.at) <= at);
  const messages = [...state.messages];
  messages.splice(index + 1, 0, message);
  return { ...state, messages };
}

/**
 * The state once a proctoring change (received at `now`) is merged in, as the server announced
 * it; the same state if it changes nothing.
 */
export function applyUpdate(
  state: LiveMonitorState,
  update: ProctoringUpdate,
  now: number,
): LiveMonitorState {
  switch (update.kind) {
    case 'student':
      return mergeRow(state, update.student, now);
    case 'alerts':
      return update.alerts.reduce(mergeAlert, state);
    case 'alert-reviewed':
      return mergeAlert(state, update.alert);
    case 'message':
      return mergeMessage(state, update.message);
    case 'deadline':
      return updateRows(
        state,
        (row) => row.attemptId === update.attemptId,
        (row) => withDeadline({ ...row, remainingMs: update.remainingMs }, now),
      );
    case 'attempt-ended':
      return updateRows(
        state,
        (row) => row.attemptId === update.attemptId && row.status === 'IN_PROGRESS',
        (row) => ({
          ...row,
          status: 'SUBMITTED',
          connection: 'disconnected',
          video: false,
          audio: false,
          remainingMs: 0,
          deadline: null,
        }),
      );
  }
}

/** The state once `message` (received at `now`) is merged in; the same state if it changes nothing. */
export function applyLiveMessage(
  state: LiveMonitorState,
  message: ServerMessage,
  now: number,
): LiveMonitorState {
  if (!('examId' in message) || message.examId !== state.exam.id) return state;
  switch (message.type) {
    case 'proctoring':
      return applyUpdate(state, message.update, now);
    case 'snapshot': {
      const at = Date.parse(message.at) - state.clockOffset;
      const known = state.stills.get(message.userId);
      if (known && known.at >= at) return state;
      const stills = new Map(state.stills);
      stills.set(message.userId, { image: message.image, at });
      return { ...state, stills };
    }
    default:
      return state;
  }
}

/**
 * Rows of students silent for longer than the server allows, shown disconnected: a student who
 * goes quiet sends nothing, so only the monitor's own clock can tell.
 */
export function withSilentDisconnected(state: LiveMonitorState, now: number): LiveMonitorState {
  const serverNow = now + state.clockOffset;
  return updateRows(
    state,
    (row) =>
      row.status === 'IN_PROGRESS' &&
      row.connection !== 'disconnected' &&
      row.lastActivityAt !== null &&
      serverNow - Date.parse(row.lastActivityAt) > PROCTORING_LIMITS.disconnectedAfterMs,
    (row) => ({ ...row, connection: 'disconnected', video: false, audio: false }),
  );
}

/** What the screen shows of the state, on this browser's clock. */
export function monitorSnapshotOf(state: LiveMonitorState): MonitorSnapshot {
  const local = (instant: string) => Date.parse(instant) - state.clockOffset;
  return {
    exam: { title: state.exam.title, startsAt: state.exam.startsAt, endsAt: state.exam.endsAt },
    students: state.students.map((row) => ({
      id: row.studentId,
      name: row.name,
      rollNumber: row.rollNumber,
      section: row.section,
      status: row.status,
      isVideoEnabled: row.video,
      isAudioEnabled: row.audio,
      connectionQuality: row.connection,
      warnings: row.warnings,
      lastActivity: row.lastActivityAt === null ? null : local(row.lastActivityAt),
      ...(row.deadline !== null && { deadline: row.deadline }),
    })),
    alerts: state.alerts.map((alert) => ({
      id: alert._id,
      type: alert.type,
      message: alert.message,
      studentId: alert.studentId,
      time: local(alert.at),
      review: alert.reviewStatus,
    })),
    activeAlerts: state.activeAlerts,
    messages: state.messages.map((message) => ({
      id: message._id,
      studentId: message.studentId,
      sender: message.from === 'PROCTOR' ? 'proctor' : 'student',
      text: message.text,
      time: local(message.at),
      ...(message.kind === 'WARNING' && { warning: true }),
      ...(message.from === 'PROCTOR' && { author: message.senderName }),
    })),
  };
}

/** Each student's camera by student id: the connected video, else the latest still. */
export function cameraViewsOf(
  state: LiveMonitorState,
  streams: ReadonlyMap<string, MediaStream>,
): ReadonlyMap<string, CameraFeed> {
  const views = new Map<string, CameraFeed>();
  for (const row of state.students) {
    const stream = streams.get(row.userId) ?? null;
    const snapshot = state.stills.get(row.userId) ?? null;
    if (stream || snapshot) views.set(row.studentId, { stream, snapshot });
  }
  return views;
}

/** The students a camera connection is offered to: those sitting the exam and connected. */
export function cameraUserIds(state: LiveMonitorState): string[] {
  return state.students
    .filter((row) => row.status === 'IN_PROGRESS' && row.connection !== 'disconnected')
    .map((row) => row.userId);
}
