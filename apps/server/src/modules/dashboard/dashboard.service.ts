import {
  type DashboardOverview,
  type ExamStatistics,
  examProgress,
  RECENT_EXAMS_LIMIT,
  type RecentExam,
} from '@examiq/contracts';
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { batches, courses, exams, examTargetSections, students } from '../../db/schema';
import { scheduleDetailsOf } from '../exams/exams.service';
import { countMasterData } from '../master-data/master-data.service';

/**
 * The wall-clock minute of `date` in the server's time zone (the `TZ` variable), as
 * 'YYYY-MM-DDTHH:mm': schedules are stored as the institution's wall-clock dates and times.
 */
function wallClockMinute(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const isPublished = eq(exams.status, 'PUBLISH');

// The window of contracts' examWindow, built in SQL so the database counts without sending rows.
// The table's check leaves the other mode's columns null, so coalesce picks the exam's own.
const windowStart = sql`coalesce(${exams.examDate} + ${exams.startTime}, ${exams.startDate}::timestamp)`;
const windowEnd = sql`coalesce(${exams.examDate} + ${exams.endTime}, (${exams.endDate} + 1)::timestamp)`;

function countWhere(condition: SQL) {
  return sql`count(*) filter (where ${condition})`.mapWith(Number);
}

/** One aggregate over the published exams, however many there are. */
async function examStatistics(db: AppDatabase, asOf: string): Promise<ExamStatistics> {
  const at = sql`${asOf}::timestamp`;
  const [row] = await db
    .select({
      upcoming: countWhere(sql`${at} < ${windowStart}`),
      ongoing: countWhere(sql`${windowStart} <= ${at} and ${at} < ${windowEnd}`),
      completed: countWhere(sql`${windowEnd} <= ${at}`),
    })
    .from(exams)
    .where(isPublished);
  if (!row) throw new Error('An aggregate query returned no row');
  // No result can be published yet, so every completed exam still awaits its results.
  return { ...row, pendingResults: row.completed };
}

/** Students whose section is one of the exam's target sections: one grouped query. */
async function participantsByExam(
  db: AppDatabase,
  examIds: string[],
): Promise<Map<string, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .select({ examId: examTargetSections.examId, participants: count() })
    .from(examTargetSections)
    .innerJoin(students, eq(students.sectionId, examTargetSections.sectionId))
    .where(inArray(examTargetSections.examId, examIds))
    .groupBy(examTargetSections.examId);
  return new Map(rows.map((row) => [row.examId, row.participants]));
}

/** The most recently created published exams, with where each stands at `asOf`. */
async function recentExams(db: AppDatabase, asOf: string): Promise<RecentExam[]> {
  const rows = await db
    .select({
      exam: exams,
      course: { _id: courses.id, name: courses.name, fullName: courses.fullName },
      batch: { _id: batches.id, name: batches.name },
    })
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .innerJoin(batches, eq(batches.id, exams.batchId))
    .where(isPublished)
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .limit(RECENT_EXAMS_LIMIT);
  const participants = await participantsByExam(
    db,
    rows.map((row) => row.exam.id),
  );
  return rows.map(({ exam, course, batch }) => {
    const scheduleDetails = scheduleDetailsOf(exam);
    const status = examProgress(scheduleDetails, asOf);
    if (!status) throw new Error(`Exam ${exam.examId} has no schedule`);
    return {
      _id: exam.id,
      examId: exam.examId,
      examTitle: exam.title,
      subject: exam.subject,
      course,
      batch,
      scheduleDetails,
      participants: participants.get(exam.id) ?? 0,
      status,
    };
  });
}

/** Every figure of the admin dashboard, at the wall-clock minute of `now`. */
export async function dashboardOverview(db: AppDatabase, now: Date): Promise<DashboardOverview> {
  const asOf = wallClockMinute(now);
  const [systemOverview, statistics, recent] = await Promise.all([
    countMasterData(db),
    examStatistics(db, asOf),
    recentExams(db, asOf),
  ]);
  return { systemOverview, examStatistics: statistics, recentExams: recent, asOf };
}
