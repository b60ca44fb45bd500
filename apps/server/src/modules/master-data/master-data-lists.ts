import {
  type Batch,
  type Branch,
  type BranchListItem,
  type BranchListQuery,
  type Course,
  type CourseListItem,
  type CourseListQuery,
  FIND_MESSAGES,
  MASTER_DATA_PATH_SEPARATOR,
  type MasterDataCounts,
  type Section,
  type SectionListItem,
  type SectionListQuery,
} from '@examiq/contracts';
import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { type RecordFilter, refuseUnknownRecords } from '../../db/list-filters';
import { perDatabase } from '../../db/per-database';
import { batches, branches, courses, sections } from '../../db/schema';
import { SINGLE_ROW } from '../../db/single-row';
import { ApiError } from '../../errors';

import {
  MASTER_DATA_LABEL,
  MASTER_DATA_NOT_FOUND,
  toBatchDto,
  toBranchDto,
  toCourseDto,
  toSectionDto,
} from './master-data-records';

/**
 * Case-insensitive, as the unique indexes compare names; the id breaks ties (a course name
 * repeats across batches) so every page of a list comes back in the same order.
 */
function byName(name: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`lower(${name})`, sql`${id}`];
}

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
  return rows.map(({ course, batch }) =>
    Object.assign(toCourseDto(course), {
      batch,
      path: pathOf(course.name, batch.name),
    }),
  );
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
  return rows.map(({ branch, course, batch }) =>
    Object.assign(toBranchDto(branch), {
      batch,
      course,
      path: pathOf(branch.code, course.name, batch.name),
    }),
  );
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
  return rows.map(({ section, branch, course, batch }) =>
    Object.assign(toSectionDto(section), {
      batch,
      course,
      branch,
      path: pathOf(MASTER_DATA_LABEL.section(section), branch.code, course.name, batch.name),
    }),
  );
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
