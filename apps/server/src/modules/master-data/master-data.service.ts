import {
  type Batch,
  type Branch,
  type BranchListItem,
  type BranchListQuery,
  type Course,
  type CourseListItem,
  type CourseListQuery,
  type CreateBatchInput,
  type CreateBranchInput,
  type CreateCourseInput,
  type CreateSectionInput,
  FIND_MESSAGES,
  MASTER_DATA_PATH_SEPARATOR,
  type MasterDataCounts,
  type Section,
  type SectionListItem,
  type SectionListQuery,
} from '@examiq/contracts';
import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { insertOne } from '../../db/errors';
import { type RecordFilter, refuseUnknownRecords } from '../../db/list-filters';
import { perDatabase } from '../../db/per-database';
import { preparedInsert } from '../../db/prepared-insert';
import { batches, branches, courses, sections } from '../../db/schema';
import { SINGLE_ROW } from '../../db/single-row';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';

type BatchRow = typeof batches.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
type BranchRow = typeof branches.$inferSelect;
type SectionRow = typeof sections.$inferSelect;

const MASTER_DATA_NOT_FOUND = {
  batch: 'Batch not found',
  course: 'Course not found',
  branch: 'Branch not found',
} as const;

/** A record another of its kind already holds the place of: on create and on edit alike. */
export const MASTER_DATA_DUPLICATE = {
  batch: (startYear: number, endYear: number) => `Batch ${startYear}-${endYear} already exists`,
  course: (name: string, batchName: string | undefined) =>
    `Course "${name}" already exists in batch ${batchName}`,
  branch: (code: string) => `Branch code "${code}" already exists in this course`,
  section: (name: string) => `Section "${name}" already exists in this branch`,
};

export const MASTER_DATA_CREATED = {
  batch: 'Batch created successfully',
  course: 'Course created successfully',
  branch: 'Branch created successfully',
  section: 'Section created successfully',
} as const;

function timestampsOf(row: { createdAt: Date; updatedAt: Date }) {
  return { createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toBatchDto(row: BatchRow): Batch {
  return {
    _id: row.id,
    name: row.name,
    startYear: row.startYear,
    endYear: row.endYear,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toCourseDto(row: CourseRow): Course {
  return {
    _id: row.id,
    batchId: row.batchId,
    name: row.name,
    fullName: row.fullName,
    totalSemesters: row.totalSemesters,
    durationYears: row.durationYears,
    courseType: row.courseType,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toBranchDto(row: BranchRow): Branch {
  return {
    _id: row.id,
    courseId: row.courseId,
    name: row.name,
    code: row.code,
    status: row.status,
    ...timestampsOf(row),
  };
}

export function toSectionDto(row: SectionRow): Section {
  return {
    _id: row.id,
    branchId: row.branchId,
    name: row.name,
    capacity: row.capacity,
    status: row.status,
    ...timestampsOf(row),
  };
}

/**
 * Case-insensitive, as the unique indexes compare names; the id breaks ties (a course name
 * repeats across batches) so every page of a list comes back in the same order.
 */
function byName(name: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`lower(${name})`, sql`${id}`];
}

const insertBatch = preparedInsert(batches, ['startYear', 'endYear'], 'create_batch');
const insertCourse = preparedInsert(
  courses,
  ['batchId', 'name', 'fullName', 'totalSemesters', 'durationYears', 'courseType'],
  'create_course',
);
const insertBranch = preparedInsert(branches, ['courseId', 'name', 'code'], 'create_branch');
const insertSection = preparedInsert(sections, ['branchId', 'name', 'capacity'], 'create_section');

/** How the audit log names each kind of record. */
export const MASTER_DATA_LABEL = {
  batch: (row: { name: string }) => row.name,
  course: (row: { name: string }) => row.name,
  branch: (row: { name: string; code: string }) => `${row.name} (${row.code})`,
  section: (row: { name: string }) => `Section ${row.name}`,
};

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
const allBatches = perDatabase((db) =>
  db
    .select()
    .from(batches)
    .orderBy(desc(batches.startYear), desc(batches.endYear))
    .prepare('all_batches'),
);

export async function listBatches(db: AppDatabase): Promise<Batch[]> {
  return (await allBatches(db).execute()).map(toBatchDto);
}

/** A parent filter of a list: the column it narrows and the record it names. */
type ParentFilter = RecordFilter & { column: AnyColumn };

const batchFilter = (id: string | undefined): ParentFilter => ({
  field: 'batchId',
  id,
  table: batches,
  column: courses.batchId,
  message: FIND_MESSAGES.batchNotFound,
});
const courseFilter = (id: string | undefined): ParentFilter => ({
  field: 'courseId',
  id,
  table: courses,
  column: branches.courseId,
  message: FIND_MESSAGES.courseNotFound,
});
const branchFilter = (id: string | undefined): ParentFilter => ({
  field: 'branchId',
  id,
  table: branches,
  column: sections.branchId,
  message: FIND_MESSAGES.branchNotFound,
});

/**
 * The rows of a list under the parents its filters name, refusing with a 400 a filter naming a
 * record that does not exist (an empty list would say the parent has no children).
 */
async function underParents<Row>(
  db: AppDatabase,
  filters: ParentFilter[],
  read: (where: SQL | undefined) => Promise<Row[]>,
): Promise<Row[]> {
  const rows = await read(
    and(...filters.flatMap(({ id, column }) => (id === undefined ? [] : [eq(column, id)]))),
  );
  if (rows.length === 0) await refuseUnknownRecords(db, filters);
  return rows;
}

const pathOf = (...names: string[]) => names.join(MASTER_DATA_PATH_SEPARATOR);
const parentOf = (table: typeof batches | typeof courses | typeof branches) => ({
  _id: table.id,
  name: table.name,
});

export async function listCourses(
  db: AppDatabase,
  query: CourseListQuery,
): Promise<CourseListItem[]> {
  const rows = await underParents(db, [batchFilter(query.batchId)], (where) =>
    db
      .select({ course: courses, batch: parentOf(batches) })
      .from(courses)
      .innerJoin(batches, eq(batches.id, courses.batchId))
      .where(where)
      .orderBy(...byName(courses.name, courses.id)),
  );
  return rows.map(({ course, batch }) => ({
    ...toCourseDto(course),
    batch,
    path: pathOf(course.name, batch.name),
  }));
}

export async function listBranches(
  db: AppDatabase,
  query: BranchListQuery,
): Promise<BranchListItem[]> {
  const filters = [batchFilter(query.batchId), courseFilter(query.courseId)];
  const rows = await underParents(db, filters, (where) =>
    db
      .select({ branch: branches, course: parentOf(courses), batch: parentOf(batches) })
      .from(branches)
      .innerJoin(courses, eq(courses.id, branches.courseId))
      .innerJoin(batches, eq(batches.id, courses.batchId))
      .where(where)
      .orderBy(...byName(branches.name, branches.id)),
  );
  return rows.map(({ branch, course, batch }) => ({
    ...toBranchDto(branch),
    batch,
    course,
    path: pathOf(branch.code, course.name, batch.name),
  }));
}

export async function listSections(
  db: AppDatabase,
  query: SectionListQuery,
): Promise<SectionListItem[]> {
  const filters = [
    batchFilter(query.batchId),
    courseFilter(query.courseId),
    branchFilter(query.branchId),
  ];
  const rows = await underParents(db, filters, (where) =>
    db
      .select({
        section: sections,
        branch: { ...parentOf(branches), code: branches.code },
        course: parentOf(courses),
        batch: parentOf(batches),
      })
      .from(sections)
      .innerJoin(branches, eq(branches.id, sections.branchId))
      .innerJoin(courses, eq(courses.id, branches.courseId))
      .innerJoin(batches, eq(batches.id, courses.batchId))
      .where(where)
      .orderBy(...byName(sections.name, sections.id)),
  );
  return rows.map(({ section, branch, course, batch }) => ({
    ...toSectionDto(section),
    batch,
    course,
    branch,
    path: pathOf(MASTER_DATA_LABEL.section(section), branch.code, course.name, batch.name),
  }));
}

/**
 * The children come from a left join on the parent, so one query tells an unknown parent (no
 * row: 404) from a parent without children (one row whose child is null: an empty list).
 */
function childrenOrNotFound<Row, Dto>(
  rows: Array<{ child: Row | null }>,
  notFoundMessage: string,
  toDto: (row: Row) => Dto,
): Dto[] {
  if (rows.length === 0) throw new ApiError(404, notFoundMessage);
  return rows.flatMap(({ child }) => (child ? [toDto(child)] : []));
}

// The cascade look-ups run on every step of every placement form: prepared once per database.
const coursesOfBatch = perDatabase((db) =>
  db
    .select({ child: courses })
    .from(batches)
    .leftJoin(courses, eq(courses.batchId, batches.id))
    .where(eq(batches.id, sql.placeholder('id')))
    .orderBy(...byName(courses.name, courses.id))
    .prepare('courses_of_batch'),
);

const branchesOfCourse = perDatabase((db) =>
  db
    .select({ child: branches })
    .from(courses)
    .leftJoin(branches, eq(branches.courseId, courses.id))
    .where(eq(courses.id, sql.placeholder('id')))
    .orderBy(...byName(branches.name, branches.id))
    .prepare('branches_of_course'),
);

const sectionsOfBranch = perDatabase((db) =>
  db
    .select({ child: sections })
    .from(branches)
    .leftJoin(sections, eq(sections.branchId, branches.id))
    .where(eq(branches.id, sql.placeholder('id')))
    .orderBy(...byName(sections.name, sections.id))
    .prepare('sections_of_branch'),
);

export async function listCoursesOfBatch(db: AppDatabase, batchId: string): Promise<Course[]> {
  const rows = await coursesOfBatch(db).execute({ id: batchId });
  return childrenOrNotFound(rows, MASTER_DATA_NOT_FOUND.batch, toCourseDto);
}

export async function listBranchesOfCourse(db: AppDatabase, courseId: string): Promise<Branch[]> {
  const rows = await branchesOfCourse(db).execute({ id: courseId });
  return childrenOrNotFound(rows, MASTER_DATA_NOT_FOUND.course, toBranchDto);
}

export async function listSectionsOfBranch(db: AppDatabase, branchId: string): Promise<Section[]> {
  const rows = await sectionsOfBranch(db).execute({ id: branchId });
  return childrenOrNotFound(rows, MASTER_DATA_NOT_FOUND.branch, toSectionDto);
}

/** One round trip: four scalar subqueries over a single-row source. */
const masterDataCounts = perDatabase((db) =>
  db
    .select({
      batches: db.$count(batches),
      courses: db.$count(courses),
      branches: db.$count(branches),
      sections: db.$count(sections),
    })
    .from(SINGLE_ROW)
    .prepare('master_data_counts'),
);

export async function countMasterData(db: AppDatabase): Promise<MasterDataCounts> {
  const [counts] = await masterDataCounts(db).execute();
  if (!counts) throw new Error('A count query returned no row');
  return counts;
}
