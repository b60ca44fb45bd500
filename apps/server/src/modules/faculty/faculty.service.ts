import {
  ACTIVE_STATUS,
  type CreateFacultyPayload,
  defaultOrderOf,
  type Faculty,
  type FacultyFacets,
  type FacultyFindData,
  type FacultyListQuery,
  type FacultyOption,
  type FacultySort,
  FIND_MESSAGES,
  facultyInputOf,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import {
  type AnyColumn,
  and,
  eq,
  inArray,
  isNotNull,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { personStatusIs } from '../../db/list-filters';
import {
  byCreation,
  findPage,
  listTotal,
  matchingTotal,
  paginate,
  preparedInBothOrders,
  sortedBy,
} from '../../db/paging';
import { examFaculty, exams, faculty, users } from '../../db/schema';
import { holdsSearch } from '../../db/search';
import { ApiError, FieldErrors } from '../../errors';
import { wallClockMinute } from '../../wall-clock';
import {
  type Account,
  accountColumns,
  contactInfoOf,
  personalInfoOf,
  personColumnsOf,
  toAccountDto,
} from '../people/people.service';
import { deletePerson, type PersonKind } from '../people/person-kind';

type FacultyRow = typeof faculty.$inferSelect;

interface FacultyRecord {
  member: FacultyRow;
  account: Account;
}

export function toFacultyDto({ member, account }: FacultyRecord): Faculty {
  return {
    _id: member.id,
    facultyId: member.facultyId,
    email: account.email,
    status: member.status,
    joiningDate: member.joiningDate,
    userId: toAccountDto(account),
    personalInfo: Object.assign(personalInfoOf(member), { maritalStatus: member.maritalStatus }),
    contactInfo: contactInfoOf(member),
    professionalInfo: {
      employeeId: member.employeeId,
      department: member.department,
      designation: member.designation,
      qualification: member.qualifications,
      experience: {
        totalYears: member.totalExperienceYears,
        previousInstitutions: member.previousInstitutions,
      },
    },
    createdAt: member.createdAt.toISOString(),
  };
}

/** The columns of a faculty row from the create or edit payload. */
function facultyColumnsOf(input: CreateFacultyPayload) {
  const { personalInfo, professionalInfo } = input;
  return {
    // Absent, the column keeps its value: on create its default, the day of creation.
    joiningDate: input.joiningDate,
    ...personColumnsOf(personalInfo, input.contactInfo),
    maritalStatus: personalInfo.maritalStatus,
    employeeId: professionalInfo.employeeId,
    department: professionalInfo.department,
    designation: professionalInfo.designation,
    qualifications: professionalInfo.qualification,
    totalExperienceYears: professionalInfo.experience.totalYears,
    previousInstitutions: professionalInfo.experience.previousInstitutions,
  };
}

export function selectFaculty<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: AppDatabase,
  extra = {} as Extra,
) {
  return db
    .select({ member: faculty, account: accountColumns, ...extra })
    .from(faculty)
    .innerJoin(users, eq(users.id, faculty.userId));
}

/** Newest first; the id breaks ties so pages never overlap or skip. */
const facultyPages = preparedInBothOrders('faculty_page', (db, direction, name) =>
  selectFaculty(db, { total: listTotal('faculty') })
    .orderBy(...byCreation(direction, faculty.createdAt, faculty.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/** How each sort orders faculty; each ends with a unique column, so pages never overlap. */
const FACULTY_SORT_COLUMNS: Record<FacultySort, (SQL | AnyColumn)[]> = {
  createdAt: [faculty.createdAt, faculty.id],
  name: [faculty.firstName, faculty.lastName, faculty.id],
  facultyId: [faculty.facultyId],
  employeeId: [sql`lower(${faculty.employeeId})`],
  department: [sql`lower(${faculty.department})`, faculty.firstName, faculty.lastName, faculty.id],
  designation: [
    sql`lower(${faculty.designation})`,
    faculty.firstName,
    faculty.lastName,
    faculty.id,
  ],
};

export function facultyConditions(
  query: Pick<FacultyListQuery, 'search' | 'department' | 'designation' | 'status'>,
): SQL[] {
  return [
    query.search === undefined
      ? []
      : (or(
          holdsSearch(faculty.searchText, query.search),
          holdsSearch(users.searchText, query.search),
        ) as SQL),
    query.department === undefined
      ? []
      : sql`lower(${faculty.department}) = lower(${query.department})`,
    query.designation === undefined
      ? []
      : sql`lower(${faculty.designation}) = lower(${query.designation})`,
    query.status === undefined ? [] : personStatusIs(query.status, faculty.status),
  ].flat();
}

/** The departments and designations on record, each once whatever its case, A to Z. */
export async function facultyFacets(db: AppDatabase): Promise<FacultyFacets> {
  const distinct = (column: typeof faculty.department | typeof faculty.designation) =>
    db
      .selectDistinctOn([sql`lower(${column})`], { value: sql<string>`${column}` })
      .from(faculty)
      // A member the institution let leave it out offers nothing to filter by.
      .where(isNotNull(column))
      .orderBy(sql`lower(${column})`, column);
  const [departments, designations] = await Promise.all([
    distinct(faculty.department),
    distinct(faculty.designation),
  ]);
  return {
    departments: departments.map((row) => row.value),
    designations: designations.map((row) => row.value),
  };
}

/** Whether `value` is one of `values`, ignoring case, as the filters compare them. */
const isListed = (values: string[], value: string) =>
  values.some((listed) => listed.toLowerCase() === value.toLowerCase());

/** Refuses with a 400 a department or designation no faculty member has. */
export function refuseUnknownFacets(
  query: Pick<FacultyListQuery, 'department' | 'designation'>,
  facets: FacultyFacets,
): void {
  const errors = {
    ...(query.department !== undefined && !isListed(facets.departments, query.department)
      ? { department: FIND_MESSAGES.departmentNotFound }
      : {}),
    ...(query.designation !== undefined && !isListed(facets.designations, query.designation)
      ? { designation: FIND_MESSAGES.designationNotFound }
      : {}),
  };
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/**
 * One page of the faculty a search, filters and sort find (the spec's list when none is given),
 * with the departments and designations to filter by. Faculty are hundreds, not a hundred
 * thousand: one statement reads a page with its accounts whatever the query.
 */
export async function listFaculty(
  db: AppDatabase,
  query: FacultyListQuery,
): Promise<FacultyFindData> {
  const conditions = facultyConditions(query);
  const order = query.order ?? defaultOrderOf(query.sort);
  const [{ items, pagination }, facets] = await Promise.all([
    conditions.length === 0 && query.sort === 'createdAt' && order === 'desc'
      ? paginate(db, 'faculty', query, async (window) => {
          const page = await facultyPages[window.order](db).execute(window);
          return { items: page, totalCount: page[0]?.total };
        })
      : findPage(query, ({ limit, offset }) =>
          selectFaculty(db, {
            total: conditions.length > 0 ? matchingTotal : listTotal('faculty'),
          })
            .where(and(...conditions))
            .orderBy(...sortedBy(order, ...FACULTY_SORT_COLUMNS[query.sort]))
            .limit(limit)
            .offset(offset),
        ),
    facultyFacets(db),
  ]);
  if (items.length === 0) refuseUnknownFacets(query, facets);
  return { faculty: items.map(toFacultyDto), pagination, facets };
}

/** Faculty members: created, read, edited and deleted as every person is. */
export const FACULTY_KIND: PersonKind<typeof faculty, CreateFacultyPayload, Faculty> = {
  role: 'faculty',
  noun: 'faculty member',
  table: faculty,
  readableId: faculty.facultyId,
  readableIdOf: (member) => member.facultyId,
  notFound: PEOPLE_MESSAGES.facultyNotFound,
  unique: {
    field: 'professionalInfo.employeeId',
    column: faculty.employeeId,
    of: (payload) => payload.professionalInfo.employeeId,
    taken: PEOPLE_MESSAGES.employeeIdTaken,
  },
  async columnsOf(_tx, payload) {
    return {
      columns: facultyColumnsOf(payload),
      toDto: (member, account) => toFacultyDto({ member, account }),
    };
  },
  async read(db, id) {
    const [record] = await selectFaculty(db).where(eq(faculty.id, id));
    return record && toFacultyDto(record);
  },
  inputOf: facultyInputOf,
};

/**
 * Refuses to take away the last proctor of a PROCTORING exam that has not ended: the exam would
 * break the rule it was created under (at least one proctor). An ended exam needs none any more.
 */
async function refuseSoleProctor(tx: AppDatabase, userId: string, now: Date): Promise<void> {
  // Locked as an edit of the exam locks it, so its proctors cannot change until this commits; the
  // next statement then reads them as they are.
  const proctoring = await tx
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(examFaculty, eq(examFaculty.examId, exams.id))
    .where(
      and(
        eq(examFaculty.facultyUserId, userId),
        eq(exams.mode, 'PROCTORING'),
        sql`${exams.windowEnd} > ${wallClockMinute(now)}::timestamp`,
      ),
    )
    .for('update', { of: exams });
  if (proctoring.length === 0) return;
  const soleProctorOf = await tx
    .select({ title: exams.title, examId: exams.examId })
    .from(exams)
    .where(
      and(
        inArray(
          exams.id,
          proctoring.map((exam) => exam.id),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(examFaculty)
            .where(and(eq(examFaculty.examId, exams.id), ne(examFaculty.facultyUserId, userId))),
        ),
      ),
    )
    .orderBy(exams.windowStart, exams.examId);
  if (soleProctorOf.length > 0) {
    throw new ApiError(
      409,
      PEOPLE_MESSAGES.facultySoleProctor(
        soleProctorOf.map((exam) => `${exam.title} (${exam.examId})`),
      ),
    );
  }
}

export function deleteFaculty(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  now: Date,
): Promise<void> {
  return deletePerson(FACULTY_KIND, db, actorUserId, id, (tx, userId) =>
    refuseSoleProctor(tx, userId, now),
  );
}

/**
 * Every faculty member who can be assigned to an exam (an active profile and account), by name
 * ignoring case. Not paginated: the exam wizard searches the whole list.
 */
export async function listFacultyOptions(db: AppDatabase): Promise<FacultyOption[]> {
  const rows = await db
    .select({
      id: faculty.id,
      facultyId: faculty.facultyId,
      userId: faculty.userId,
      firstName: faculty.firstName,
      lastName: faculty.lastName,
      department: faculty.department,
      designation: faculty.designation,
    })
    .from(faculty)
    .innerJoin(users, eq(users.id, faculty.userId))
    .where(personStatusIs(ACTIVE_STATUS, faculty.status))
    .orderBy(sql`lower(${faculty.firstName})`, sql`lower(${faculty.lastName})`, faculty.id);
  return rows.map((row) => ({
    _id: row.id,
    facultyId: row.facultyId,
    userId: { _id: row.userId },
    personalInfo: { firstName: row.firstName, lastName: row.lastName },
    professionalInfo: { department: row.department, designation: row.designation },
  }));
}
