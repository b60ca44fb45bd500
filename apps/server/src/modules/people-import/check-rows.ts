import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type CreateFacultyPayload,
  type CreateStudentPayload,
  type ImportColumn,
  type ImportPreview,
  type ImportRowError,
  importColumnNamed,
  importColumnsFor,
  PEOPLE_IMPORT_LIMITS,
  PEOPLE_IMPORT_MESSAGES,
  type PeopleImportKind,
  personSchemaFor,
  type RequiredProfileFields,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { batches, branches, courses, sections, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { FACULTY_KIND } from '../faculty/faculty.service';
import type { AnyPersonKind } from '../people/person-kind';
import { requiredProfileFields } from '../settings/settings.service';
import { STUDENT_KIND } from '../students/students.service';
import type { Sheet, SheetCell } from './read-sheet';

/** How each kind of person is created, and which of their values must be unique. */
export const PERSON_KINDS: Record<PeopleImportKind, AnyPersonKind> = {
  students: STUDENT_KIND,
  faculty: FACULTY_KIND,
};

/** A row every check passed, ready for the creation code. */
export interface ValidRow {
  row: number;
  payload: CreateStudentPayload | CreateFacultyPayload;
}

export interface CheckedFile {
  /** The preview's answer, but for the id under which the check is kept. */
  preview: Omit<ImportPreview, '_id'>;
  validRows: ValidRow[];
}

/**
 * The file's columns by position, after refusing unknown, repeated and missing ones: a column of a
 * field the institution does not require may be left out.
 */
function columnsOfHeader(
  kind: PeopleImportKind,
  header: string[],
  required: RequiredProfileFields,
): (ImportColumn | undefined)[] {
  const seen = new Set<string>();
  const columns = header.map((name) => {
    if (name === '') return undefined;
    if (seen.has(name)) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.repeatedColumn(name));
    seen.add(name);
    const column = importColumnNamed(kind, name);
    if (!column) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.unknownColumn(name));
    return column;
  });
  const missing = importColumnsFor(kind, required)
    .filter((column) => column.required && !seen.has(column.name))
    .map((column) => column.name);
  if (missing.length > 0) throw new ApiError(400, PEOPLE_IMPORT_MESSAGES.missingColumns(missing));
  return columns;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A number column's text as a number when it reads as one; the schema names anything else. */
function cellValue(column: ImportColumn, cell: SheetCell): unknown {
  if (column.numeric && typeof cell === 'string' && NUMBER.test(cell.trim())) return Number(cell);
  if (!column.numeric && typeof cell === 'number') return String(cell);
  return cell;
}

/**
 * The nested object the create form would send, from the dotted columns. List entries whose cells
 * are all empty are left out, so a file may leave the template's second qualification blank.
 */
function nestedObject(columns: (ImportColumn | undefined)[], cells: SheetCell[]) {
  const root: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    const cell = cells[index];
    if (!column || cell === undefined) return;
    const keys = column.name.split('.');
    let node: Record<string, unknown> = root;
    keys.slice(0, -1).forEach((key, depth) => {
      const listNext = /^\d+$/.test(keys[depth + 1] as string);
      node[key] ??= listNext ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1) as string] = cellValue(column, cell);
  });
  return compactLists(root);
}

function compactLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined).map(compactLists);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, compactLists(child)]),
    );
  }
  return value;
}

// --- Master data by name ----------------------------------------------------------------------

/** One level below the batch: its records by parent and name, and the names found anywhere. */
interface Level {
  field: 'course' | 'branch' | 'section';
  /** How names compare: as the level's unique index compares them. */
  fold: (name: string) => string;
  idByParentAndName: Map<string, string>;
  names: Set<string>;
  unknown: (name: string) => string;
  misnested: (name: string, parent: string) => string;
}

interface MasterData {
  batchByName: Map<string, string>;
  levels: Level[];
}

const key = (parent: string, name: string) => `${parent}\u0000${name}`;
const lowerCase = (name: string) => name.toLowerCase();
const upperCase = (name: string) => name.toUpperCase();

function levelOf(
  field: Level['field'],
  fold: Level['fold'],
  rows: { id: string; parent: string; name: string }[],
  messages: Pick<Level, 'unknown' | 'misnested'>,
): Level {
  return {
    field,
    fold,
    idByParentAndName: new Map(rows.map((row) => [key(row.parent, fold(row.name)), row.id])),
    names: new Set(rows.map((row) => fold(row.name))),
    ...messages,
  };
}

/** Master data is hundreds of records: read once per file, not once per row. */
async function loadMasterData(db: AppDatabase): Promise<MasterData> {
  const [batchRows, courseRows, branchRows, sectionRows] = await Promise.all([
    db.select({ id: batches.id, name: batches.name }).from(batches),
    db.select({ id: courses.id, parent: courses.batchId, name: courses.name }).from(courses),
    db.select({ id: branches.id, parent: branches.courseId, name: branches.code }).from(branches),
    db.select({ id: sections.id, parent: sections.branchId, name: sections.name }).from(sections),
  ]);
  const messages = PEOPLE_IMPORT_MESSAGES;
  return {
    batchByName: new Map(batchRows.map((row) => [row.name, row.id])),
    levels: [
      levelOf('course', lowerCase, courseRows, {
        unknown: messages.unknownCourse,
        misnested: messages.courseNotInBatch,
      }),
      levelOf('branch', upperCase, branchRows, {
        unknown: messages.unknownBranch,
        misnested: messages.branchNotInCourse,
      }),
      levelOf('section', lowerCase, sectionRows, {
        unknown: messages.unknownSection,
        misnested: messages.sectionNotInBranch,
      }),
    ],
  };
}

/**
 * Stands in for a course, branch or section named in the file but not found, so the schema's
 * id rule passes and the row shows the master-data message instead of 'Please select a valid…'.
 */
const UNRESOLVED_ID = '00000000-0000-4000-8000-000000000000';

type Placement = Partial<Record<'batch' | Level['field'], unknown>>;

/**
 * The ids of the course, branch and section a row names, each looked up inside its parent:
 * batch by name, course by name in the batch, branch by code in the course, section by name in
 * the branch. A name found elsewhere only is mis-nested; one found nowhere is unknown. The create
 * code checks the same nesting again when it writes.
 */
function resolvePlacement(
  master: MasterData,
  academic: Placement,
  errors: Record<string, string>,
): Placement {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
  const resolved: Placement = { ...academic };
  let parentName = text(academic.batch);
  let parentId = parentName === undefined ? undefined : master.batchByName.get(parentName);
  if (parentName !== undefined && !parentId) {
    errors['academicInfo.batch'] = PEOPLE_IMPORT_MESSAGES.unknownBatch(parentName);
  }
  for (const level of master.levels) {
    const name = text(academic[level.field]);
    const id =
      name === undefined || parentId === undefined
        ? undefined
        : level.idByParentAndName.get(key(parentId, level.fold(name)));
    if (name !== undefined) {
      const column = `academicInfo.${level.field}`;
      if (!level.names.has(level.fold(name))) errors[column] = level.unknown(name);
      else if (parentId && !id) errors[column] = level.misnested(name, parentName as string);
      resolved[level.field] = id ?? UNRESOLVED_ID;
    }
    parentId = id;
    parentName = name;
  }
  return resolved;
}

// --- Duplicates -------------------------------------------------------------------------------

/**
 * The values that must be unique, with the column each is stored in and the message the create
 * call answers when it is taken: the email, and the kind's own one.
 */
function uniqueValuesOf(kind: PeopleImportKind) {
  const { unique } = PERSON_KINDS[kind];
  return [
    {
      field: 'email',
      column: users.email,
      of: (payload: ValidRow['payload']) => payload.email,
      taken: () => PEOPLE_IMPORT_MESSAGES.emailTaken,
    },
    { ...unique, of: (payload: ValidRow['payload']) => unique.of(payload) },
  ];
}

/** Which of the values already belong to someone, as the unique index compares them (lower case). */
async function takenValues(
  db: AppDatabase,
  stored: AnyPgColumn,
  values: string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const lowered = sql<string>`lower(${stored})`;
  const rows = await db
    .select({ value: lowered })
    .from(stored.table)
    .where(sql`${lowered} = any(${sql.param(values)}::text[])`);
  return new Set(rows.map((row) => row.value));
}

// --- The whole file ---------------------------------------------------------------------------

/**
 * How long the row checks hold the event loop before other requests get a turn: a file of
 * 20,000 rows takes seconds to check, and the exam-day saves must not wait behind it.
 */
const SLICE_MS = 10;

/**
 * Checks every row of a file as the create form and the database would: the schema's rules and
 * messages under the institution's required fields, master data by name and its nesting, values
 * that must be unique within the file and against the database. Nothing is written.
 */
export async function checkRows(
  db: AppDatabase,
  kind: PeopleImportKind,
  sheet: Sheet,
): Promise<CheckedFile> {
  const required = await requiredProfileFields(db);
  const columns = columnsOfHeader(kind, sheet.header, required);
  const schema = personSchemaFor(kind, required);
  const master = kind === 'students' ? await loadMasterData(db) : undefined;
  const rowErrors = new Map<number, Record<string, string>>();
  const parsed: ValidRow[] = [];

  let sliceStarted = performance.now();
  for (const { number, cells } of sheet.rows) {
    if (performance.now() - sliceStarted > SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
    const input = nestedObject(columns, cells) as { academicInfo?: Placement };
    const errors: Record<string, string> = {};
    if (master && input.academicInfo) {
      input.academicInfo = resolvePlacement(master, input.academicInfo, errors);
    }
    const result = schema.safeParse(input);
    if (result.success) {
      parsed.push({ row: number, payload: result.data });
    } else {
      for (const issue of result.error.issues) {
        const path = issue.path.map(String).join('.') || 'row';
        errors[path] ??= issue.message;
      }
    }
    if (Object.keys(errors).length > 0) rowErrors.set(number, errors);
  }

  // Compared as the unique indexes compare them: in lower case.
  for (const { field: column, column: stored, of, taken: takenMessage } of uniqueValuesOf(kind)) {
    const firstRow = new Map<string, number>();
    for (const { row, payload } of parsed) {
      const value = of(payload).toLowerCase();
      const first = firstRow.get(value);
      if (first === undefined) firstRow.set(value, row);
      else addError(rowErrors, row, column, PEOPLE_IMPORT_MESSAGES.duplicateInFile(first));
    }
    const taken = await takenValues(db, stored, [...firstRow.keys()]);
    for (const { row, payload } of parsed) {
      if (taken.has(of(payload).toLowerCase())) {
        addError(rowErrors, row, column, takenMessage(of(payload)));
      }
    }
  }

  const errors: ImportRowError[] = [...rowErrors.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([row, byColumn]) =>
      Object.entries(byColumn).map(([column, message]) => ({ row, column, message })),
    );
  const validRows = parsed.filter(({ row }) => !rowErrors.has(row));
  return {
    preview: {
      kind,
      totalRows: sheet.rows.length,
      validRows: validRows.length,
      errors: errors.slice(0, PEOPLE_IMPORT_LIMITS.errorsListed),
      errorCount: errors.length,
    },
    validRows,
  };
}

function addError(
  rowErrors: Map<number, Record<string, string>>,
  row: number,
  column: string,
  message: string,
): void {
  const errors = rowErrors.get(row) ?? {};
  errors[column] ??= message;
  rowErrors.set(row, errors);
}
