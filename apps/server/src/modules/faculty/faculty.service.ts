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
  type UpdateFacultyPayload,
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
import { insertOne } from '../../db/errors';
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
import { perDatabase } from '../../db/per-database';
import { examFaculty, exams, faculty, users } from '../../db/schema';
import { holdsSearch } from '../../db/search';
import { ApiError, FieldErrors } from '../../errors';
import { wallClockMinute } from '../../wall-clock';
import { recordAudit } from '../audit/audit';
import {
  type Account,
  accountColumns,
  changedFields,
  contactInfoOf,
  deletePersonAccount,
  editSummary,
  insertPersonAccount,
  newDefaultPassword,
  personalInfoOf,
  personColumnsOf,
  personLabel,
  toAccountDto,
  updateAccountEmail,
} from '../people/people.service';

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
    personalInfo: { ...personalInfoOf(member), maritalStatus: member.maritalStatus },
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

function employeeIdTaken(employeeId: string): ApiError {
  return new ApiError(409, PEOPLE_MESSAGES.employeeIdTaken(employeeId));
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

/**
 * Creates a faculty member and their account inside `tx`, with a password hashed beforehand, and
 * records it in the audit log. The create call and the bulk import both create faculty through it.
 */
export async function insertFaculty(
  tx: AppDatabase,
  actorUserId: string,
  input: CreateFacultyPayload,
  passwordHash: string,
) {
  const account = await insertPersonAccount(tx, {
    email: input.email,
    role: 'faculty',
    passwordHash,
  });
  const member = await insertOne(
    tx
      .insert(faculty)
      .values({ userId: account.id, ...facultyColumnsOf(input) })
      .returning(),
    { duplicate: () => employeeIdTaken(input.professionalInfo.employeeId) },
  );
  const label = personLabel(member, member.facultyId);
  await recordAudit(tx, actorUserId, {
    action: 'faculty.create',
    recordType: 'faculty',
    recordId: member.id,
    recordLabel: label,
    summary: `Created faculty member ${label} with the account ${account.email}`,
  });
  return { member, account };
}

export async function createFaculty(
  db: AppDatabase,
  actorUserId: string,
  input: CreateFacultyPayload,
): Promise<{ faculty: Faculty; defaultPassword: string }> {
  const { password, passwordHash } = await newDefaultPassword();
  const record = await db.transaction((tx) => insertFaculty(tx, actorUserId, input, passwordHash));
  return { faculty: toFacultyDto(record), defaultPassword: password };
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

const facultyByIds = perDatabase((db) =>
  selectFaculty(db)
    .where(sql`${faculty.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('faculty_by_ids'),
);

async function facultyInTransaction(tx: AppDatabase, id: string): Promise<Faculty | null> {
  const [record] = await selectFaculty(tx).where(eq(faculty.id, id));
  return record ? toFacultyDto(record) : null;
}

/**
 * Edits a faculty member with the create form's payload, their account's email included, and
 * records which fields changed, all in one transaction.
 */
export async function updateFaculty(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: UpdateFacultyPayload,
): Promise<Faculty> {
  return db.transaction(async (tx) => {
    const before = await facultyInTransaction(tx, id);
    if (!before) throw new ApiError(404, PEOPLE_MESSAGES.facultyNotFound);
    await updateAccountEmail(tx, before.userId._id, input.email);
    await insertOne(
      tx
        .update(faculty)
        .set(facultyColumnsOf(input))
        .where(eq(faculty.id, id))
        .returning({ id: faculty.id }),
      { duplicate: () => employeeIdTaken(input.professionalInfo.employeeId) },
    );
    const after = (await facultyInTransaction(tx, id)) as Faculty;
    const changes = changedFields(facultyInputOf(before), facultyInputOf(after));
    const label = personLabel(after.personalInfo, after.facultyId);
    await recordAudit(tx, actorUserId, {
      action: 'faculty.update',
      recordType: 'faculty',
      recordId: id,
      recordLabel: label,
      summary: editSummary('faculty member', label, changes),
      changes,
    });
    return after;
  });
}

export async function getFaculty(db: AppDatabase, id: string): Promise<Faculty> {
  const [record] = await facultyByIds(db).execute({ ids: [id] });
  if (!record) throw new ApiError(404, PEOPLE_MESSAGES.facultyNotFound);
  return toFacultyDto(record);
}

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
  return deletePersonAccount(
    db,
    actorUserId,
    'faculty',
    id,
    PEOPLE_MESSAGES.facultyNotFound,
    (tx, userId) => refuseSoleProctor(tx, userId, now),
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
