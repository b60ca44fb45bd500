import {
  type Batch,
  type Branch,
  type Course,
  MASTER_DATA_MESSAGES,
  type Section,
  type updateBatchSchema,
  type updateBranchSchema,
  type updateCourseSchema,
  type updateSectionSchema,
} from '@examiq/contracts';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/client';
import {
  FOREIGN_KEY_VIOLATION,
  failedWithSqlState,
  RESTRICT_VIOLATION,
  UNIQUE_VIOLATION,
} from '../../db/errors';
import {
  bankQuestions,
  batches,
  branches,
  courses,
  exams,
  examTargetSections,
  sections,
  students,
} from '../../db/schema';
import { SINGLE_ROW } from '../../db/single-row';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import {
  MASTER_DATA_DUPLICATE,
  MASTER_DATA_LABEL,
  toBatchDto,
  toBranchDto,
  toCourseDto,
  toSectionDto,
} from './master-data-records';

type Kind = keyof typeof MASTER_DATA_MESSAGES;
type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

export type UpdateBatchPayload = z.output<typeof updateBatchSchema>;
export type UpdateCoursePayload = z.output<typeof updateCourseSchema>;
export type UpdateBranchPayload = z.output<typeof updateBranchSchema>;
export type UpdateSectionPayload = z.output<typeof updateSectionSchema>;

/** The fields an edit sent whose value differs from the record's, as they were and became. */
function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: string[],
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    fields
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { from: before[field], to: after[field] }]),
  );
}

function changeSummary(changes: Record<string, { from: unknown; to: unknown }>): string {
  const parts = Object.entries(changes).map(
    ([field, { from, to }]) => `${field} ${String(from)} → ${String(to)}`,
  );
  return parts.length === 0 ? 'no changes' : parts.join(', ');
}

/**
 * Edits one record and records it, in one transaction. The unique indexes decide duplicates, as
 * on create, so two concurrent edits cannot both take a name.
 */
async function updateRecord<Row extends Record<string, unknown>, Dto>(
  db: AppDatabase,
  actorUserId: string,
  kind: Kind,
  id: string,
  input: Record<string, unknown>,
  steps: {
    read: (tx: Transaction) => Promise<Row[]>;
    write: (tx: Transaction) => Promise<Row[]>;
    label: (row: Row) => string;
    toDto: (row: Row) => Dto;
    duplicate: (before: Row) => Promise<string> | string;
  },
): Promise<Dto> {
  let before: Row | undefined;
  try {
    return await db.transaction(async (tx) => {
      [before] = await steps.read(tx);
      if (!before) throw new ApiError(404, MASTER_DATA_MESSAGES[kind].notFound);
      const [after] = await steps.write(tx);
      if (!after) throw new Error('An update returned no row');
      const changes = changesBetween(before, after, Object.keys(input));
      await recordAudit(tx, actorUserId, {
        action: `${kind}.update`,
        recordType: kind,
        recordId: id,
        recordLabel: steps.label(after),
        summary: `Edited ${kind} ${steps.label(after)}: ${changeSummary(changes)}`,
        changes,
      });
      return steps.toDto(after);
    });
  } catch (error) {
    if (before && failedWithSqlState(error, UNIQUE_VIOLATION)) {
      throw new ApiError(409, await steps.duplicate(before));
    }
    throw error;
  }
}

const NOUNS: Record<string, [string, string]> = {
  courses: ['course', 'courses'],
  branches: ['branch', 'branches'],
  sections: ['section', 'sections'],
  students: ['student', 'students'],
  exams: ['exam', 'exams'],
  bankQuestions: ['bank question', 'bank questions'],
};

/** '12 students and 2 exams use this section'; '1 exam uses this batch'. */
export function usageMessage(kind: Kind, counts: Record<string, number>): string {
  const used = Object.entries(counts).filter(([, count]) => count > 0);
  const parts = used.map(([key, count]) => {
    const [one, many] = NOUNS[key] ?? [key, key];
    return `${count} ${count === 1 ? one : many}`;
  });
  const listed =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  if (!listed) return `Other records use this ${kind}`;
  const verb = used.length === 1 && used[0]?.[1] === 1 ? 'uses' : 'use';
  return `${listed} ${verb} this ${kind}`;
}

/**
 * Deletes one record and records it, in one transaction. The foreign keys refuse a record
 * something uses (`on delete restrict`), so a student added meanwhile cannot be orphaned; only then is what uses it
 * counted, to name it.
 */
async function deleteRecord<Row>(
  db: AppDatabase,
  actorUserId: string,
  kind: Kind,
  id: string,
  steps: {
    remove: (tx: Transaction) => Promise<Row[]>;
    label: (row: Row) => string;
    usage: Record<string, ReturnType<AppDatabase['$count']>>;
  },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [removed] = await steps.remove(tx);
      if (!removed) throw new ApiError(404, MASTER_DATA_MESSAGES[kind].notFound);
      await recordAudit(tx, actorUserId, {
        action: `${kind}.delete`,
        recordType: kind,
        recordId: id,
        recordLabel: steps.label(removed),
        summary: `Deleted ${kind} ${steps.label(removed)}`,
      });
    });
  } catch (error) {
    // Some server versions report a restrict as any foreign key violation, others apart.
    const refused =
      failedWithSqlState(error, RESTRICT_VIOLATION) ||
      failedWithSqlState(error, FOREIGN_KEY_VIOLATION);
    if (!refused) throw error;
    const [counts] = await db.select(steps.usage).from(SINGLE_ROW);
    throw new ApiError(409, usageMessage(kind, (counts ?? {}) as Record<string, number>));
  }
}

const {
  batch: batchLabel,
  course: courseLabel,
  branch: branchLabel,
  section: sectionLabel,
} = MASTER_DATA_LABEL;

export function updateBatch(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: UpdateBatchPayload,
): Promise<Batch> {
  return updateRecord(db, actorUserId, 'batch', id, input, {
    read: (tx) => tx.select().from(batches).where(eq(batches.id, id)).for('update'),
    write: (tx) => tx.update(batches).set(input).where(eq(batches.id, id)).returning(),
    label: batchLabel,
    toDto: toBatchDto,
    duplicate: () => MASTER_DATA_DUPLICATE.batch(input.startYear, input.endYear),
  });
}

export function updateCourse(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: UpdateCoursePayload,
): Promise<Course> {
  return updateRecord(db, actorUserId, 'course', id, input, {
    read: (tx) => tx.select().from(courses).where(eq(courses.id, id)).for('update'),
    write: (tx) => tx.update(courses).set(input).where(eq(courses.id, id)).returning(),
    label: courseLabel,
    toDto: toCourseDto,
    duplicate: async (before) => {
      const [batch] = await db
        .select({ name: batches.name })
        .from(batches)
        .where(eq(batches.id, before.batchId));
      return MASTER_DATA_DUPLICATE.course(input.name, batch?.name);
    },
  });
}

export function updateBranch(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: UpdateBranchPayload,
): Promise<Branch> {
  return updateRecord(db, actorUserId, 'branch', id, input, {
    read: (tx) => tx.select().from(branches).where(eq(branches.id, id)).for('update'),
    write: (tx) => tx.update(branches).set(input).where(eq(branches.id, id)).returning(),
    label: branchLabel,
    toDto: toBranchDto,
    duplicate: () => MASTER_DATA_DUPLICATE.branch(input.code),
  });
}

export function updateSection(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: UpdateSectionPayload,
): Promise<Section> {
  return updateRecord(db, actorUserId, 'section', id, input, {
    read: (tx) => tx.select().from(sections).where(eq(sections.id, id)).for('update'),
    write: (tx) => tx.update(sections).set(input).where(eq(sections.id, id)).returning(),
    label: sectionLabel,
    toDto: toSectionDto,
    duplicate: () => MASTER_DATA_DUPLICATE.section(input.name),
  });
}

/**
 * The exams whose audience, in its first group or an added one, holds a section matching the
 * condition: an added group is known only by its sections.
 */
function examsWithSectionsWhere(db: AppDatabase, condition: SQL) {
  return db.$count(
    exams,
    inArray(
      exams.id,
      db
        .select({ examId: examTargetSections.examId })
        .from(examTargetSections)
        .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
        .innerJoin(branches, eq(branches.id, sections.branchId))
        .where(condition),
    ),
  );
}

export function deleteBatch(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  const coursesOfBatch = db.select({ id: courses.id }).from(courses).where(eq(courses.batchId, id));
  return deleteRecord(db, actorUserId, 'batch', id, {
    remove: (tx) => tx.delete(batches).where(eq(batches.id, id)).returning(),
    label: batchLabel,
    usage: {
      courses: db.$count(courses, eq(courses.batchId, id)),
      students: db.$count(students, inArray(students.courseId, coursesOfBatch)),
      exams: db.$count(exams, eq(exams.batchId, id)),
    },
  });
}

export function deleteCourse(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  return deleteRecord(db, actorUserId, 'course', id, {
    remove: (tx) => tx.delete(courses).where(eq(courses.id, id)).returning(),
    label: courseLabel,
    usage: {
      branches: db.$count(branches, eq(branches.courseId, id)),
      students: db.$count(students, eq(students.courseId, id)),
      exams: examsWithSectionsWhere(db, eq(branches.courseId, id)),
      bankQuestions: db.$count(bankQuestions, eq(bankQuestions.courseId, id)),
    },
  });
}

export function deleteBranch(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  return deleteRecord(db, actorUserId, 'branch', id, {
    remove: (tx) => tx.delete(branches).where(eq(branches.id, id)).returning(),
    label: branchLabel,
    usage: {
      sections: db.$count(sections, eq(sections.branchId, id)),
      students: db.$count(students, eq(students.branchId, id)),
      exams: examsWithSectionsWhere(db, eq(sections.branchId, id)),
    },
  });
}

export function deleteSection(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  return deleteRecord(db, actorUserId, 'section', id, {
    remove: (tx) => tx.delete(sections).where(eq(sections.id, id)).returning(),
    label: sectionLabel,
    usage: {
      students: db.$count(students, eq(students.sectionId, id)),
      exams: db.$count(examTargetSections, eq(examTargetSections.sectionId, id)),
    },
  });
}
