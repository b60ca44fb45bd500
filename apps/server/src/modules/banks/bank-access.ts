import {
  BANK_MESSAGES,
  type BankAccessData,
  type BankCourse,
  type BankRole,
  type SetBankAccessPayload,
} from '@examiq/contracts';
import { type AnyColumn, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { bankAccess, batches, courseBanks, courses, faculty, users } from '../../db/schema';
import { ApiError, FieldErrors } from '../../errors';
import { recordAudit } from '../audit/audit';

/** Who is working in a bank: any admin in every course, a faculty member where granted. */
export interface BankUser {
  userId: string;
  role: 'admin' | 'faculty';
}

/** What a user may do in one course's bank. */
export interface BankRights {
  author: boolean;
  reviewer: boolean;
  requireReview: boolean;
}

/** A person as the bank names them: a faculty member by name, anyone else by email. */
export const personNameOf = (account: { id: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce((select ${faculty.firstName} || ' ' || ${faculty.lastName} from ${faculty} where ${faculty.userId} = ${account.id}), ${account.email})`;
const personName = personNameOf(users);

const courseWithRights = perDatabase((db) =>
  db
    .select({
      id: courses.id,
      requireReview: sql<boolean>`coalesce((select ${courseBanks.requireReview} from ${courseBanks} where ${courseBanks.courseId} = ${courses.id}), false)`,
      roles: sql<
        string[]
      >`array(select ${bankAccess.role} from ${bankAccess} where ${bankAccess.courseId} = ${courses.id} and ${bankAccess.facultyUserId} = ${sql.placeholder('userId')})`,
    })
    .from(courses)
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('bank_course_rights'),
);

/**
 * The user's rights in a course's bank: an unknown course is a 404 (or, named in a body, a 400
 * under `field`), a course the faculty member was not granted a 403.
 */
export async function rightsIn(
  db: AppDatabase,
  user: BankUser,
  courseId: string,
  field?: string,
): Promise<BankRights> {
  const [course] = await courseWithRights(db).execute({ courseId, userId: user.userId });
  if (!course) {
    if (field) throw new FieldErrors({ [field]: BANK_MESSAGES.courseNotFound });
    throw new ApiError(404, BANK_MESSAGES.courseNotFound);
  }
  if (user.role === 'admin') return { author: true, reviewer: true, ...course };
  if (course.roles.length === 0) throw new ApiError(403, BANK_MESSAGES.notGranted);
  return {
    author: course.roles.includes('AUTHOR'),
    reviewer: course.roles.includes('REVIEWER'),
    requireReview: course.requireReview,
  };
}

/** A course by id, for the audit log's label; 404 when there is none. */
export async function courseNamed(db: AppDatabase, courseId: string): Promise<{ name: string }> {
  const [course] = await db
    .select({ name: courses.name })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) throw new ApiError(404, BANK_MESSAGES.courseNotFound);
  return course;
}

export async function getBankAccess(db: AppDatabase, courseId: string): Promise<BankAccessData> {
  await courseNamed(db, courseId);
  const [bank] = await db
    .select({ requireReview: courseBanks.requireReview })
    .from(courseBanks)
    .where(eq(courseBanks.courseId, courseId));
  const members = await db
    .select({ _id: users.id, name: personName, email: users.email, role: bankAccess.role })
    .from(bankAccess)
    .innerJoin(users, eq(users.id, bankAccess.facultyUserId))
    .where(eq(bankAccess.courseId, courseId))
    .orderBy(personName, users.id);
  const inRole = (role: string) =>
    members.filter((member) => member.role === role).map(({ role: _, ...member }) => member);
  return {
    courseId,
    authors: inRole('AUTHOR'),
    reviewers: inRole('REVIEWER'),
    requireReview: bank?.requireReview ?? false,
  };
}

/** Replaces who may write and review a course's bank, and whether a review is required. */
export async function setBankAccess(
  db: AppDatabase,
  actorUserId: string,
  courseId: string,
  input: SetBankAccessPayload,
): Promise<BankAccessData> {
  const course = await courseNamed(db, courseId);
  const named = [...new Set([...input.authors, ...input.reviewers])];
  const found = new Set(
    named.length === 0
      ? []
      : (
          await db
            .select({ userId: faculty.userId })
            .from(faculty)
            .where(inArray(faculty.userId, named))
        ).map((row) => row.userId),
  );
  const errors = Object.fromEntries(
    (['authors', 'reviewers'] as const).flatMap((role) =>
      input[role].flatMap((id, index) =>
        found.has(id) ? [] : [[`${role}.${index}`, BANK_MESSAGES.facultyNotFound]],
      ),
    ),
  );
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  await db.transaction(async (tx) => {
    await tx.delete(bankAccess).where(eq(bankAccess.courseId, courseId));
    const rows = [
      ...input.authors.map((facultyUserId) => ({
        courseId,
        facultyUserId,
        role: 'AUTHOR' as const,
      })),
      ...input.reviewers.map((facultyUserId) => ({
        courseId,
        facultyUserId,
        role: 'REVIEWER' as const,
      })),
    ];
    if (rows.length > 0) await tx.insert(bankAccess).values(rows);
    await tx
      .insert(courseBanks)
      .values({ courseId, requireReview: input.requireReview })
      .onConflictDoUpdate({
        target: courseBanks.courseId,
        set: { requireReview: input.requireReview },
      });
    await recordAudit(tx, actorUserId, {
      action: 'question-bank.set-access',
      recordType: 'course',
      recordId: courseId,
      recordLabel: course.name,
      summary: `Set the question bank's access: ${input.authors.length} authors, ${input.reviewers.length} reviewers, review ${input.requireReview ? 'required' : 'not required'}`,
      changes: { ...input },
    });
  });
  return getBankAccess(db, courseId);
}

/**
 * The courses whose bank the user works in, by batch and name: an admin every course (with both
 * roles), a faculty member the courses granted to them, so their screen can offer a choice.
 */
export async function listBankCourses(db: AppDatabase, user: BankUser): Promise<BankCourse[]> {
  const roles = sql<
    BankRole[]
  >`array(select ${bankAccess.role} from ${bankAccess} where ${bankAccess.courseId} = ${courses.id} and ${bankAccess.facultyUserId} = ${user.userId} order by ${bankAccess.role})`;
  const rows = await db
    .select({
      _id: courses.id,
      name: sql<string>`coalesce(nullif(${courses.fullName}, ''), ${courses.name})`,
      batchName: batches.name,
      roles,
    })
    .from(courses)
    .innerJoin(batches, eq(batches.id, courses.batchId))
    .where(
      user.role === 'admin'
        ? undefined
        : inArray(
            courses.id,
            db
              .select({ courseId: bankAccess.courseId })
              .from(bankAccess)
              .where(eq(bankAccess.facultyUserId, user.userId)),
          ),
    )
    .orderBy(batches.name, courses.fullName, courses.name);
  return rows.map((row) => ({
    ...row,
    roles: user.role === 'admin' ? ['AUTHOR', 'REVIEWER'] : row.roles,
  }));
}
