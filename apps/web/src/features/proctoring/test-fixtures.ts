import type {
  MonitorData,
  MonitorStudent as MonitorRow,
  ProctorAlert,
  ProctoringUpdate,
  ProctorMessage,
  ServerMessage,
} from '@examiq/contracts';

/** The server's time in every fixture; the browser's clock runs 2 s behind it. */
export const SERVER_NOW = '2030-03-14T09:40:00.000Z';
export const CLOCK_OFFSET = 2_000;
export const LOCAL_NOW = Date.parse(SERVER_NOW) - CLOCK_OFFSET;

export const ids = {
  exam: '40000000-0000-4000-8000-000000000001',
  asha: '50000000-0000-4000-8000-000000000001',
  ashaUser: '51000000-0000-4000-8000-000000000001',
  ashaAttempt: '52000000-0000-4000-8000-000000000001',
  ravi: '50000000-0000-4000-8000-000000000002',
  raviUser: '51000000-0000-4000-8000-000000000002',
};

/** Server instants `seconds` before SERVER_NOW. */
export const secondsAgo = (seconds: number) =>
  new Date(Date.parse(SERVER_NOW) - seconds * 1000).toISOString();

export function makeRow(overrides: Partial<MonitorRow> = {}): MonitorRow {
  return {
    studentId: ids.asha,
    userId: ids.ashaUser,
    name: 'Asha Patel',
    rollNumber: 'CSE-24-001',
    section: 'CSE · A',
    attemptId: ids.ashaAttempt,
    status: 'IN_PROGRESS',
    connection: 'excellent',
    rttMs: 80,
    lastActivityAt: secondsAgo(3),
    remainingMs: 45 * 60_000,
    systemCheck: { camera: true, microphone: true, fullscreen: true, connection: true },
    video: true,
    audio: true,
    warnings: 1,
    flags: 0,
    ...overrides,
  };
}

/** Ravi has not started. */
export const notStarted = (overrides: Partial<MonitorRow> = {}) =>
  makeRow({
    studentId: ids.ravi,
    userId: ids.raviUser,
    name: 'Ravi Kumar',
    rollNumber: 'CSE-24-002',
    attemptId: null,
    status: 'NOT_STARTED',
    connection: 'disconnected',
    rttMs: null,
    lastActivityAt: null,
    remainingMs: 0,
    systemCheck: null,
    video: false,
    audio: false,
    warnings: 0,
    ...overrides,
  });

export function makeAlert(overrides: Partial<ProctorAlert> = {}): ProctorAlert {
  return {
    _id: '60000000-0000-4000-8000-000000000001',
    examId: ids.exam,
    attemptId: ids.ashaAttempt,
    studentId: ids.asha,
    studentName: 'Asha Patel',
    type: 'warning',
    signal: 'TAB_HIDDEN',
    message: 'Switched away from the exam tab',
    at: secondsAgo(60),
    reviewStatus: 'PENDING',
    reviewedBy: null,
    reviewedAt: null,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ProctorMessage> = {}): ProctorMessage {
  return {
    _id: '70000000-0000-4000-8000-000000000001',
    examId: ids.exam,
    studentId: ids.asha,
    kind: 'CHAT',
    from: 'STUDENT',
    senderName: 'Asha Patel',
    text: 'May I use rough paper?',
    at: secondsAgo(120),
    ...overrides,
  };
}

export function makeMonitorData(overrides: Partial<MonitorData> = {}): MonitorData {
  return {
    exam: { _id: ids.exam, title: 'Physics Final', startsInMs: 0, remainingMs: 60 * 60_000 },
    totalStudents: 2,
    activeAlerts: 1,
    students: [makeRow(), notStarted()],
    alerts: [makeAlert()],
    messages: [makeMessage()],
    thresholds: { warnAt: 1, flagAt: 3, autoSubmitAfterFlags: null },
    serverNow: SERVER_NOW,
    ...overrides,
  };
}

/** A proctoring change of the exam, as the live channel carries it. */
export const live = (update: ProctoringUpdate): Extract<ServerMessage, { type: 'proctoring' }> => ({
  type: 'proctoring',
  examId: ids.exam,
  update,
});
