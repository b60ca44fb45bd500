import { type ExamResultsData, examWindow, RESULT_MESSAGES } from '@examiq/contracts';
import { formatDate } from '@/lib/format';

/** The viewer's wall-clock minute, 'YYYY-MM-DDTHH:mm', as exam windows are written. */
function wallClockMinute(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** When the exam's window closes, as a person waiting for it would say it. */
function closingText(schedule: ExamResultsData['exam']['scheduleDetails'], now: Date) {
  const window = examWindow(schedule);
  if (!window) return null;
  const current = wallClockMinute(now);
  if (window.end <= current) return null;
  // An AUTO exam without an end time closes as its last day ends.
  if (schedule.endDate && !schedule.endTime) return `the end of ${formatDate(schedule.endDate)}`;
  const [day = '', time = ''] = window.end.split('T');
  return day === current.slice(0, 10) ? time : `${formatDate(day)}, ${time}`;
}

/**
 * Why publishing would be refused now and what to do, in the order the server checks; null when
 * Publish can be offered.
 */
export function publishBlocker(data: ExamResultsData, now: Date): string | null {
  if (data.resultStatus === 'Published') return null;
  if (!data.sittingsOver) {
    const closing = closingText(data.exam.scheduleDetails, now);
    return closing
      ? `Results can be published once the exam has ended. End it now, or wait until ${closing}.`
      : 'Results can be published once every sitting is over. End the exam now, or wait for the students still sitting to finish.';
  }
  if (data.summary.answersToMark > 0) {
    return `Results can be published once every answer is marked: ${RESULT_MESSAGES.answersToMark(data.summary.answersToMark).toLowerCase()}.`;
  }
  return null;
}
