import { z } from 'zod';
import { UPLOAD_MESSAGES } from './fields';
import {
  type CreateFacultyInput,
  type CreateStudentInput,
  MAX_PREVIOUS_INSTITUTIONS,
  MAX_QUALIFICATIONS,
  PEOPLE_MESSAGES,
} from './people';
import {
  FACULTY_PROFILE_FIELD_KEYS,
  type RequiredProfileFields,
  STUDENT_PROFILE_FIELD_KEYS,
} from './profile-fields';
import { exportQuerySchema } from './results';

/**
 * Bulk import of students and faculty from a CSV or XLSX file: a template to fill, a preview that
 * checks every row with the create forms' rules, then an import that runs as a background job.
 */

export const PEOPLE_IMPORT_KINDS = ['students', 'faculty'] as const;
export type PeopleImportKind = (typeof PEOPLE_IMPORT_KINDS)[number];

export const PEOPLE_IMPORT_LIMITS = {
  /** Refused while the upload streams in, before the whole file is read. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Data rows, the header not counted. */
  maxRows: 20_000,
  /** Columns of a row: many more than the widest template has. */
  maxColumns: 256,
  /** Characters of one cell: Excel's own limit, so no file Excel wrote is refused for it. */
  maxCellCharacters: 32_767,
  /**
   * Characters of all the cells together. A CSV file within the size limit holds fewer; an XLSX
   * file can repeat one shared text in every cell.
   */
  maxTextCharacters: 32_000_000,
  /** What the parts of an XLSX file that are read may unpack to, all together. */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** A preview lists this many errors at most; `errorCount` counts them all. */
  errorsListed: 1000,
} as const;

/**
 * The upload of a preview or an import: multipart/form-data with the file in the field `file`
 * (and, for an import, the mode in the field `mode`). `accept` is what a file input offers.
 */
export const IMPORT_UPLOAD = {
  fileField: 'file',
  modeField: 'mode',
  /** 'true': each person is mailed an invitation instead of given a default password. */
  inviteField: 'invite',
  /** In place of the file: the `_id` of its preview, whose checked rows the import then uses. */
  checkField: 'check',
  accept: '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

// --- Template columns ---------------------------------------------------------------------------

/**
 * The template's example student. Master data is written by name or code, not by id: batch by
 * name, course by name, branch by code, section by name.
 */
export const STUDENT_IMPORT_EXAMPLE: CreateStudentInput = {
  email: 'asha.rao@example.edu',
  rollNumber: 'CSE2024001',
  personalInfo: {
    photo: 'https://example.edu/photos/asha-rao.jpg',
    firstName: 'Asha',
    lastName: 'Rao',
    dateOfBirth: '2006-04-15',
    gender: 'FEMALE',
    nationality: 'Indian',
    religion: 'Hindu',
  },
  contactInfo: {
    phone: '+91 98765 43210',
    permanentAddress: {
      street: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411001',
      country: 'India',
    },
    currentAddress: {
      street: 'Hostel Block C, Room 214',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411007',
      country: 'India',
    },
  },
  familyInfo: {
    father: {
      name: 'Ravi Rao',
      occupation: 'Engineer',
      phone: '+91 98765 11111',
      email: 'ravi.rao@example.com',
    },
    mother: {
      name: 'Meera Rao',
      occupation: 'Teacher',
      phone: '+91 98765 22222',
      email: 'meera.rao@example.com',
    },
    guardian: {
      name: 'Ravi Rao',
      occupation: 'Engineer',
      phone: '+91 98765 11111',
      email: 'ravi.rao@example.com',
      relationship: 'Father',
    },
  },
  academicInfo: {
    batch: '2024-2028',
    course: 'B.Tech',
    branch: 'CSE',
    section: 'A',
    semester: 1,
    admissionYear: 2024,
    expectedGraduationYear: 2028,
  },
};

/** The template's example faculty member: two qualifications and two previous institutions. */
export const FACULTY_IMPORT_EXAMPLE: CreateFacultyInput = {
  email: 'vikram.iyer@example.edu',
  joiningDate: '2020-07-01',
  personalInfo: {
    photo: 'https://example.edu/photos/vikram-iyer.jpg',
    firstName: 'Vikram',
    lastName: 'Iyer',
    dateOfBirth: '1982-09-23',
    gender: 'MALE',
    maritalStatus: 'MARRIED',
    nationality: 'Indian',
    religion: 'Hindu',
  },
  contactInfo: {
    phone: '+91 99887 76655',
    permanentAddress: {
      street: '4 Lake View Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      zipCode: '600028',
      country: 'India',
    },
    currentAddress: {
      street: '7 University Quarters',
      city: 'Pune',
      state: 'Maharashtra',
      zipCode: '411007',
      country: 'India',
    },
  },
  professionalInfo: {
    employeeId: 'EMP2020017',
    department: 'Computer Science',
    designation: 'Associate Professor',
    qualification: [
      { degree: 'Ph.D.', institution: 'IIT Madras', year: 2014, percentage: 82 },
      { degree: 'M.Tech', institution: 'Anna University', year: 2008, percentage: 78.5 },
    ],
    experience: {
      totalYears: 12,
      previousInstitutions: [
        {
          institutionName: 'College of Engineering, Guindy',
          designation: 'Assistant Professor',
          duration: '4 years',
          from: '2014-07-01',
          to: '2018-06-30',
        },
        {
          institutionName: 'Anna University',
          designation: 'Lecturer',
          duration: '2 years',
          from: '2018-07-01',
          to: '2020-06-30',
        },
      ],
    },
  },
};

/** One column of a template: its dotted name and whether its cells are numbers. */
export interface ImportColumn {
  name: string;
  numeric: boolean;
  required: boolean;
}

/** The leaves of a nested object as dotted names, list entries by index: `a.b.0.c`. */
function leavesOf(value: unknown, prefix = ''): { name: string; value: unknown }[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      leavesOf(child, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [{ name: prefix, value }];
}

/** A column is optional where the create form's field is; the first qualification is required. */
const OPTIONAL_COLUMNS: Record<PeopleImportKind, (name: string) => boolean> = {
  students: (name) => name === 'familyInfo.guardian.occupation',
  faculty: (name) =>
    name === 'joiningDate' ||
    /^professionalInfo\.qualification\.[1-9]\d*\./.test(name) ||
    name.startsWith('professionalInfo.experience.previousInstitutions.'),
};

function columnsOf(kind: PeopleImportKind, example: object): ImportColumn[] {
  return leavesOf(example).map(({ name, value }) => ({
    name,
    numeric: typeof value === 'number',
    required: !OPTIONAL_COLUMNS[kind](name),
  }));
}

/** The template's columns of each kind, in order: one per field of the create form. */
export const PEOPLE_IMPORT_COLUMNS: Record<PeopleImportKind, ImportColumn[]> = {
  students: columnsOf('students', STUDENT_IMPORT_EXAMPLE),
  faculty: columnsOf('faculty', FACULTY_IMPORT_EXAMPLE),
};

/**
 * The template's columns with the institution's required fields: a column is required only when
 * every profile field it belongs to is (`professionalInfo.qualification.0.year` belongs to the
 * qualifications and to their year).
 */
export function importColumnsFor(
  kind: PeopleImportKind,
  required: RequiredProfileFields,
): ImportColumn[] {
  const keys = kind === 'students' ? STUDENT_PROFILE_FIELD_KEYS : FACULTY_PROFILE_FIELD_KEYS;
  const chosen: readonly string[] =
    kind === 'students' ? required.requiredStudentFields : required.requiredFacultyFields;
  return PEOPLE_IMPORT_COLUMNS[kind].map((column) => {
    const field = column.name.replace(/\.\d+(?=\.)/g, '');
    const covering = keys.filter((key) => field === key || field.startsWith(`${key}.`));
    return {
      ...column,
      required: column.required && covering.every((key) => chosen.includes(key)),
    };
  });
}

/** The template's example row of each kind, cell by cell in the columns' order. */
export function importExampleRow(kind: PeopleImportKind): (string | number)[] {
  const example = kind === 'students' ? STUDENT_IMPORT_EXAMPLE : FACULTY_IMPORT_EXAMPLE;
  return leavesOf(example).map(({ value }) => value as string | number);
}

/** How many entries of each list a file may give, beyond the template's two. */
const LIST_COLUMNS = [
  { list: 'professionalInfo.qualification', max: MAX_QUALIFICATIONS },
  { list: 'professionalInfo.experience.previousInstitutions', max: MAX_PREVIOUS_INSTITUTIONS },
];

/**
 * The column a file's header names, or undefined when the kind has none of that name. A faculty
 * file may list more qualifications and previous institutions than the template's two, up to the
 * form's limits, with the same fields (`professionalInfo.qualification.2.degree`).
 */
export function importColumnNamed(kind: PeopleImportKind, name: string): ImportColumn | undefined {
  const columns = PEOPLE_IMPORT_COLUMNS[kind];
  const known = columns.find((column) => column.name === name);
  if (known || kind !== 'faculty') return known;
  for (const { list, max } of LIST_COLUMNS) {
    const match = new RegExp(`^${list.replaceAll('.', '\\.')}\\.(\\d+)\\.(\\w+)$`).exec(name);
    if (!match || Number(match[1]) >= max) continue;
    const field = columns.find((column) => column.name === `${list}.0.${match[2]}`);
    if (field) return { ...field, name, required: false };
  }
  return undefined;
}

// --- Messages -----------------------------------------------------------------------------------

const megabytes = PEOPLE_IMPORT_LIMITS.maxFileBytes / (1024 * 1024);

export const PEOPLE_IMPORT_MESSAGES = {
  kind: 'The kind must be students or faculty',
  mode: 'The mode must be all-or-nothing or valid-only',
  invite: 'Invite must be true or false',
  noFile: 'Choose a CSV or XLSX file to upload',
  oneFile: UPLOAD_MESSAGES.oneFile,
  malformedUpload: UPLOAD_MESSAGES.malformed,
  fileTooLarge: `The file is larger than ${megabytes} MB`,
  wrongType: 'The file must be a CSV or an XLSX spreadsheet',
  unreadable: 'The file could not be read as a CSV or XLSX spreadsheet',
  notUtf8: 'The CSV file must be saved as UTF-8 (in Excel: "CSV UTF-8")',
  unclosedQuote: (row: number) =>
    `The file could not be read: a quote opened on row ${row} is never closed`,
  emptyFile: 'The file is empty',
  noRows: 'The file has a header but no rows under it',
  tooManyRows: `The file has more than ${PEOPLE_IMPORT_LIMITS.maxRows.toLocaleString('en')} rows`,
  tooManyColumns: `The file has more than ${PEOPLE_IMPORT_LIMITS.maxColumns} columns`,
  cellTooLong: `A cell holds more than ${PEOPLE_IMPORT_LIMITS.maxCellCharacters.toLocaleString('en')} characters, the most a spreadsheet cell can hold`,
  tooMuchText: `The file holds more than ${(PEOPLE_IMPORT_LIMITS.maxTextCharacters / 1_000_000).toLocaleString('en')} million characters of text`,
  unpackedTooLarge: `The XLSX file is too large: its sheet may unpack to ${PEOPLE_IMPORT_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB at most`,
  overWorkLimits:
    'The file takes more memory or time to read than an import may use: split it into smaller files',
  missingColumns: (columns: string[]) =>
    `Missing required ${columns.length === 1 ? 'column' : 'columns'} ${columns.map((column) => `"${column}"`).join(', ')}`,
  unknownColumn: (column: string) =>
    `Unknown column "${column}": use the column names of the template`,
  repeatedColumn: (column: string) => `The column "${column}" appears more than once`,
  unknownBatch: (batch: string) => `No batch is named "${batch}"`,
  unknownCourse: (course: string) => `No course is named "${course}"`,
  courseNotInBatch: (course: string, batch: string) =>
    `The course "${course}" is not in the batch ${batch}`,
  unknownBranch: (code: string) => `No branch has the code "${code}"`,
  branchNotInCourse: (code: string, course: string) =>
    `The branch "${code}" is not in the course ${course} of this batch`,
  unknownSection: (section: string) => `No section is named "${section}"`,
  sectionNotInBranch: (section: string, branch: string) =>
    `The section "${section}" is not in the branch ${branch}`,
  duplicateInFile: (row: number) => `The same value is already on row ${row} of the file`,
  emailTaken: PEOPLE_MESSAGES.emailTaken,
  rollNumberTaken: PEOPLE_MESSAGES.rollNumberTaken,
  employeeIdTaken: PEOPLE_MESSAGES.employeeIdTaken,
  rowsHaveErrors: (rows: number) =>
    `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors, so nothing was imported: fix them, or import the valid rows only`,
  noValidRows: 'No row of the file is valid: nothing to import',
  checkGone:
    'The check of this file has expired or started an import already: preview the file again',
  importStarted: 'Import started',
  jobNotFound: 'Import not found',
  invitedNoCredentials:
    'This import mailed each person an invitation to set their password: it has no credentials file',
  credentialsGone:
    'The credentials file can be downloaded once, and it has been downloaded already (or the import created no account)',
  interrupted: 'The server stopped during the import',
  stillRunning: 'The import is still running: the credentials file is ready once it has ended',
  writeFailed: 'The import failed while writing, so nothing was imported',
  stoppedOnError:
    'The import stopped on an unexpected error; the people imported before it stay imported',
} as const;

// --- Requests -----------------------------------------------------------------------------------

export const importKindParamSchema = z.object({
  kind: z.enum(PEOPLE_IMPORT_KINDS, { error: PEOPLE_IMPORT_MESSAGES.kind }),
});

/** `?format=csv|xlsx` of the template download. */
export const importTemplateQuerySchema = exportQuerySchema;

/**
 * `all-or-nothing`: nothing is written unless every row is valid (and a write failing midway
 * leaves nothing behind). `valid-only`: the valid rows are imported, the others skipped.
 */
export const IMPORT_MODES = ['all-or-nothing', 'valid-only'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const importModeSchema = z.enum(IMPORT_MODES, { error: PEOPLE_IMPORT_MESSAGES.mode });

export const importJobParamSchema = z.object({ id: z.uuid('The id is not valid') });

// --- Responses ----------------------------------------------------------------------------------

/** One problem of one cell: `row` counts as a spreadsheet does, the header being row 1. */
export const importRowErrorSchema = z.object({
  row: z.number().int(),
  /** The column's dotted name, as in the template's header. */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `POST /admin/import-preview/{kind}`: what an import of the file would do. */
export const importPreviewSchema = z.object({
  /** The check's id: the import may name it in place of the file, for an hour. */
  _id: z.string(),
  kind: z.enum(PEOPLE_IMPORT_KINDS),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  /** The first `PEOPLE_IMPORT_LIMITS.errorsListed` errors, by row then column order. */
  errors: z.array(importRowErrorSchema),
  /** Every error, listed or not. */
  errorCount: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const IMPORT_JOB_STATUSES = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const importJobSchema = z.object({
  _id: z.string(),
  kind: z.enum(PEOPLE_IMPORT_KINDS),
  mode: z.enum(IMPORT_MODES),
  /** Each person imported was mailed an invitation: there is no credentials file. */
  invite: z.boolean(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** The rows the job imports. */
  total: z.number().int(),
  /** The rows done so far, out of `total`. */
  done: z.number().int(),
  /** Once the job has ended. */
  summary: z
    .object({
      /** People created. */
      imported: z.number().int(),
      /** Invalid rows of the file, left out (valid-only). */
      skipped: z.number().int(),
      /** Rows that were valid but could not be written (e.g. the email was taken meanwhile). */
      failed: z.number().int().optional(),
      message: z.string().optional(),
    })
    .nullable(),
  /** The credentials file is waiting for its one download. */
  credentialsAvailable: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The columns of the credentials file, downloadable once. */
export const IMPORT_CREDENTIAL_COLUMNS: Record<PeopleImportKind, string[]> = {
  students: ['email', 'studentId', 'rollNumber', 'defaultPassword'],
  faculty: ['email', 'facultyId', 'employeeId', 'defaultPassword'],
};
