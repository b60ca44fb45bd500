import {
  type Faculty,
  type FacultyExportQuery,
  facultyInputOf,
  PEOPLE_IMPORT_COLUMNS,
  type Student,
  type StudentExportQuery,
  studentInputOf,
} from '@examiq/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { faculty, users } from '../../db/schema';
import { type Cell, spreadsheetStream } from '../../spreadsheets/write';
import {
  facultyConditions,
  facultyFacets,
  refuseUnknownFacets,
  selectFaculty,
  toFacultyDto,
} from '../faculty/faculty.service';
import {
  matchingStudents,
  refuseUnknownStudentFilters,
  studentFilters,
  studentRecords,
  toStudentDto,
} from '../students/students.service';

/** People read per statement: the file is written page by page, never held whole. */
export const EXPORT_PAGE = 1_000;

/** The value at a dotted path ('personalInfo.firstName', 'professionalInfo.qualification.0.degree'). */
function valueAt(record: unknown, path: string): Cell {
  let value = record;
  for (const key of path.split('.')) {
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** A student as the import reads them: the create form's fields, master data by name and code. */
function studentImportRecord(student: Student) {
  const input = studentInputOf(student);
  const { course, branch, section } = student.academicInfo;
  return {
    ...input,
    academicInfo: {
      ...input.academicInfo,
      course: course.name,
      branch: branch.code,
      section: section.name,
    },
  };
}

/**
 * Pages of the file's rows after its header: `readPage` reads the page after a key (keyset on
 * a unique column, so a row added or deleted meanwhile never shifts the pages).
 */
async function* pagesOf<Row>(
  columns: readonly string[],
  firstPage: Row[],
  readPage: (after: Row) => Promise<Row[]>,
  recordOf: (row: Row) => unknown,
): AsyncGenerator<Cell[][]> {
  yield [[...columns]];
  let page = firstPage;
  while (page.length > 0) {
    yield page.map((row) => columns.map((column) => valueAt(recordOf(row), column)));
    if (page.length < EXPORT_PAGE) return;
    page = await readPage(page.at(-1) as Row);
  }
}

/** A page of the students the query finds, by student ID after `after`. */
async function studentPage(
  db: AppDatabase,
  query: StudentExportQuery,
  after: string | undefined,
): Promise<Student[]> {
  const { matches } = matchingStudents(db, { ...query, sort: 'studentId' }, studentFilters(query));
  const studentId = sql`${sql.identifier('sort0')}`;
  const page = await db
    .select({ id: matches.id })
    .from(matches)
    .where(after === undefined ? undefined : sql`${studentId} > ${after}`)
    .orderBy(studentId)
    .limit(EXPORT_PAGE);
  const records = await studentRecords(
    db,
    page.map((row) => row.id),
  );
  // A student deleted between the two statements is left out of the file.
  return page.flatMap((row) => records.get(row.id) ?? []).map(toStudentDto);
}

/**
 * Every student the list's search and filters find, by student ID, as a file streamed page by
 * page in the import template's columns, so it can be edited and imported again. The first page
 * is read before the reply starts, so an unknown filter is still a 400.
 */
export async function exportStudents(db: AppDatabase, query: StudentExportQuery) {
  const firstPage = await studentPage(db, query, undefined);
  if (firstPage.length === 0) await refuseUnknownStudentFilters(db, query);
  const rows = pagesOf(
    PEOPLE_IMPORT_COLUMNS.students.map((column) => column.name),
    firstPage,
    (last) => studentPage(db, query, last.studentId),
    studentImportRecord,
  );
  return {
    fileName: `students.${query.format}`,
    stream: spreadsheetStream(query.format, 'Students', rows),
  };
}

/** A page of the faculty the query finds, by faculty ID after `after`. */
async function facultyPage(
  db: AppDatabase,
  query: FacultyExportQuery,
  after: string | undefined,
): Promise<Faculty[]> {
  const page = await selectFaculty(db)
    .where(
      and(
        ...facultyConditions(query),
        after === undefined ? undefined : gt(faculty.facultyId, after),
      ),
    )
    .orderBy(asc(faculty.facultyId))
    .limit(EXPORT_PAGE);
  return page.map(toFacultyDto);
}

/** The list columns of the template, whose entries are numbered from 0 (`….qualification.0.degree`). */
const FACULTY_LISTS = [
  { list: 'professionalInfo.qualification', column: faculty.qualifications },
  {
    list: 'professionalInfo.experience.previousInstitutions',
    column: faculty.previousInstitutions,
  },
] as const;

/**
 * The template's columns, with as many entries of each list as the longest one the export holds:
 * a member with three qualifications keeps the third, which the import reads the same way.
 */
async function facultyColumns(db: AppDatabase, query: FacultyExportQuery): Promise<string[]> {
  const [longest] = await db
    .select(
      Object.fromEntries(
        FACULTY_LISTS.map(({ list, column }) => [
          list,
          sql<number>`coalesce(max(jsonb_array_length(${column})), 0)`.mapWith(Number),
        ]),
      ),
    )
    .from(faculty)
    .innerJoin(users, eq(users.id, faculty.userId))
    .where(and(...facultyConditions(query)));
  const template = PEOPLE_IMPORT_COLUMNS.faculty.map((column) => column.name);
  return template.flatMap((name) => {
    const entry = FACULTY_LISTS.find(({ list }) => name.startsWith(`${list}.`));
    if (!entry) return [name];
    // A list's columns are written once, entry by entry, where its first column stands.
    if (template.find((column) => column.startsWith(`${entry.list}.`)) !== name) return [];
    const inTemplate = template.filter((column) => column.startsWith(`${entry.list}.`));
    const fields = inTemplate.flatMap((column) =>
      column.startsWith(`${entry.list}.0.`) ? [column.slice(`${entry.list}.0.`.length)] : [],
    );
    const count = Math.max(longest?.[entry.list] ?? 0, inTemplate.length / fields.length);
    return Array.from({ length: count }, (_, index) =>
      fields.map((field) => `${entry.list}.${index}.${field}`),
    ).flat();
  });
}

/** Every faculty member the list's search and filters find, by faculty ID, as the students are. */
export async function exportFaculty(db: AppDatabase, query: FacultyExportQuery) {
  const firstPage = await facultyPage(db, query, undefined);
  if (firstPage.length === 0) refuseUnknownFacets(query, await facultyFacets(db));
  const rows = pagesOf(
    await facultyColumns(db, query),
    firstPage,
    (last) => facultyPage(db, query, last.facultyId),
    facultyInputOf,
  );
  return {
    fileName: `faculty.${query.format}`,
    stream: spreadsheetStream(query.format, 'Faculty', rows),
  };
}
