import { z } from 'zod';
import { scheduleDetailsSchema } from './exams';
import { masterDataCountsSchema } from './master-data';
import { examResultStatusSchema } from './results';

/** Where a published exam stands against the clock (the spec's sample statuses). */
export const EXAM_PROGRESS = ['Scheduled', 'Ongoing', 'Completed'] as const;
export type ExamProgress = (typeof EXAM_PROGRESS)[number];

/** The exam's wall-clock window: [start, end) as 'YYYY-MM-DDTHH:mm' in the institution's time. */
export function examWindow(schedule: {
  examDate?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}): { start: string; end: string } | null {
  if (schedule.examDate && schedule.startTime && schedule.endTime) {
    return {
      start: `${schedule.examDate}T${schedule.startTime}`,
      end: `${schedule.examDate}T${schedule.endTime}`,
    };
  }
  if (schedule.startDate && schedule.endDate) {
    // A date range runs from the first day's start time (midnight unless given) to its last
    // day's end time (the end of that day unless given).
    const start = `${schedule.startDate}T${schedule.startTime ?? '00:00'}`;
    if (schedule.endTime) return { start, end: `${schedule.endDate}T${schedule.endTime}` };
    const next = new Date(`${schedule.endDate}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return { start, end: `${next.toISOString().slice(0, 10)}T00:00` };
  }
  return null;
}

/** `now` is the institution's wall-clock time as 'YYYY-MM-DDTHH:mm'. */
export function examProgress(
  schedule: Parameters<typeof examWindow>[0],
  now: string,
): ExamProgress | null {
  const window = examWindow(schedule);
  if (!window) return null;
  if (now < window.start) return 'Scheduled';
  if (now < window.end) return 'Ongoing';
  return 'Completed';
}

export const examStatisticsSchema = z.object({
  ongoing: z.number(),
  completed: z.number(),
  upcoming: z.number(),
  pendingResults: z.number(),
});
export type ExamStatistics = z.infer<typeof examStatisticsSchema>;

export const recentExamSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  subject: z.string(),
  course: z.object({ _id: z.string(), name: z.string(), fullName: z.string() }),
  batch: z.object({ _id: z.string(), name: z.string() }),
  scheduleDetails: scheduleDetailsSchema,
  participants: z.number(),
  status: z.enum(EXAM_PROGRESS),
});
export type RecentExam = z.infer<typeof recentExamSchema>;

/** `data` of GET /admin/overview: every figure of the dashboard in one answer. */
export const dashboardOverviewSchema = z.object({
  systemOverview: masterDataCountsSchema,
  examStatistics: examStatisticsSchema,
  recentExams: z.array(recentExamSchema),
  /** The newest completed exams with where their results stand (Result Publishing Status). */
  resultStatuses: z.array(examResultStatusSchema),
  /** The wall-clock time the figures were computed at, 'YYYY-MM-DDTHH:mm'. */
  asOf: z.string(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

export const RECENT_EXAMS_LIMIT = 5;
export const RESULT_STATUSES_LIMIT = 5;
