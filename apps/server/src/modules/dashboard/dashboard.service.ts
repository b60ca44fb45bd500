import {
  type DashboardOverview,
  type ExamStatistics,
  examProgress,
  RECENT_EXAMS_LIMIT,
  RESULT_STATUSES_LIMIT,
  type RecentExam,
} from '@examiq/contracts';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { batches, courses, exams, examTargetSections, students } from '../../db/schema';
import { scheduleDetailsOf } from '../exams/exam-header';
import { countMasterData } from '../master-data/master-data-lists';
import { completedExams } from '../results/result-statuses';

// Written out, not bound: a statement planned once for any parameters can use the partial index
// on the published exams' windows only when it sees the value the index was built for.
const isPublished = sql`${exams.status} = 'PUBLISH'`;

function countWhere(condition: SQL) {
  return sql`count(*) filter (where ${condition})`.mapWith(Number);
}

/**
 * One aggregate over the published exams, from the index of their windows alone (the windows are
 * contracts' examWindow, computed by the database as each exam is written).
 */
const examStatisticsAt = perDatabase((db) => {
  const at = sql`${sql.placeholder('asOf')}::timestamp`;
  return db
    .select({
      upcoming: countWhere(sql`${at} < ${exams.windowStart}`),
      ongoing: countWhere(sql`${exams.windowStart} <= ${at} and ${at} < ${exams.windowEnd}`),
      completed: countWhere(sql`${exams.windowEnd} <= ${at}`),
    })
    .from(exams)
    .where(isPublished)
    .prepare('exam_statistics');
});

async function examStatistics(
  db: AppDatabase,
  asOf: string,
): Promise<Omit<ExamStatistics, 'pendingResults'>> {
  const [row] = await examStatisticsAt(db).execute({ asOf });
  if (!row) throw new Error('An aggregate query returned no row');
  return row;
}

/**
 * The most recently created published exams, each with its participants: the students whose
 * section is one of the exam's target sections.
 */
const newestPublishedExams = perDatabase((db) =>
  db
    .select({
      exam: exams,
      course: { _id: courses.id, name: courses.name, fullName: courses.fullName },
      batch: { _id: batches.id, name: batches.name },
      participants:
        sql`(select count(*) from ${examTargetSections} inner join ${students} on ${students.sectionId} = ${examTargetSections.sectionId} where ${examTargetSections.examId} = ${exams.id})`.mapWith(
          Number,
        ),
    })
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .innerJoin(batches, eq(batches.id, exams.batchId))
    .where(isPublished)
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .limit(RECENT_EXAMS_LIMIT)
    .prepare('newest_published_exams'),
);

/** The most recently created published exams, with where each stands at `asOf`. */
async function recentExams(db: AppDatabase, asOf: string): Promise<RecentExam[]> {
  const rows = await newestPublishedExams(db).execute();
  return rows.map(({ exam, course, batch, participants }) => {
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
      participants,
      status,
    };
  });
}

/** Every figure of the admin dashboard at the wall-clock minute `asOf`. */
export async function dashboardOverview(db: AppDatabase, asOf: string): Promise<DashboardOverview> {
  const [systemOverview, statistics, recent, completed] = await Promise.all([
    countMasterData(db),
    examStatistics(db, asOf),
    recentExams(db, asOf),
    completedExams(db, asOf, { page: 1, limit: RESULT_STATUSES_LIMIT }),
  ]);
  return {
    systemOverview,
    examStatistics: {
      ...statistics,
      pendingResults: completed.pending,
    },
    recentExams: recent,
    resultStatuses: completed.exams,
    asOf,
  };
}
