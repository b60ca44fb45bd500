import { type ExamAvailability, examWindow, type ScheduleDetails } from '@examiq/contracts';
import { wallClockInstant } from '../../wall-clock';

export interface SittingWindow {
  /** The lobby opens `beforeExam` minutes before the start: instructions, no questions. */
  lobbyOpensAt: Date;
  /** Start is accepted from here until `endsAt`. */
  startsAt: Date;
  endsAt: Date;
}

/** When an exam can be sat: its window (dashboard rules) and its lobby's opening. */
export function sittingWindow(schedule: ScheduleDetails): SittingWindow {
  const window = examWindow(schedule);
  if (!window) throw new Error('A published exam has no schedule');
  const startsAt = wallClockInstant(window.start);
  return {
    lobbyOpensAt: new Date(startsAt.getTime() - schedule.bufferTime.beforeExam * 60_000),
    startsAt,
    endsAt: wallClockInstant(window.end),
  };
}

export function availabilityAt(window: SittingWindow, now: Date): ExamAvailability {
  if (now < window.lobbyOpensAt) return 'UPCOMING';
  if (now < window.endsAt) return 'OPEN';
  return 'CLOSED';
}
