import type {
  Batch,
  Branch,
  Course,
  CreateBatchInput,
  CreateBranchInput,
  CreateCourseInput,
  CreateSectionInput,
  Section,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { insertOne } from '../../db/errors';
import { preparedInsert } from '../../db/prepared-insert';
import { batches, branches, courses, sections } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import {
  type BatchRow,
  type BranchRow,
  type CourseRow,
  MASTER_DATA_DUPLICATE,
  MASTER_DATA_LABEL,
  MASTER_DATA_NOT_FOUND,
  type SectionRow,
  toBatchDto,
  toBranchDto,
  toCourseDto,
  toSectionDto,
} from './master-data-records';

const insertBatch = preparedInsert(batches, ['startYear', 'endYear'], 'create_batch');
const insertCourse = preparedInsert(
  courses,
  ['batchId', 'name', 'fullName', 'totalSemesters', 'durationYears', 'courseType'],
  'create_course',
);
const insertBranch = preparedInsert(branches, ['courseId', 'name', 'code'], 'create_branch');
const insertSection = preparedInsert(sections, ['branchId', 'name', 'capacity'], 'create_section');

/**
 * Inserts one record and records it in the audit log, in one transaction. The constraints'
 * errors are turned into client errors once the transaction has ended, so a look-up for the
 * message runs outside it.
 */
function createRecorded<Row extends { id: string }>(
  db: AppDatabase,
  actorUserId: string,
  kind: keyof typeof MASTER_DATA_LABEL,
  insert: (tx: AppDatabase) => Promise<Row[]>,
  label: (row: Row) => string,
  errors: Parameters<typeof insertOne>[1],
): Promise<Row> {
  const inserted = db.transaction(async (tx) => {
    const rows = await insert(tx);
    for (const row of rows) {
      await recordAudit(tx, actorUserId, {
        action: `${kind}.create`,
        recordType: kind,
        recordId: row.id,
        recordLabel: label(row),
        summary: `Created ${kind} ${label(row)}`,
      });
    }
    return rows;
  });
  return insertOne(inserted, errors);
}

export async function createBatch(
  db: AppDatabase,
  actorUserId: string,
  input: CreateBatchInput,
): Promise<Batch> {
  const { startYear, endYear } = input;
  const row = await createRecorded<BatchRow>(
    db,
    actorUserId,
    'batch',
    (tx) => insertBatch(tx).execute({ startYear, endYear }),
    MASTER_DATA_LABEL.batch,
    { duplicate: () => new ApiError(409, MASTER_DATA_DUPLICATE.batch(startYear, endYear)) },
  );
  return toBatchDto(row);
}

export async function createCourse(
  db: AppDatabase,
  actorUserId: string,
  input: CreateCourseInput,
): Promise<Course> {
  const row = await createRecorded<CourseRow>(
    db,
    actorUserId,
    'course',
    (tx) => insertCourse(tx).execute(input),
    MASTER_DATA_LABEL.course,
    {
      duplicate: async () => {
        const [batch] = await db
          .select({ name: batches.name })
          .from(batches)
          .where(eq(batches.id, input.batchId));
        return new ApiError(409, MASTER_DATA_DUPLICATE.course(input.name, batch?.name));
      },
      missingParent: { batchId: MASTER_DATA_NOT_FOUND.batch },
    },
  );
  return toCourseDto(row);
}

export async function createBranch(
  db: AppDatabase,
  actorUserId: string,
  input: CreateBranchInput,
): Promise<Branch> {
  const row = await createRecorded<BranchRow>(
    db,
    actorUserId,
    'branch',
    (tx) => insertBranch(tx).execute(input),
    MASTER_DATA_LABEL.branch,
    {
      duplicate: () => new ApiError(409, MASTER_DATA_DUPLICATE.branch(input.code)),
      missingParent: { courseId: MASTER_DATA_NOT_FOUND.course },
    },
  );
  return toBranchDto(row);
}

export async function createSection(
  db: AppDatabase,
  actorUserId: string,
  input: CreateSectionInput,
): Promise<Section> {
  const row = await createRecorded<SectionRow>(
    db,
    actorUserId,
    'section',
    (tx) => insertSection(tx).execute(input),
    MASTER_DATA_LABEL.section,
    {
      duplicate: () => new ApiError(409, MASTER_DATA_DUPLICATE.section(input.name)),
      missingParent: { branchId: MASTER_DATA_NOT_FOUND.branch },
    },
  );
  return toSectionDto(row);
}

/** Newest first: the batch being admitted is the one most often picked. */
