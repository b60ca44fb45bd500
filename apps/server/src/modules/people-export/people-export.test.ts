import {
  FIND_MESSAGES,
  PEOPLE_IMPORT_COLUMNS,
  SEARCH_MAX_LENGTH,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validFacultyPayload, validStudentPayload } from '@examiq/contracts/test-support';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../../db/schema';
import { csvField } from '../../spreadsheets/write';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import { type PeopleClient, peopleClient } from '../../test/people';
import { importClient } from '../../test/people-import';
import { createSignedInUser } from '../../test/users';
import { EXPORT_PAGE } from './people-export.service';

// A database of its own, so every file's rows are known.
let t: TestApp;
let api: PeopleClient;
let adminToken: string;
const placement = { batchId: '', batch: '', course: '', branch: '', section: '' };
const other = { batchId: '', courseId: '' };

const STUDENT_COLUMNS = PEOPLE_IMPORT_COLUMNS.students.map((column) => column.name);
const FACULTY_COLUMNS = PEOPLE_IMPORT_COLUMNS.faculty.map((column) => column.name);

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  adminToken = admin.accessToken;
  api = peopleClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  const batch = await masterData.batch(2024);
  const course = await masterData.course(batch._id, { name: 'B.Tech' });
  const branch = await masterData.branch(course._id, { code: 'CSE' });
  const section = await masterData.section(branch._id, { name: 'A' });
  Object.assign(placement, {
    batchId: batch._id,
    batch: batch.name,
    course: course.name,
    branch: branch.code,
    section: section.name,
  });
  const otherBatch = await masterData.batch(2025);
  const otherCourse = await masterData.course(otherBatch._id);
  Object.assign(other, { batchId: otherBatch._id, courseId: otherCourse._id });

  const ids = { course: course._id, branch: branch._id, section: section._id, batch: batch.name };
  for (const [email, rollNumber, firstName, lastName] of [
    ['asha@uni.example', 'CSE-001', 'Asha', 'Patel'],
    ['formula@uni.example', 'CSE-002', '=HYPERLINK("http://x")', 'Shah, Jr.'],
    ['bilal@uni.example', 'CSE-003', 'Bilal', 'Khan'],
  ] as const) {
    const payload = validStudentPayload({ email, rollNumber, ...ids });
    await api.student({
      ...payload,
      personalInfo: { ...payload.personalInfo, firstName, lastName },
    });
  }
  // Bilal's account is deactivated: an Inactive student.
  await t.database.db
    .update(users)
    .set({ isActive: false })
    .where(eq(users.email, 'bilal@uni.example'));

  const vikram = validFacultyPayload({ email: 'vikram@uni.example', employeeId: 'EMP-001' });
  await api.faculty({
    ...vikram,
    professionalInfo: {
      ...vikram.professionalInfo,
      qualification: [
        { degree: 'Ph.D.', institution: 'IIT Madras', year: 2014, percentage: 82 },
        { degree: 'M.Tech', institution: 'IIT Bombay', year: 2010, percentage: 78.5 },
        { degree: 'B.E.', institution: 'COEP', year: 2008, percentage: 74 },
      ],
    },
  });
  const meera = validFacultyPayload({ email: 'meera@uni.example', employeeId: 'EMP-002' });
  await api.faculty({
    ...meera,
    personalInfo: { ...meera.personalInfo, firstName: 'Meera' },
    professionalInfo: { ...meera.professionalInfo, department: 'Mathematics' },
  });
});
afterAll(() => t.close());

/** The sheet of an XLSX answer as rows of cells, the header first. */
async function sheetRows(body: Buffer, name: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet(name)?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** The data rows of a file as records by column name. */
function recordsOf(rows: unknown[][]): Record<string, unknown>[] {
  const [header = [], ...data] = rows;
  return data.map((row) =>
    Object.fromEntries(header.map((column, index) => [column, row[index] ?? ''])),
  );
}

async function exportXlsx(kind: 'students' | 'faculty', query = '') {
  const response = await api.get(`export/${kind}?format=xlsx${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return sheetRows(response.rawPayload, kind === 'students' ? 'Students' : 'Faculty');
}

async function exportedStudents(query = '') {
  return recordsOf(await exportXlsx('students', query)).map((record) => record.rollNumber);
}

describe('GET /api/admin/export/students', () => {
  it('sends every student by student ID in the template columns, master data by name and code', async () => {
    const response = await api.get('export/students?format=xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="students.xlsx"');
    const rows = await sheetRows(response.rawPayload, 'Students');
    expect(rows[0]).toEqual(STUDENT_COLUMNS);
    const records = recordsOf(rows);
    expect(records.map((record) => record.rollNumber)).toEqual(['CSE-001', 'CSE-002', 'CSE-003']);
    expect(records[0]).toMatchObject({
      email: 'asha@uni.example',
      'personalInfo.firstName': 'Asha',
      'personalInfo.dateOfBirth': '2005-04-12',
      'personalInfo.gender': 'FEMALE',
      'contactInfo.currentAddress.street': '4 Hostel Lane',
      'familyInfo.father.name': 'Ramesh Patel',
      'academicInfo.batch': '2024-2028',
      'academicInfo.course': 'B.Tech',
      'academicInfo.branch': 'CSE',
      'academicInfo.section': 'A',
      'academicInfo.semester': 1,
    });
  });

  it('sends the same rows as a CSV, the formula-looking name kept as text', async () => {
    const [csv, xlsx] = await Promise.all([api.get('export/students'), exportXlsx('students')]);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="students.csv"');
    expect(csv.body).toBe(
      `\uFEFF${xlsx.map((row) => `${row.map((cell) => csvField(cell as string)).join(',')}\r\n`).join('')}`,
    );
    expect(csv.body).toContain(`,"'=HYPERLINK(""http://x"")","Shah, Jr.",`);
  });

  it('keeps a formula-looking name as text in a workbook', async () => {
    const [formula] = recordsOf(await exportXlsx('students', '&search=shah'));
    expect(formula?.['personalInfo.firstName']).toBe('=HYPERLINK("http://x")');
    const response = await api.get('export/students?format=xlsx&search=shah');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Students');
    const column = STUDENT_COLUMNS.indexOf('personalInfo.firstName') + 1;
    expect(sheet?.getRow(2).getCell(column).formula).toBeUndefined();
  });

  it('applies the list search and filters', async () => {
    expect(await exportedStudents('&search=asha')).toEqual(['CSE-001']);
    expect(await exportedStudents('&status=Inactive')).toEqual(['CSE-003']);
    expect(await exportedStudents(`&batch=${placement.batchId}&status=Active`)).toEqual([
      'CSE-001',
      'CSE-002',
    ]);
    expect(await exportedStudents(`&batch=${other.batchId}`)).toEqual([]);
  });

  it('sends only the header when nothing matches', async () => {
    const response = await api.get('export/students?search=nobody');
    expect(response.body).toBe(`\uFEFF${STUDENT_COLUMNS.join(',')}\r\n`);
  });

  it('refuses each bad query parameter with its message', async () => {
    for (const [query, errors] of [
      ['format=pdf', { format: 'The format must be csv or xlsx' }],
      [`search=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`, { search: FIND_MESSAGES.searchTooLong }],
      ['batch=nope', { batch: 'Please select a valid batch' }],
      ['course=nope', { course: 'Please select a valid course' }],
      ['branch=nope', { branch: 'Please select a valid branch' }],
      ['section=nope', { section: 'Please select a valid section' }],
      ['status=Gone', { status: FIND_MESSAGES.status }],
    ] as const) {
      expectError(await api.get(`export/students?${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors,
      });
    }
  });

  it('refuses a filter naming master data that does not exist', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    expectError(await api.get(`export/students?course=${gone}&section=${gone}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { course: FIND_MESSAGES.courseNotFound, section: FIND_MESSAGES.sectionNotFound },
    });
    // An existing course no student is in is an empty file, not an error.
    const response = await api.get(`export/students?course=${other.courseId}`);
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/admin/export/faculty', () => {
  it('sends every member by faculty ID, each qualification in its own numbered columns', async () => {
    const rows = await exportXlsx('faculty');
    const qualificationColumns = (index: number) =>
      ['degree', 'institution', 'year', 'percentage'].map(
        (field) => `professionalInfo.qualification.${index}.${field}`,
      );
    // The template's columns, with a third qualification after its two.
    expect(rows[0]).toEqual(
      FACULTY_COLUMNS.flatMap((column) =>
        column === 'professionalInfo.qualification.1.percentage'
          ? [column, ...qualificationColumns(2)]
          : [column],
      ),
    );
    const [vikram, meera] = recordsOf(rows);
    expect(vikram).toMatchObject({
      email: 'vikram@uni.example',
      joiningDate: '2020-07-01',
      'personalInfo.maritalStatus': 'MARRIED',
      'professionalInfo.employeeId': 'EMP-001',
      'professionalInfo.qualification.0.degree': 'Ph.D.',
      'professionalInfo.qualification.1.percentage': 78.5,
      'professionalInfo.qualification.2.institution': 'COEP',
      'professionalInfo.experience.previousInstitutions.0.institutionName': 'VIT Pune',
      'professionalInfo.experience.previousInstitutions.1.institutionName': '',
    });
    expect(meera).toMatchObject({
      'personalInfo.firstName': 'Meera',
      'professionalInfo.qualification.0.degree': 'M.Tech',
      'professionalInfo.qualification.1.degree': '',
      'professionalInfo.qualification.2.degree': '',
    });
  });

  it('applies the list search and filters, and sends a CSV', async () => {
    const names = async (query: string) =>
      recordsOf(await exportXlsx('faculty', query)).map(
        (record) => record['personalInfo.firstName'],
      );
    expect(await names('&department=mathematics')).toEqual(['Meera']);
    expect(await names('&search=vikram')).toEqual(['Vikram']);
    expect(await names('&designation=Associate%20Professor&status=Inactive')).toEqual([]);
    const csv = await api.get('export/faculty?format=csv&search=meera');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="faculty.csv"');
    const lines = csv.body.slice(1).split('\r\n');
    // Meera's one qualification: the template's two entries, no more.
    expect(lines[0]).toBe(FACULTY_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
  });

  it('refuses each bad query parameter, and a department no member is in', async () => {
    for (const [query, errors] of [
      ['format=json', { format: 'The format must be csv or xlsx' }],
      [
        `department=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`,
        { department: FIND_MESSAGES.searchTooLong },
      ],
      ['status=Gone', { status: FIND_MESSAGES.status }],
      ['department=Astrology', { department: FIND_MESSAGES.departmentNotFound }],
      ['designation=Wizard', { designation: FIND_MESSAGES.designationNotFound }],
    ] as const) {
      expectError(await api.get(`export/faculty?${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors,
      });
    }
  });
});

describe('an export longer than a page', () => {
  it('holds every student once, in student ID order', async () => {
    const [template] = await t.database.db.select().from(students).limit(1);
    if (!template) throw new Error('No student to copy');
    const { id, studentId, userId, searchText, createdAt, updatedAt, ...copy } = template;
    const count = EXPORT_PAGE + 5;
    const accounts = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, index) => ({
          email: `bulk${index}@uni.example`,
          passwordHash: 'not-a-hash',
          role: 'student' as const,
        })),
      )
      .returning({ id: users.id });
    await t.database.db.insert(students).values(
      accounts.map((account, index) => ({
        ...copy,
        userId: account.id,
        rollNumber: `BULK-${String(index).padStart(4, '0')}`,
      })),
    );
    const response = await api.get('export/students?search=bulk');
    expect(response.statusCode).toBe(200);
    const rolls = response.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[1]);
    expect(rolls).toHaveLength(count);
    expect(new Set(rolls).size).toBe(count);
    const [first, last] = await Promise.all([
      t.database.db
        .select({ id: students.studentId })
        .from(students)
        .where(eq(students.rollNumber, rolls[0] as string)),
      t.database.db
        .select({ id: students.studentId })
        .from(students)
        .where(eq(students.rollNumber, rolls.at(-1) as string)),
    ]);
    expect((first[0]?.id ?? '') < (last[0]?.id ?? '')).toBe(true);
  });
});

describe('an export imported again', () => {
  it('previews every exported row as valid once those people are gone', async () => {
    const imports = importClient(t.app, adminToken);
    const files = {
      students: await Promise.all(
        ['csv', 'xlsx'].map(async (format) => ({
          format,
          bytes: (await api.get(`export/students?format=${format}&search=CSE-00`)).rawPayload,
        })),
      ),
      faculty: await Promise.all(
        ['csv', 'xlsx'].map(async (format) => ({
          format,
          bytes: (await api.get(`export/faculty?format=${format}`)).rawPayload,
        })),
      ),
    };
    await t.database.db.delete(users).where(inArray(users.role, ['student', 'faculty']));

    for (const kind of ['students', 'faculty'] as const) {
      for (const { format, bytes } of files[kind]) {
        const response = await imports.preview(kind, bytes, `${kind}.${format}`);
        expect(response.statusCode, response.body).toBe(200);
        const count = kind === 'students' ? 3 : 2;
        expect(response.json().data, `${kind}.${format}`).toEqual({
          _id: expect.any(String),
          kind,
          totalRows: count,
          validRows: count,
          errors: [],
          errorCount: 0,
        });
      }
    }
  });
});
