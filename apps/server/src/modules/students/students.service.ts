import {
  type CreateStudentPayload,
  defaultOrderOf,
  FIND_MESSAGES,
  type Pagination,
  PEOPLE_MESSAGES,
  type Student,
  type StudentListQuery,
  type StudentSort,
  studentInputOf,
} from '@examiq/contracts';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { personStatusIs, refuseUnknownRecords } from '../../db/list-filters';
import {
  byCreation,
  findPage,
  listTotal,
  matchingTotal,
  paginate,
  preparedInBothOrders,
  sortedBy,
} from '../../db/paging';
import { perDatabase } from '../../db/per-database';
import { batches, branches, courses, sections, students, users } from '../../db/schema';
import { holdsSearch } from '../../db/search';
import { FieldErrors } from '../../errors';
import {
  type Account,
  accountColumns,
  contactInfoOf,
  personalInfoOf,
  personColumnsOf,
  toAccountDto,
} from '../people/people.service';
import type { PersonKind } from '../people/person-kind';

type StudentRow = typeof students.$inferSelect;
type AcademicInfoInput = CreateStudentPayload['academicInfo'];

/** Where a student sits in the master data, as the record shows it. */
interface Placement {
  course: { id: string; name: string; fullName: string };
  branch: { id: string; name: string; code: string };
  section: { id: string; name: string };
  batch: string;
}

export interface StudentRecord extends Placement {
  student: StudentRow;
  account: Account;
}

export const PLACEMENT_ERRORS = {
  course: 'Course not found',
  branch: 'Branch does not belong to the selected course',
  section: 'Section does not belong to the selected branch',
  batch: 'Batch does not match the selected course',
} as const;

export function toStudentDto({
  student,
  account,
  course,
  branch,
  section,
  batch,
}: StudentRecord): Student {
  return {
    _id: student.id,
    studentId: student.studentId,
    rollNumber: student.rollNumber,
    email: account.email,
    status: student.status,
    userId: toAccountDto(account),
    personalInfo: personalInfoOf(student),
    contactInfo: contactInfoOf(student),
    familyInfo: student.family,
    academicInfo: {
      course: { _id: course.id, name: course.name, fullName: course.fullName },
      branch: { _id: branch.id, name: branch.name, code: branch.code },
      section: { _id: section.id, name: section.name },
      batch,
      semester: student.semester,
      admissionYear: student.admissionYear,
      expectedGraduationYear: student.expectedGraduationYear,
    },
    createdAt: student.createdAt.toISOString(),
  };
}

/**
 * Checks in one query that the course exists and that the branch, section and batch belong to
 * it, reporting every mismatch on its own field.
 */
async function findPlacement(tx: AppDatabase, academic: AcademicInfoInput): Promise<Placement> {
  const [found] = await tx
    .select({
      course: { id: courses.id, name: courses.name, fullName: courses.fullName },
      batch: batches.name,
      branch: {
        id: branches.id,
        name: branches.name,
        code: branches.code,
        courseId: branches.courseId,
      },
      section: { id: sections.id, name: sections.name, branchId: sections.branchId },
    })
    .from(courses)
    .innerJoin(batches, eq(batches.id, courses.batchId))
    .leftJoin(branches, eq(branches.id, academic.branch))
    .leftJoin(sections, eq(sections.id, academic.section))
    .where(eq(courses.id, academic.course));
  if (!found) throw new FieldErrors({ 'academicInfo.course': PLACEMENT_ERRORS.course });

  const { course, batch, branch, section } = found;
  const errors: Record<string, string> = {};
  if (branch?.courseId !== course.id) errors['academicInfo.branch'] = PLACEMENT_ERRORS.branch;
  if (section?.branchId !== academic.branch) {
    errors['academicInfo.section'] = PLACEMENT_ERRORS.section;
  }
  if (batch !== academic.batch) errors['academicInfo.batch'] = PLACEMENT_ERRORS.batch;
  if (!branch || !section || Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { course, batch, branch, section };
}

/** The columns of a students row from the create or edit payload, in its checked placement. */
function studentColumnsOf(input: CreateStudentPayload, placement: Placement) {
  const { familyInfo, academicInfo } = input;
  const { guardian } = familyInfo;
  return {
    rollNumber: input.rollNumber,
    ...personColumnsOf(input.personalInfo, input.contactInfo),
    family: {
      father: familyInfo.father,
      mother: familyInfo.mother,
      // Occupation is optional: left out or blank, it is stored as absent; so is a guardian the
      // institution does not require and who was left out altogether.
      guardian: Object.values(guardian).every((value) => !value)
        ? null
        : { ...guardian, occupation: guardian.occupation || null },
    },
    courseId: placement.course.id,
    branchId: placement.branch.id,
    sectionId: placement.section.id,
    semester: academicInfo.semester,
    admissionYear: academicInfo.admissionYear,
    expectedGraduationYear: academicInfo.expectedGraduationYear,
  };
}

/** Students with their account and placement: joins, so one query however many rows. */
function selectStudents(db: AppDatabase) {
  return db
    .select({
      student: students,
      account: accountColumns,
      course: { id: courses.id, name: courses.name, fullName: courses.fullName },
      branch: { id: branches.id, name: branches.name, code: branches.code },
      section: { id: sections.id, name: sections.name },
      batch: batches.name,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(batches, eq(batches.id, courses.batchId))
    .innerJoin(branches, eq(branches.id, students.branchId))
    .innerJoin(sections, eq(sections.id, students.sectionId));
}

// A page is two statements, each planned once per connection: its ids, read from the creation
// index alone, then those students with their account and placement. In one statement, the
// planner would have to plan the joins for each offset anew, which costs more than running them.
const studentPageIds = preparedInBothOrders('student_page_ids', (db, direction, name) =>
  db
    .select({ id: students.id, listTotal: listTotal('students') })
    .from(students)
    .orderBy(...byCreation(direction, students.createdAt, students.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

const studentsByIds = perDatabase((db) =>
  selectStudents(db)
    .where(sql`${students.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('students_by_ids'),
);

export async function studentRecords(
  db: AppDatabase,
  ids: string[],
): Promise<Map<string, StudentRecord>> {
  const rows = await studentsByIds(db).execute({ ids });
  return new Map(rows.map((record) => [record.student.id, record]));
}

/** How each sort orders students; each ends with a unique column, so pages never overlap. */
const STUDENT_SORT_COLUMNS: Record<StudentSort, (SQL | AnyColumn)[]> = {
  createdAt: [students.createdAt, students.id],
  name: [students.firstName, students.lastName, students.id],
  studentId: [students.studentId],
  rollNumber: [sql`lower(${students.rollNumber})`],
  email: [sql`lower(${users.email})`],
};

/** The filters of a query, besides its search. */
export function studentFilters(
  query: Pick<StudentListQuery, 'batch' | 'course' | 'branch' | 'section' | 'status'>,
): SQL[] {
  return [
    query.batch === undefined
      ? []
      : sql`${students.courseId} in (select ${courses.id} from ${courses} where ${courses.batchId} = ${query.batch})`,
    query.course === undefined ? [] : eq(students.courseId, query.course),
    query.branch === undefined ? [] : eq(students.branchId, query.branch),
    query.section === undefined ? [] : eq(students.sectionId, query.section),
    query.status === undefined ? [] : personStatusIs(query.status, students.status),
  ].flat();
}

/**
 * The students a query finds, each with the values its sort reads. A search unites two reads,
 * each from its own trigram index: the students whose name, student ID or roll number holds it,
 * and those whose account's email does. The page is then sorted and cut from these rows alone,
 * without reading each matching student again.
 */
export function matchingStudents(
  db: AppDatabase,
  query: Pick<StudentListQuery, 'search' | 'status' | 'sort'>,
  filters: SQL[],
) {
  const sortValues = Object.fromEntries(
    STUDENT_SORT_COLUMNS[query.sort].map((column, index) => [
      `sort${index}`,
      sql`${column}`.as(`sort${index}`),
    ]),
  );
  // Joining the account costs a look-up per matching student, so only a query reading it does.
  const readsAccount = query.status !== undefined || query.sort === 'email';
  const read = (search: SQL | undefined, joinAccount: boolean) => {
    const from = db
      .select({ id: students.id, ...sortValues })
      .from(students)
      .$dynamic();
    return (joinAccount ? from.innerJoin(users, eq(users.id, students.userId)) : from).where(
      and(search, ...filters),
    );
  };
  const matches =
    query.search === undefined
      ? read(undefined, readsAccount)
      : union(
          read(holdsSearch(students.searchText, query.search), readsAccount),
          read(holdsSearch(users.searchText, query.search), true),
        );
  const sortedByColumns = Object.keys(sortValues).map((key) => sql`${sql.identifier(key)}`);
  return { matches: matches.as('matches'), sortedByColumns };
}

/** The ids of a page of the students the query finds, in its order, with their total. */
function findStudentIds(db: AppDatabase, query: StudentListQuery, filters: SQL[]) {
  const order = query.order ?? defaultOrderOf(query.sort);
  const { matches, sortedByColumns } = matchingStudents(db, query, filters);
  return findPage(query, ({ limit, offset }) =>
    db
      .select({
        id: matches.id,
        // Unfiltered, every student is counted: the kept total saves counting them.
        total:
          query.search !== undefined || filters.length > 0 ? matchingTotal : listTotal('students'),
      })
      .from(matches)
      .orderBy(...sortedBy(order, ...sortedByColumns))
      .limit(limit)
      .offset(offset),
  );
}

/** Every student newest first, a page at a time, read from the creation index alone. */
function newestStudents(db: AppDatabase, query: StudentListQuery) {
  return paginate(db, 'students', query, async (window) => {
    const rows = await studentPageIds[window.order](db).execute(window);
    return { items: rows.map((row) => row.id), totalCount: rows[0]?.listTotal };
  });
}

/** Refuses with a 400 the master data filters naming records that do not exist. */
export function refuseUnknownStudentFilters(
  db: AppDatabase,
  query: Pick<StudentListQuery, 'batch' | 'course' | 'branch' | 'section'>,
): Promise<void> {
  return refuseUnknownRecords(db, [
    { field: 'batch', id: query.batch, table: batches, message: FIND_MESSAGES.batchNotFound },
    { field: 'course', id: query.course, table: courses, message: FIND_MESSAGES.courseNotFound },
    { field: 'branch', id: query.branch, table: branches, message: FIND_MESSAGES.branchNotFound },
    {
      field: 'section',
      id: query.section,
      table: sections,
      message: FIND_MESSAGES.sectionNotFound,
    },
  ]);
}

/** One page of the students a search, filters and sort find (the spec's list when none is given). */
export async function listStudents(
  db: AppDatabase,
  query: StudentListQuery,
): Promise<{ students: Student[]; pagination: Pagination }> {
  const filters = studentFilters(query);
  const { items: ids, pagination } =
    query.search === undefined &&
    filters.length === 0 &&
    query.sort === 'createdAt' &&
    query.order !== 'asc'
      ? await newestStudents(db, query)
      : await findStudentIds(db, query, filters).then(({ items, pagination }) => ({
          items: items.map((row) => row.id),
          pagination,
        }));
  if (ids.length === 0) await refuseUnknownStudentFilters(db, query);
  const records = await studentRecords(db, ids);
  // A student deleted between the two statements is left out of the page.
  return { students: ids.flatMap((id) => records.get(id) ?? []).map(toStudentDto), pagination };
}

/** Students: created, read, edited and deleted as every person is, in their placement. */
export const STUDENT_KIND: PersonKind<typeof students, CreateStudentPayload, Student> = {
  role: 'student',
  noun: 'student',
  table: students,
  readableId: students.studentId,
  readableIdOf: (student) => student.studentId,
  notFound: PEOPLE_MESSAGES.studentNotFound,
  unique: {
    field: 'rollNumber',
    column: students.rollNumber,
    of: (payload) => payload.rollNumber,
    taken: PEOPLE_MESSAGES.rollNumberTaken,
  },
  async columnsOf(tx, payload) {
    const placement = await findPlacement(tx, payload.academicInfo);
    return {
      columns: studentColumnsOf(payload, placement),
      toDto: (student, account) => toStudentDto({ ...placement, student, account }),
    };
  },
  async read(db, id) {
    const [record] = await selectStudents(db).where(eq(students.id, id));
    return record && toStudentDto(record);
  },
  inputOf: studentInputOf,
};
