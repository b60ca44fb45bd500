import type { ExamListItem, ScheduleDetails } from '@examiq/contracts';
import { exams } from '../../db/schema';

/** The columns an exam list row shows. */
export const listColumns = {
  id: exams.id,
  examId: exams.examId,
  title: exams.title,
  subject: exams.subject,
  mode: exams.mode,
  status: exams.status,
  totalMarks: exams.totalMarks,
  passingMarks: exams.passingMarks,
  durationMinutes: exams.durationMinutes,
  examDate: exams.examDate,
  startTime: exams.startTime,
  endTime: exams.endTime,
  startDate: exams.startDate,
  endDate: exams.endDate,
  bufferBeforeMinutes: exams.bufferBeforeMinutes,
  bufferAfterMinutes: exams.bufferAfterMinutes,
  shuffleQuestions: exams.shuffleQuestions,
  shuffleOptions: exams.shuffleOptions,
  showAnswersAfterPublish: exams.showAnswersAfterPublish,
  createdAt: exams.createdAt,
};
type ExamListRow = Pick<typeof exams.$inferSelect, keyof typeof listColumns>;

/** The database answers times as HH:mm:ss; the contract's times are HH:mm. */
const hoursAndMinutes = (time: string | null) => time?.slice(0, 5);

/** Only the fields of the exam's mode; the table's check keeps the other mode's columns empty. */
export function scheduleDetailsOf(
  row: Pick<
    ExamListRow,
    | 'mode'
    | 'examDate'
    | 'startTime'
    | 'endTime'
    | 'startDate'
    | 'endDate'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
  >,
): ScheduleDetails {
  const bufferTime = { beforeExam: row.bufferBeforeMinutes, afterExam: row.bufferAfterMinutes };
  return row.mode === 'PROCTORING'
    ? {
        examDate: row.examDate ?? undefined,
        startTime: hoursAndMinutes(row.startTime),
        endTime: hoursAndMinutes(row.endTime),
        bufferTime,
      }
    : {
        startDate: row.startDate ?? undefined,
        endDate: row.endDate ?? undefined,
        // An AUTO exam without clock times reads as the spec's: dates only.
        ...(row.startTime ? { startTime: hoursAndMinutes(row.startTime) } : {}),
        ...(row.endTime ? { endTime: hoursAndMinutes(row.endTime) } : {}),
        bufferTime,
      };
}

/**
 * How an exam is named at the head of every answer about it (ids, title, subject and mode), then
 * the caller's `fields`. The fields are assigned onto the header rather than written after a
 * spread of it: in V8, `{ ...header, more }` costs microseconds an object, which a page of ten
 * exams paid in a third of its throughput.
 */
export function examHeaderOf<Fields extends object = Record<never, never>>(
  exam: Pick<ExamListRow, 'id' | 'examId' | 'title' | 'subject' | 'mode'>,
  fields?: Fields,
) {
  const header = {
    _id: exam.id,
    examId: exam.examId,
    examTitle: exam.title,
    subject: exam.subject,
    examMode: exam.mode,
  };
  return Object.assign(header, fields);
}

/** An exam as the results, grading and report calls head their answers with, then `fields`. */
export function examHeaderWithMarksOf<Fields extends object = Record<never, never>>(
  exam: Parameters<typeof examHeaderOf>[0] &
    Pick<ExamListRow, 'totalMarks' | 'passingMarks'> &
    Parameters<typeof scheduleDetailsOf>[0],
  fields?: Fields,
) {
  const header = examHeaderOf(exam, {
    totalMarks: exam.totalMarks,
    passingMarks: exam.passingMarks,
    scheduleDetails: scheduleDetailsOf(exam),
  });
  return Object.assign(header, fields);
}

export function toExamListItem(row: ExamListRow, assignedFacultyIds: string[]): ExamListItem {
  return examHeaderOf(row, {
    examStatus: row.status,
    totalMarks: row.totalMarks,
    passingMarks: row.passingMarks,
    duration: row.durationMinutes,
    scheduleDetails: scheduleDetailsOf(row),
    assignedFacultyIds,
    shuffleQuestions: row.shuffleQuestions,
    shuffleOptions: row.shuffleOptions,
    showAnswersAfterPublish: row.showAnswersAfterPublish,
    createdAt: row.createdAt.toISOString(),
  });
}
