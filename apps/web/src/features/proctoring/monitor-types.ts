import type { AlertReviewStatus, SittingStatus } from '@examiq/contracts';

/**
 * What the proctoring screen shows. The screen depends on these shapes only, never on where they
 * come from: the generated sample and a sitting watched live feed the same components.
 */

export type ConnectionQuality = 'excellent' | 'good' | 'poor' | 'disconnected';

export type AlertType = 'error' | 'warning' | 'info';

export interface MonitorStudent {
  id: string;
  name: string;
  rollNumber: string;
  /** The student's section ('ECE · A') where the exam is sat by several; absent in the sample. */
  section?: string;
  /** Where the student is in the exam: everyone in the sample is sitting it. */
  status: SittingStatus;
  isVideoEnabled: boolean;
  isAudioEnabled: boolean;
  connectionQuality: ConnectionQuality;
  /** Warnings issued to the student during this exam. */
  warnings: number;
  /** Absent where screens are not captured (a live sitting): nothing to show then. */
  screenSharing?: boolean;
  /** When the student last showed a sign of life (epoch milliseconds); null before starting. */
  lastActivity: number | null;
  /** When the student's own sitting closes, extra time included (epoch milliseconds), if known. */
  deadline?: number;
}

/** The line under a student's name: their roll number, and their section when known. */
export function rollAndSection(student: Pick<MonitorStudent, 'rollNumber' | 'section'>): string {
  return student.section ? `${student.rollNumber} (${student.section})` : student.rollNumber;
}

export function isConnected(student: MonitorStudent): boolean {
  return student.connectionQuality !== 'disconnected';
}

export interface MonitorAlert {
  id: string;
  type: AlertType;
  message: string;
  studentId: string;
  /** When it was raised (epoch milliseconds). */
  time: number;
  review: AlertReviewStatus;
}

export interface ChatMessage {
  id: string;
  /** The student the message is to or from; null for a message to every student. */
  studentId: string | null;
  sender: 'proctor' | 'student';
  text: string;
  /** Epoch milliseconds. */
  time: number;
  /** A proctor's warning, shown on the student's screen rather than in their chat. */
  warning?: boolean;
  /** The proctor who wrote it, where several may watch; absent: this proctor. */
  author?: string;
}

export interface MonitorExam {
  title: string;
  /** A line under the title, e.g. the cohort and the duration. */
  subtitle?: string;
  /** When the sitting opens (epoch milliseconds), if known: until then the countdown runs to it. */
  startsAt?: number;
  /** When the sitting closes (epoch milliseconds); from its start, the countdown runs towards it. */
  endsAt: number;
}

export interface MonitorSnapshot {
  exam: MonitorExam;
  students: MonitorStudent[];
  /** Newest first. */
  alerts: MonitorAlert[];
  /** Alerts nobody has reviewed yet. */
  activeAlerts: number;
  /** Every conversation, oldest message first. */
  messages: ChatMessage[];
}

/** Where a feed comes from: generated in the page, or a sitting watched over the live channel. */
export type MonitorSource =
  | { kind: 'sample' }
  | { kind: 'live'; status: 'connecting' | 'live' | 'offline' };

/** A student's camera as a tile shows it: the live video, else the latest still, else nothing. */
export interface CameraFeed {
  stream: MediaStream | null;
  snapshot: { image: string; at: number } | null;
}

export type AlertReview = Exclude<AlertReviewStatus, 'PENDING'>;

/** What a proctor does to a sitting; each resolves with the server's confirmation. */
export interface ProctorActions {
  warn: (studentId: string, text: string) => Promise<string>;
  grantExtraTime: (studentId: string, minutes: number) => Promise<string>;
  endAttempt: (studentId: string, reason: string) => Promise<string>;
  reviewAlert: (alertId: string, review: AlertReview) => Promise<string>;
}

export interface MonitorFeed extends MonitorSnapshot {
  source: MonitorSource;
  /** To one student, or to every student with null; settles once the message is sent. */
  sendMessage: (studentId: string | null, text: string) => Promise<void> | void;
  /**
   * Reads the page of a conversation (a student's, or with null the one written to all) older
   * than the message `before` into the feed; resolves whether older ones remain. Absent in the
   * sample, which holds all of its chat.
   */
  loadEarlierMessages?: (studentId: string | null, before: string) => Promise<boolean>;
  /** Absent in the sample, which acts on no one. */
  actions?: ProctorActions;
  /** Each student's camera by student id; absent in the sample, which has no media. */
  cameras?: ReadonlyMap<string, CameraFeed>;
}
