/**
 * What the proctoring screen shows. The screen depends on these shapes only, never on where they
 * come from, so the mock feed can give way to live data without touching a component.
 */

export type ConnectionQuality = 'excellent' | 'good' | 'poor' | 'disconnected';

export type AlertType = 'error' | 'warning' | 'info';

export interface MonitorStudent {
  id: string;
  name: string;
  rollNumber: string;
  isVideoEnabled: boolean;
  isAudioEnabled: boolean;
  connectionQuality: ConnectionQuality;
  /** Warnings issued to the student during this exam. */
  warnings: number;
  screenSharing: boolean;
  /** When the student last answered, moved or typed (epoch milliseconds). */
  lastActivity: number;
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
}

export interface ChatMessage {
  id: string;
  studentId: string;
  sender: 'proctor' | 'student';
  text: string;
  /** Epoch milliseconds. */
  time: number;
}

export interface MonitorExam {
  title: string;
  /** Course, branch and section the sitting belongs to. */
  cohort: string;
  durationMinutes: number;
  /** When the sitting closes (epoch milliseconds); the countdown runs towards it. */
  endsAt: number;
}

export interface MonitorSnapshot {
  exam: MonitorExam;
  students: MonitorStudent[];
  /** Newest first. */
  alerts: MonitorAlert[];
  /** Every conversation, oldest message first. */
  messages: ChatMessage[];
}

export interface MonitorFeed extends MonitorSnapshot {
  sendMessage: (studentId: string, text: string) => void;
}
