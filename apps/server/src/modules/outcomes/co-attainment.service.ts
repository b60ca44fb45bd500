import {
  type AttainmentLevels,
  type CourseAttainmentData,
  type CourseAttainmentQuery,
  type ExamAttainmentData,
  FIND_MESSAGES,
} from '@examiq/contracts';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { batches, courses, exams, sections } from '../../db/schema';
import { ApiError } from '../../errors';
import { attainmentLevelsOf, outcomesOfCourses } from '../banks/course-outcomes';
import { publishedExam } from '../results/scores';
import { outcomeAttainment } from './attainment';
import { paperShares } from './paper-shares';

const courseName = sql<string>`coalesce(nullif(${courses.fullName}, ''), ${courses.name})`;

/** Each course's level bands, read once per course a report names. */
async function levelsByCourse(db: AppDatabase, courseIds: string[]) {
  const levels = new Map<string, AttainmentLevels>();
  for (const courseId of courseIds) levels.set(courseId, await attainmentLevelsOf(db, courseId));
  return (courseId: string) => levels.get(courseId) as AttainmentLevels;
}

/**
 * An exam's course outcome attainment over the students who submitted it (the absent sat no
 * paper), beside where its paper's marks lie by Bloom's level and difficulty. The outcomes are
 * those of the exam's course, then those of any other course whose bank questions it used.
 */
export async function examAttainment(db: AppDatabase, examId: string): Promise<ExamAttainmentData> {
  const exam = await publishedExam(db, examId);
  const [course] = await db
    .select({ name: courseName })
    .from(courses)
    .where(eq(courses.id, exam.courseId));
  const shares = await paperShares(db, exam.id);
  const courseIds = [exam.courseId, ...[...shares.courseIds].filter((id) => id !== exam.courseId)];
  const outcomes = (await outcomesOfCourses(db, courseIds)).sort(
    (a, b) => courseIds.indexOf(a.courseId) - courseIds.indexOf(b.courseId),
  );
  const levelsOf = await levelsByCourse(db, courseIds);
  return {
    exam: {
      _id: exam.id,
      examId: exam.examId,
      title: exam.title,
      courseId: exam.courseId,
      courseName: course?.name ?? '',
      totalMarks: exam.totalMarks,
    },
    levels: levelsOf(exam.courseId),
    outcomes: await outcomeAttainment(
      db,
      { examIds: [exam.id], sectionId: null, courseId: null },
      outcomes,
      levelsOf,
      shares.outcomeMarks,
    ),
    bloomLevels: shares.bloomLevels,
    difficulties: shares.difficulties,
  };
}

/** The day an exam is sat: its date, or its window's first day. */
const examDay = sql<string>`coalesce(${exams.examDate}, ${exams.startDate})::text`;

/**
 * A course's outcome attainment over a term: its published exams whose results are published and
 * whose day is in the range, the students (of one section, if named) summed over those exams, each
 * counted once per outcome.
 */
export async function courseAttainment(
  db: AppDatabase,
  courseId: string,
  query: CourseAttainmentQuery,
): Promise<CourseAttainmentData> {
  const [course] = await db
    .select({ _id: courses.id, name: courseName, batchName: batches.name })
    .from(courses)
    .innerJoin(batches, eq(batches.id, courses.batchId))
    .where(eq(courses.id, courseId));
  if (!course) throw new ApiError(404, FIND_MESSAGES.courseNotFound);
  const sectionId = query.sectionId ?? null;
  if (sectionId) {
    const [section] = await db
      .select({ id: sections.id })
      .from(sections)
      .where(eq(sections.id, sectionId));
    if (!section) throw new ApiError(404, FIND_MESSAGES.sectionNotFound);
  }
  const examsInTerm = await db
    .select({ _id: exams.id, title: exams.title, day: examDay })
    .from(exams)
    .where(
      and(
        eq(exams.courseId, courseId),
        eq(exams.status, 'PUBLISH'),
        isNotNull(exams.resultsPublishedAt),
        query.from ? sql`${examDay} >= ${query.from}` : undefined,
        query.to ? sql`${examDay} <= ${query.to}` : undefined,
      ),
    )
    .orderBy(asc(examDay), asc(exams.title));
  const levelsOf = await levelsByCourse(db, [courseId]);
  return {
    course,
    sectionId,
    from: query.from ?? null,
    to: query.to ?? null,
    levels: levelsOf(courseId),
    exams: examsInTerm,
    outcomes: await outcomeAttainment(
      db,
      { examIds: examsInTerm.map((exam) => exam._id), sectionId, courseId },
      await outcomesOfCourses(db, [courseId]),
      levelsOf,
    ),
  };
}
