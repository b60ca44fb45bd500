import {
  type AttainmentLevels,
  BANK_MESSAGES,
  type CourseOutcomesData,
  DEFAULT_ATTAINMENT_LEVELS,
  type SetCourseOutcomesPayload,
} from '@examiq/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { bankQuestions, courseBanks, courseOutcomes } from '../../db/schema';
import { FieldErrors } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type BankUser, courseNamed, rightsIn } from './bank-access';

const outcomesOfCourse = perDatabase((db) =>
  db
    .select({
      code: courseOutcomes.code,
      description: courseOutcomes.description,
      targetPercent: courseOutcomes.targetPercent,
    })
    .from(courseOutcomes)
    .where(eq(courseOutcomes.courseId, sql.placeholder('courseId')))
    .orderBy(asc(courseOutcomes.position))
    .prepare('course_outcomes_of_course'),
);

/** The outcome codes of a course, to check a question's against. */
export async function outcomeCodesOf(db: AppDatabase, courseId: string): Promise<Set<string>> {
  return new Set((await outcomesOfCourse(db).execute({ courseId })).map((row) => row.code));
}

/** The outcomes of each course named, in order, by course. */
export async function outcomesOfCourses(db: AppDatabase, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseOutcomes)
    .where(inArray(courseOutcomes.courseId, courseIds))
    .orderBy(asc(courseOutcomes.courseId), asc(courseOutcomes.position));
}

/** The bands of a course's attainment levels: the defaults until the admin sets its own. */
export async function attainmentLevelsOf(
  db: AppDatabase,
  courseId: string,
): Promise<AttainmentLevels> {
  const [bank] = await db
    .select({
      level1: courseBanks.level1Percent,
      level2: courseBanks.level2Percent,
      level3: courseBanks.level3Percent,
    })
    .from(courseBanks)
    .where(eq(courseBanks.courseId, courseId));
  return bank ?? { ...DEFAULT_ATTAINMENT_LEVELS };
}

/** A course's outcomes in order; a faculty member reads them in a bank they were granted. */
export async function getCourseOutcomes(
  db: AppDatabase,
  user: BankUser,
  courseId: string,
): Promise<CourseOutcomesData> {
  await rightsIn(db, user, courseId);
  return {
    courseId,
    outcomes: await outcomesOfCourse(db).execute({ courseId }),
    levels: await attainmentLevelsOf(db, courseId),
  };
}

/**
 * Replaces a course's outcomes. An outcome a bank question carries cannot be dropped: its marks
 * would silently stop counting toward attainment.
 */
export async function setCourseOutcomes(
  db: AppDatabase,
  actorUserId: string,
  courseId: string,
  input: SetCourseOutcomesPayload,
): Promise<CourseOutcomesData> {
  const course = await courseNamed(db, courseId);
  const kept = input.outcomes.map((outcome) => outcome.code);
  const [used] = await db
    .select({ code: sql<string>`code` })
    .from(
      sql`(select unnest(${bankQuestions.courseOutcomes}) as code from ${bankQuestions} where ${bankQuestions.courseId} = ${courseId}) as used`,
    )
    .where(sql`not (code = any(${sql.param(kept)}::text[]))`)
    .orderBy(sql`code`)
    .limit(1);
  if (used) throw new FieldErrors({ outcomes: BANK_MESSAGES.outcomeInUse(used.code) });
  await db.transaction(async (tx) => {
    await tx.delete(courseOutcomes).where(eq(courseOutcomes.courseId, courseId));
    if (input.outcomes.length > 0) {
      await tx
        .insert(courseOutcomes)
        .values(input.outcomes.map((outcome, position) => ({ courseId, position, ...outcome })));
    }
    if (input.levels) {
      const bands = {
        level1Percent: input.levels.level1,
        level2Percent: input.levels.level2,
        level3Percent: input.levels.level3,
      };
      await tx
        .insert(courseBanks)
        .values({ courseId, ...bands })
        .onConflictDoUpdate({ target: courseBanks.courseId, set: bands });
    }
    await recordAudit(tx, actorUserId, {
      action: 'question-bank.set-outcomes',
      recordType: 'course',
      recordId: courseId,
      recordLabel: course.name,
      summary: `Set the course outcomes: ${kept.join(', ') || 'none'}`,
      changes: { outcomes: input.outcomes, ...(input.levels ? { levels: input.levels } : {}) },
    });
  });
  return { courseId, outcomes: input.outcomes, levels: await attainmentLevelsOf(db, courseId) };
}
