import {
  IMPORT_CREDENTIAL_COLUMNS,
  importJobSchema,
  importPreviewSchema,
  PEOPLE_IMPORT_LIMITS,
  PEOPLE_IMPORT_MESSAGES,
  PEOPLE_MESSAGES,
  STUDENT_PROFILE_FIELD_KEYS,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  faculty,
  institutionSettings,
  jobs,
  peopleImportCheckRows,
  peopleImportChecks,
  peopleImportJobs,
  students,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { asAnotherProcess, TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import { createdStudentResponse, peopleClient, studentPayload } from '../../test/people';
import {
  csvFile,
  facultyRow,
  importCells,
  importClient,
  importHeader,
  studentRow,
  xlsxFile,
} from '../../test/people-import';
import { bearer, createSignedInUser, signIn } from '../../test/users';
import { dropExpiredChecks } from './checks';
import { IMPORT_WRITE_ROWS, PEOPLE_IMPORT_JOB } from './import-job';

let t: TestApp;
let api: ReturnType<typeof importClient>;
let adminId: string;
let adminToken: string;
let existingStudent: { email: string; rollNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  adminId = admin.user.id;
  adminToken = admin.accessToken;
  api = importClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  // The template's example placement, and others to nest wrongly.
  const batch = await masterData.batch(2024);
  const course = await masterData.course(batch._id, { name: 'B.Tech' });
  const branch = await masterData.branch(course._id, { code: 'CSE' });
  const section = await masterData.section(branch._id, { name: 'A' });
  const mechanical = await masterData.branch(course._id, { code: 'MECH' });
  await masterData.section(mechanical._id, { name: 'C' });
  const later = await masterData.batch(2025);
  await masterData.course(later._id, { name: 'M.Tech' });
  const created = await peopleClient(t.app, admin.accessToken).post(
    'create-student',
    studentPayload({
      batch: batch.name,
      course: course._id,
      branch: branch._id,
      section: section._id,
    }),
  );
  const { student } = createdStudentResponse.parse(created.json()).data;
  existingStudent = { email: student.email, rollNumber: student.rollNumber };
});
afterAll(() => t.close());

const previewResponse = successResponse(importPreviewSchema.strict()).strict();
const jobResponse = successResponse(importJobSchema.strict()).strict();

function countStudentsOf(prefix: string) {
  return t.database.db.$count(users, like(users.email, `${prefix}%`));
}

describe('GET /api/admin/import-template/{kind}', () => {
  it('gives the student template as CSV: the header and an example row, master data by name', async () => {
    const response = await api.get('import-template/students?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="students-import-template.csv"',
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, example, ...rest] = Papa.parse<string[]>(response.body.slice(1), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual(importHeader('students'));
    expect(header).toContain('personalInfo.firstName');
    // Text that starts as a formula would is escaped, phone numbers included.
    expect(example).toEqual(
      importCells('students', {}).map((cell) =>
        String(cell).startsWith('+') ? `'${cell}` : String(cell),
      ),
    );
    expect(rest).toEqual([]);
    const academic = (name: string) => example?.[header?.indexOf(`academicInfo.${name}`) ?? -1];
    expect(['batch', 'course', 'branch', 'section'].map(academic)).toEqual([
      '2024-2028',
      'B.Tech',
      'CSE',
      'A',
    ]);
  });

  it.each(['csv', 'xlsx'])('reads its own %s template back as one valid row', async (format) => {
    for (const kind of ['students', 'faculty'] as const) {
      const template = await api.get(`import-template/${kind}?format=${format}`);
      const response = await api.preview(kind, template.rawPayload, `template.${format}`);
      expect(previewResponse.parse(response.json()).data).toMatchObject({
        totalRows: 1,
        validRows: 1,
        errors: [],
      });
    }
  });

  it('gives the faculty template as XLSX', async () => {
    const response = await api.get('import-template/faculty?format=xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(importHeader('faculty'));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe('vikram.iyer@example.edu');
  });

  it('refuses an unknown kind and format', async () => {
    expectError(await api.get('import-template/teachers'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { kind: PEOPLE_IMPORT_MESSAGES.kind },
    });
    expectError(await api.get('import-template/students?format=pdf'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: 'The format must be csv or xlsx' },
    });
  });
});

describe('POST /api/admin/import-preview/{kind}', () => {
  it('accepts a CSV file with a BOM, quoted commas and quotes, and a line break in a cell', async () => {
    const file = csvFile('students', [
      studentRow('p1', { 'contactInfo.currentAddress.street': 'Flat 4, "Sunrise"\nMG Road' }),
      studentRow('p2', { 'personalInfo.gender': 'others', 'academicInfo.section': 'a' }),
    ]);
    const response = await api.preview('students', file);
    expect(response.statusCode).toBe(200);
    expect(previewResponse.parse(response.json()).data).toEqual({
      _id: expect.any(String),
      kind: 'students',
      totalRows: 2,
      validRows: 2,
      errors: [],
      errorCount: 0,
    });
    expect(await countStudentsOf('studentp')).toBe(0);
  });

  it('accepts an XLSX file with numbers, dates and links in cells', async () => {
    const file = await xlsxFile('students', [
      studentRow('x1', {
        'personalInfo.dateOfBirth': new Date(Date.UTC(2006, 3, 15)),
        'contactInfo.permanentAddress.zipCode': 411001,
        'academicInfo.semester': 3,
      }),
      studentRow('x2', { 'academicInfo.semester': '2' }),
    ]);
    const response = await api.preview('students', file, 'students.xlsx');
    expect(previewResponse.parse(response.json()).data).toMatchObject({
      totalRows: 2,
      validRows: 2,
      errors: [],
    });
  });

  it("reports each bad row by row number and column with the form's messages", async () => {
    const file = csvFile('students', [
      studentRow('e1'),
      studentRow('e2', { 'personalInfo.firstName': 'A', 'academicInfo.semester': 11 }),
      studentRow('e3', { 'academicInfo.batch': '2030-2034' }),
      studentRow('e4', { 'academicInfo.course': 'M.Tech' }),
      studentRow('e5', { 'academicInfo.branch': 'ECE', 'academicInfo.section': 'Z' }),
      studentRow('e6', { 'academicInfo.section': 'C' }),
      studentRow('e7', { email: 'StudentE1@import.example' }),
      studentRow('e8', { rollNumber: 'imp-e1' }),
      studentRow('e9', { email: existingStudent.email.toUpperCase() }),
      studentRow('e10', { rollNumber: existingStudent.rollNumber }),
      studentRow('e11', { 'personalInfo.lastName': undefined, email: 'not-an-email' }),
    ]);
    const response = await api.preview('students', file);
    const preview = previewResponse.parse(response.json()).data;
    expect(preview).toMatchObject({ totalRows: 11, validRows: 1, errorCount: 13 });
    expect(preview.errors).toEqual(
      [
        {
          row: 3,
          column: 'personalInfo.firstName',
          message: 'First name must be at least 2 characters',
        },
        { row: 3, column: 'academicInfo.semester', message: 'Semester cannot exceed 10' },
        {
          row: 4,
          column: 'academicInfo.batch',
          message: PEOPLE_IMPORT_MESSAGES.unknownBatch('2030-2034'),
        },
        {
          row: 5,
          column: 'academicInfo.course',
          message: PEOPLE_IMPORT_MESSAGES.courseNotInBatch('M.Tech', '2024-2028'),
        },
        {
          row: 6,
          column: 'academicInfo.branch',
          message: PEOPLE_IMPORT_MESSAGES.unknownBranch('ECE'),
        },
        {
          row: 6,
          column: 'academicInfo.section',
          message: PEOPLE_IMPORT_MESSAGES.unknownSection('Z'),
        },
        {
          row: 7,
          column: 'academicInfo.section',
          message: PEOPLE_IMPORT_MESSAGES.sectionNotInBranch('C', 'CSE'),
        },
        { row: 8, column: 'email', message: PEOPLE_IMPORT_MESSAGES.duplicateInFile(2) },
        { row: 9, column: 'rollNumber', message: PEOPLE_IMPORT_MESSAGES.duplicateInFile(2) },
        { row: 10, column: 'email', message: PEOPLE_MESSAGES.emailTaken },
        {
          row: 11,
          column: 'rollNumber',
          message: PEOPLE_MESSAGES.rollNumberTaken(existingStudent.rollNumber),
        },
        { row: 12, column: 'email', message: 'Please enter a valid email address' },
        { row: 12, column: 'personalInfo.lastName', message: 'Last name is required' },
      ].sort((a, b) => a.row - b.row),
    );
  });

  it('checks faculty rows, their qualifications beyond the template and their employee IDs', async () => {
    const header = [
      ...importHeader('faculty'),
      'professionalInfo.qualification.2.degree',
      'professionalInfo.qualification.2.institution',
      'professionalInfo.qualification.2.year',
      'professionalInfo.qualification.2.percentage',
    ];
    const file = csvFile(
      'faculty',
      [
        facultyRow('f1', {
          'professionalInfo.qualification.2.degree': 'B.E.',
          'professionalInfo.qualification.2.institution': 'Anna University',
          'professionalInfo.qualification.2.year': 2004,
          'professionalInfo.qualification.2.percentage': 71,
        }),
        facultyRow('f2', { 'professionalInfo.qualification.0.percentage': 'eighty' }),
        facultyRow('f3', {
          'professionalInfo.employeeId': 'emp-f1',
          'personalInfo.maritalStatus': 'x',
        }),
      ],
      header,
    );
    const preview = previewResponse.parse((await api.preview('faculty', file)).json()).data;
    expect(preview.validRows).toBe(1);
    expect(preview.errors).toEqual([
      {
        row: 3,
        column: 'professionalInfo.qualification.0.percentage',
        message: 'Must be a number',
      },
      {
        row: 4,
        column: 'personalInfo.maritalStatus',
        message: 'Please select a valid marital status',
      },
    ]);
  });

  it('lists a duplicate employee ID only among rows that pass the form', async () => {
    const file = csvFile('faculty', [
      facultyRow('g1'),
      facultyRow('g2', { 'professionalInfo.employeeId': 'emp-g1' }),
    ]);
    const preview = previewResponse.parse((await api.preview('faculty', file)).json()).data;
    expect(preview.errors).toEqual([
      {
        row: 3,
        column: 'professionalInfo.employeeId',
        message: PEOPLE_IMPORT_MESSAGES.duplicateInFile(2),
      },
    ]);
  });

  describe('refuses a bad file with a clear message, writing nothing', () => {
    const header = importHeader('students');
    it.each([
      [
        'another type',
        Buffer.from('%PDF-1.7\n\0\0binary'),
        'notes.pdf',
        PEOPLE_IMPORT_MESSAGES.wrongType,
      ],
      [
        'binary named .csv',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.wrongType,
      ],
      [
        'a zip that is no workbook',
        Buffer.from('PK\u0003\u0004not really a zip'),
        'x.xlsx',
        PEOPLE_IMPORT_MESSAGES.unreadable,
      ],
      [
        'a CSV saved as Windows-1252',
        Buffer.from([0x6e, 0x61, 0xef, 0x76, 0x65]),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.notUtf8,
      ],
      ['an empty file', Buffer.alloc(0), 'x.csv', PEOPLE_IMPORT_MESSAGES.emptyFile],
      [
        'a byte order mark alone',
        Buffer.from('\uFEFF\r\n'),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.emptyFile,
      ],
      [
        'a header without rows',
        Buffer.from(`${header.join(',')}\r\n,,\r\n`),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.noRows,
      ],
      [
        'a missing required column',
        csvFile(
          'students',
          [studentRow('m1')],
          header.filter((name) => name !== 'personalInfo.religion'),
        ),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.missingColumns(['personalInfo.religion']),
      ],
      [
        'an unknown column',
        csvFile('students', [studentRow('m2')], [...header, 'personalInfo.nickname']),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.unknownColumn('personalInfo.nickname'),
      ],
      [
        'a repeated column',
        csvFile('students', [studentRow('m3')], [...header, 'email']),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.repeatedColumn('email'),
      ],
      [
        'a quote never closed',
        Buffer.from(`${header.join(',')}\r\n"unclosed,a,b\r\n`),
        'x.csv',
        PEOPLE_IMPORT_MESSAGES.unclosedQuote(2),
      ],
    ])('%s', async (_, bytes, name, message) => {
      expectError(await api.preview('students', bytes, name), 400, { message });
    });

    it('more rows than the limit', async () => {
      const rows = Array.from({ length: PEOPLE_IMPORT_LIMITS.maxRows + 1 }, () => 'a');
      const bytes = Buffer.from(`${header.join(',')}\n${rows.join('\n')}\n`);
      expectError(await api.preview('students', bytes), 400, {
        message: PEOPLE_IMPORT_MESSAGES.tooManyRows,
      });
    });

    it('an XLSX file with more rows than the limit, refused while it is read', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('students');
      sheet.addRow(header);
      for (let row = 0; row <= PEOPLE_IMPORT_LIMITS.maxRows; row++) sheet.addRow(['a']);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      expectError(await api.preview('students', bytes, 'big.xlsx'), 400, {
        message: PEOPLE_IMPORT_MESSAGES.tooManyRows,
      });
    });

    it('a file over the size limit, cut off while it streams in', async () => {
      const bytes = Buffer.alloc(PEOPLE_IMPORT_LIMITS.maxFileBytes + 1, 'a');
      expectError(await api.preview('students', bytes), 413, {
        message: PEOPLE_IMPORT_MESSAGES.fileTooLarge,
      });
    });

    it.each([
      [
        'a body that is no multipart form',
        'multipart/form-data; boundary=xyz',
        'garbage',
        PEOPLE_IMPORT_MESSAGES.malformedUpload,
      ],
      [
        'a form without its boundary',
        'multipart/form-data',
        '--xyz\r\n',
        PEOPLE_IMPORT_MESSAGES.malformedUpload,
      ],
      [
        'a form cut off inside its file',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
        PEOPLE_IMPORT_MESSAGES.malformedUpload,
      ],
      [
        'two files',
        'multipart/form-data; boundary=xyz',
        ['a.csv', 'b.csv']
          .map(
            (name) =>
              `--xyz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nabc\r\n`,
          )
          .join('')
          .concat('--xyz--\r\n'),
        PEOPLE_IMPORT_MESSAGES.oneFile,
      ],
    ])('%s', async (_, contentType, payload, message) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import-preview/students',
        headers: { ...bearer(adminToken), 'content-type': contentType },
        payload,
      });
      expectError(response, 400, { message });
    });

    it('no file at all, or JSON instead of a form', async () => {
      expectError(await api.upload('import-preview/students', undefined, { mode: 'x' }), 400, {
        message: PEOPLE_IMPORT_MESSAGES.noFile,
      });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import-preview/students',
        headers: bearer(adminToken),
        payload: {},
      });
      expectError(json, 400, { message: PEOPLE_IMPORT_MESSAGES.noFile });
    });
  });
});

describe('POST /api/admin/import/{kind}', () => {
  it('imports the valid rows only in valid-only mode, skipping the bad ones', async () => {
    const file = csvFile('students', [
      studentRow('v1'),
      studentRow('v2', { 'personalInfo.firstName': '' }),
      studentRow('v3'),
      studentRow('v4', { 'academicInfo.batch': '1999-2003' }),
    ]);
    const response = await api.start('students', file, 'valid-only', 'intake.csv');
    expect(response.statusCode).toBe(202);
    const started = jobResponse.parse(response.json());
    expect(started.message).toBe(PEOPLE_IMPORT_MESSAGES.importStarted);
    expect(started.data).toMatchObject({ kind: 'students', mode: 'valid-only', total: 2 });
    const job = importJobSchema.strict().parse(await api.finished(started.data._id));
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      total: 2,
      done: 2,
      summary: { imported: 2, skipped: 2 },
      credentialsAvailable: true,
    });
    const created = await t.database.db
      .select({ rollNumber: students.rollNumber, firstName: students.firstName })
      .from(students)
      .where(inArray(students.rollNumber, ['IMP-v1', 'IMP-v3']));
    expect(created).toHaveLength(2);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, job._id));
    expect(audit).toMatchObject({
      action: 'student.import',
      actorUserId: adminId,
      recordLabel: 'intake.csv',
      summary: 'Imported 2 students from intake.csv (2 invalid rows skipped)',
    });
  });

  it("imports the rows its preview checked, named by the preview's id, without the file", async () => {
    const file = csvFile('students', [
      studentRow('chk1'),
      studentRow('chk2', { 'personalInfo.firstName': '' }),
      studentRow('chk3'),
    ]);
    const preview = previewResponse.parse((await api.preview('students', file, 'chk.csv')).json());
    const checkId = preview.data._id;
    expect(
      await t.database.db.$count(peopleImportCheckRows, eq(peopleImportCheckRows.checkId, checkId)),
    ).toBe(2);
    // All-or-nothing refuses it as it would the file, and the check stays for another try.
    expectError(await api.startChecked('students', checkId, 'all-or-nothing'), 400, {
      message: PEOPLE_IMPORT_MESSAGES.rowsHaveErrors(1),
    });
    // Another kind's import cannot name it.
    expectError(await api.startChecked('faculty', checkId, 'valid-only'), 404, {
      message: PEOPLE_IMPORT_MESSAGES.checkGone,
    });

    const response = await api.startChecked('students', checkId, 'valid-only');
    expect(response.statusCode).toBe(202);
    const started = jobResponse.parse(response.json()).data;
    expect(started).toMatchObject({ kind: 'students', mode: 'valid-only', total: 2 });
    // One check starts one import.
    expectError(await api.startChecked('students', checkId, 'valid-only'), 404, {
      message: PEOPLE_IMPORT_MESSAGES.checkGone,
    });
    const job = await api.finished(started._id);
    expect(job).toMatchObject({ status: 'SUCCEEDED', summary: { imported: 2, skipped: 1 } });
    expect(await countStudentsOf('studentchk')).toBe(2);
    const [audit] = await t.database.db
      .select({ recordLabel: auditLog.recordLabel })
      .from(auditLog)
      .where(eq(auditLog.recordId, job._id));
    expect(audit?.recordLabel).toBe('chk.csv');
    // The check and its rows go when the import ends.
    expect(await t.database.db.$count(peopleImportChecks, eq(peopleImportChecks.id, checkId))).toBe(
      0,
    );
    expect(
      await t.database.db.$count(peopleImportCheckRows, eq(peopleImportCheckRows.checkId, checkId)),
    ).toBe(0);
  });

  it('refuses a check that is unknown, malformed or over an hour old', async () => {
    const file = csvFile('students', [studentRow('old1')]);
    const { _id: checkId } = previewResponse.parse(
      (await api.preview('students', file)).json(),
    ).data;
    await t.database.db
      .update(peopleImportChecks)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(peopleImportChecks.id, checkId));
    for (const id of [checkId, '40000000-0000-4000-8000-000000000001', 'not-an-id']) {
      expectError(await api.startChecked('students', id, 'valid-only'), 404, {
        message: PEOPLE_IMPORT_MESSAGES.checkGone,
      });
    }
    expect(await countStudentsOf('studentold')).toBe(0);
    // The hourly expiry drops it with its people's rows; an unexpired check stays.
    const { _id: freshId } = previewResponse.parse(
      (await api.preview('students', file)).json(),
    ).data;
    expect(await dropExpiredChecks(t.database.db)).toBe(1);
    expect(await t.database.db.$count(peopleImportChecks, eq(peopleImportChecks.id, checkId))).toBe(
      0,
    );
    expect(
      await t.database.db.$count(peopleImportCheckRows, eq(peopleImportCheckRows.checkId, checkId)),
    ).toBe(0);
    expect(await t.database.db.$count(peopleImportChecks, eq(peopleImportChecks.id, freshId))).toBe(
      1,
    );
  });

  it('refuses a file with any bad row in all-or-nothing mode, writing nothing', async () => {
    const file = csvFile('students', [studentRow('n1'), studentRow('n2', { rollNumber: 'x' })]);
    expectError(await api.start('students', file, 'all-or-nothing'), 400, {
      message: PEOPLE_IMPORT_MESSAGES.rowsHaveErrors(1),
    });
    expect(await countStudentsOf('studentn')).toBe(0);
    expect(await t.database.db.$count(peopleImportJobs, eq(peopleImportJobs.fileName, 'n'))).toBe(
      0,
    );
  });

  it('refuses a file with no valid row, and an unknown mode', async () => {
    const file = csvFile('students', [studentRow('z1', { email: 'nope' })]);
    expectError(await api.start('students', file, 'valid-only'), 400, {
      message: PEOPLE_IMPORT_MESSAGES.noValidRows,
    });
    expectError(await api.start('students', file, 'some'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { mode: PEOPLE_IMPORT_MESSAGES.mode },
    });
  });

  it('imports every row in all-or-nothing mode; the credentials file signs each person in, once', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => studentRow(`a${index}`));
    const started = jobResponse.parse(
      (await api.start('students', csvFile('students', rows), 'all-or-nothing')).json(),
    );
    expect(started.data).toMatchObject({
      status: expect.stringMatching(/QUEUED|RUNNING/),
      total: 60,
    });
    expect(started.data.summary).toBeNull();
    const job = await api.finished(started.data._id);
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      done: 60,
      summary: { imported: 60, skipped: 0 },
    });
    expect(await countStudentsOf('studenta')).toBe(60);

    // Sealed at rest: no default password is in the database in clear.
    const [stored] = await t.database.db
      .select({ credentials: peopleImportJobs.credentials })
      .from(peopleImportJobs)
      .where(eq(peopleImportJobs.id, job._id));
    const download = await api.get(`get-job-credentials/${job._id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="students-credentials.csv"',
    );
    const [header, ...lines] = Papa.parse<string[]>(download.body.slice(1), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual(IMPORT_CREDENTIAL_COLUMNS.students);
    expect(lines).toHaveLength(60);
    const [email, studentId, rollNumber, password] = lines[7] as string[];
    expect(email).toBe('studenta7@import.example');
    expect(studentId).toMatch(/^STU-/);
    expect(rollNumber).toBe('IMP-a7');
    expect(JSON.stringify(stored)).not.toContain(password);
    const session = await signIn(t.app, email as string, password as string);
    expect(session.user.email).toBe(email);

    expectError(await api.get(`get-job-credentials/${job._id}`), 410, {
      message: PEOPLE_IMPORT_MESSAGES.credentialsGone,
    });
    expect((await api.get(`get-job/${job._id}`)).json().data.credentialsAvailable).toBe(false);
  });

  it('leaves nothing behind when a write fails midway in all-or-nothing mode', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => studentRow(`w${index}`));
    const started = jobResponse.parse(
      (await api.start('students', csvFile('students', rows), 'all-or-nothing')).json(),
    );
    // Taken while the passwords are hashed: the check passed, the write will not.
    await t.database.db
      .insert(users)
      .values({ email: 'studentw119@import.example', passwordHash: 'x', role: 'student' });
    const job = await api.finished(started.data._id);
    expect(job).toMatchObject({
      status: 'FAILED',
      summary: {
        imported: 0,
        message: `${PEOPLE_IMPORT_MESSAGES.writeFailed}. Row 121: ${PEOPLE_MESSAGES.emailTaken}`,
      },
      credentialsAvailable: false,
    });
    expect(await countStudentsOf('studentw')).toBe(1);
  });

  it('counts a row whose write fails in valid-only mode and imports the others', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => studentRow(`k${index}`));
    const started = jobResponse.parse(
      (await api.start('students', csvFile('students', rows), 'valid-only')).json(),
    );
    await t.database.db
      .insert(users)
      .values({ email: 'studentk119@import.example', passwordHash: 'x', role: 'student' });
    const job = await api.finished(started.data._id);
    expect(job).toMatchObject({
      status: 'SUCCEEDED',
      done: 120,
      summary: {
        imported: 119,
        skipped: 0,
        failed: 1,
        message: `Row 121: ${PEOPLE_MESSAGES.emailTaken}`,
      },
      credentialsAvailable: true,
    });
  });

  it('imports faculty through the create code, with their employee IDs in the credentials', async () => {
    const started = jobResponse.parse(
      (
        await api.start(
          'faculty',
          await xlsxFile('faculty', [facultyRow('i1'), facultyRow('i2')]),
          'valid-only',
          'staff.xlsx',
        )
      ).json(),
    );
    const job = await api.finished(started.data._id);
    expect(job.summary).toEqual({ imported: 2, skipped: 0 });
    expect(
      await t.database.db.$count(faculty, inArray(faculty.employeeId, ['EMP-i1', 'EMP-i2'])),
    ).toBe(2);
    const download = await api.get(`get-job-credentials/${job._id}`);
    const [header, first] = Papa.parse<string[]>(download.body.slice(1), {
      skipEmptyLines: true,
    }).data;
    expect(header).toEqual(IMPORT_CREDENTIAL_COLUMNS.faculty);
    expect(first?.slice(0, 3)).toEqual([
      'facultyi1@import.example',
      expect.stringMatching(/^FAC-/),
      'EMP-i1',
    ]);
  });
});

describe('the log of an import', () => {
  it('holds no default password, at the most detailed level', async () => {
    const lines: string[] = [];
    const other = await createTestApp({
      config: { logLevel: 'trace' },
      logStream: { write: (line: string) => lines.push(line) },
    });
    const admin = await createSignedInUser(other.app, other.database.db, 'admin');
    const client = importClient(other.app, admin.accessToken);
    const rows = [facultyRow('l1'), facultyRow('l2', { email: 'bad' })];
    const started = await client.start('faculty', csvFile('faculty', rows), 'valid-only');
    const job = await client.finished(jobResponse.parse(started.json()).data._id);
    const download = await client.get(`get-job-credentials/${job._id}`);
    const [, line] = Papa.parse<string[]>(download.body.slice(1), { skipEmptyLines: true }).data;
    const password = line?.[3] as string;
    expect(password).toHaveLength(16);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(password);
    await other.close();
  });
});

describe('an import when the server stops', () => {
  it('ends as FAILED after its current batch; those created keep their credentials', async () => {
    const other = await createTestApp();
    const admin = await createSignedInUser(other.app, other.database.db, 'admin');
    const client = importClient(other.app, admin.accessToken);
    const rows = Array.from({ length: 150 }, (_, index) => facultyRow(`s${index}`));
    const response = await client.start('faculty', csvFile('faculty', rows), 'valid-only');
    const { _id } = jobResponse.parse(response.json()).data;
    while ((await client.get(`get-job/${_id}`)).json().data.done === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await other.app.close();
    const [job] = await other.database.db
      .select()
      .from(peopleImportJobs)
      .where(eq(peopleImportJobs.id, _id));
    expect(job).toMatchObject({ status: 'FAILED', message: PEOPLE_IMPORT_MESSAGES.interrupted });
    expect(job?.imported).toBeGreaterThan(0);
    expect(job?.imported).toBeLessThan(150);
    expect(await other.database.db.$count(faculty)).toBe(job?.imported);
    // One sealed part per transaction of rows written.
    expect(job?.credentials).toHaveLength((job?.imported ?? 0) / IMPORT_WRITE_ROWS);
    await other.database.close();
  });
});

describe('GET /api/admin/get-job/{id} and get-job-credentials/{id}', () => {
  async function insertJob(status: 'RUNNING' | 'QUEUED') {
    const [job] = await t.database.db
      .insert(peopleImportJobs)
      .values({
        kind: 'students',
        mode: 'valid-only',
        status,
        fileName: 'lost.csv',
        total: 10,
        done: 4,
        createdAt: new Date(),
      })
      .returning();
    return job as typeof peopleImportJobs.$inferSelect;
  }

  /** An import a process was running when it died, its lease ending at `lockedUntil`. */
  async function insertLeftJob(lockedUntil: Date) {
    const job = await insertJob('RUNNING');
    await t.database.db.insert(jobs).values({
      kind: PEOPLE_IMPORT_JOB,
      payload: { id: job.id, kind: 'students', mode: 'valid-only', rows: [] },
      status: 'RUNNING',
      attempts: 1,
      lockedUntil,
    });
    return job;
  }

  it('answers 404 for an unknown job, and 400 for a malformed id', async () => {
    const unknown = '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1';
    expectError(await api.get(`get-job/${unknown}`), 404, {
      message: PEOPLE_IMPORT_MESSAGES.jobNotFound,
    });
    expectError(await api.get(`get-job-credentials/${unknown}`), 404, {
      message: PEOPLE_IMPORT_MESSAGES.jobNotFound,
    });
    expectError(await api.get('get-job/12'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });

  it('refuses the credentials of a job still running', async () => {
    const job = await insertJob('RUNNING');
    expectError(await api.get(`get-job-credentials/${job.id}`), 409, {
      message: PEOPLE_IMPORT_MESSAGES.stillRunning,
    });
    await t.database.db.delete(peopleImportJobs).where(eq(peopleImportJobs.id, job.id));
  });

  it('marks FAILED a job whose process stopped answering', async () => {
    const job = await insertLeftJob(new Date(Date.now() - 1000));
    t.app.jobs.wake();
    const read = jobResponse.parse({ success: true, data: await api.finished(job.id) }).data;
    expect(read).toMatchObject({
      status: 'FAILED',
      done: 4,
      summary: { imported: 0, skipped: 0, message: PEOPLE_IMPORT_MESSAGES.interrupted },
    });
  });

  it('marks FAILED, when a process starts on the embedded engine, a job left running', async () => {
    const job = await insertLeftJob(new Date(Date.now() + 60_000));
    const other = await createTestApp({ database: asAnotherProcess(t.database) });
    if (TEST_ENGINE === 'pglite') {
      expect(await api.finished(job.id)).toMatchObject({
        status: 'FAILED',
        summary: { message: PEOPLE_IMPORT_MESSAGES.interrupted },
      });
    } else {
      // Another process may be running it: its lease has not run out.
      expect((await api.get(`get-job/${job.id}`)).json().data.status).toBe('RUNNING');
      await t.database.db.delete(jobs);
      await t.database.db.delete(peopleImportJobs).where(eq(peopleImportJobs.id, job.id));
    }
    await other.close();
  });
});

describe('an import under the required-fields setting', () => {
  const setRequired = (requiredStudentFields: readonly string[]) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(adminToken),
      payload: { maxExamDurationMinutes: 150, countAbsentAsZero: false, requiredStudentFields },
    });
  afterAll(async () => {
    await t.database.db.delete(institutionSettings);
  });

  it('accepts a file without the columns and cells of fields the institution does not require', async () => {
    const header = importHeader('students').filter((name) => name !== 'personalInfo.religion');
    const rows = [studentRow('opt1', { 'familyInfo.father.email': '' })];
    expectError(await api.preview('students', csvFile('students', rows, header)), 400, {
      message: PEOPLE_IMPORT_MESSAGES.missingColumns(['personalInfo.religion']),
    });

    const notRequired = ['personalInfo.religion', 'familyInfo.father.email'];
    await setRequired(STUDENT_PROFILE_FIELD_KEYS.filter((key) => !notRequired.includes(key)));
    const file = csvFile('students', rows, header);
    expect(previewResponse.parse((await api.preview('students', file)).json()).data).toMatchObject({
      totalRows: 1,
      validRows: 1,
      errors: [],
    });
    const started = jobResponse.parse((await api.start('students', file, 'all-or-nothing')).json());
    expect(await api.finished(started.data._id)).toMatchObject({ summary: { imported: 1 } });
    const [imported] = await t.database.db
      .select({ religion: students.religion, family: students.family })
      .from(students)
      .where(eq(students.rollNumber, 'IMP-opt1'));
    expect(imported?.religion).toBeNull();
    expect(imported?.family.father.email).toBeNull();
  });

  it('still refuses a malformed value in a column that is not required', async () => {
    await setRequired([]);
    const file = csvFile('students', [studentRow('opt2', { 'familyInfo.father.email': 'nope' })]);
    expect(previewResponse.parse((await api.preview('students', file)).json()).data).toMatchObject({
      validRows: 0,
      errors: [
        {
          row: 2,
          column: 'familyInfo.father.email',
          message: 'Please enter a valid email address',
        },
      ],
    });
  });
});
