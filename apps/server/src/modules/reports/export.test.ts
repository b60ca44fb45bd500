import { randomUUID } from 'node:crypto';
import { RESULT_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema';
import { type Cell, csvField } from '../../spreadsheets/write';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { choiceExam, sit } from './test-support';

const suite = sittingSuite();

interface Sitter {
  studentId: string;
  rollNumber: string;
  name: string;
}

/** An exam with three submitted scripts, one by a student named like a spreadsheet formula. */
let exam: { _id: string; examId: string };
let sitters: Sitter[];
/** The one section of the exam's audience, as the file names a student's section. */
let section: string;

beforeAll(async () => {
  suite.clock.set(EXAM_DAY_TEN);
  exam = await choiceExam(suite.fixture);
  const scripts = [
    await sit(suite.fixture, exam._id, ['right', 'right', 'right', 'wrong', null]),
    await sit(suite.fixture, exam._id, ['right', 'wrong', null, null, null]),
    await sit(suite.fixture, exam._id, []),
  ];
  const [formula] = scripts;
  await suite.t.database.db
    .update(students)
    .set({ firstName: '=HYPERLINK("http://x")', lastName: 'Shah, Jr.' })
    .where(eq(students.id, formula?.record._id as string));
  const sittings = await suite.fixture.adminCall('GET', `get-exam-attempts/${exam._id}`);
  section = sittings.json().data.audienceSections[0].label;
  expect(section).toMatch(/^CS\d+ · S\d+$/);
  sitters = scripts.map(({ record }, index) => ({
    studentId: record.studentId,
    rollNumber: record.rollNumber,
    name:
      index === 0
        ? '=HYPERLINK("http://x") Shah, Jr.'
        : `${record.personalInfo.firstName} ${record.personalInfo.lastName}`,
  }));
});

const exportOf = (format: string) =>
  suite.fixture.adminCall('GET', `export-exam-results/${exam._id}?format=${format}`);

/** The rows the file must hold, by roll number as it is sorted, with the results above. */
function expectedRows() {
  const totals = [3, 1, 0];
  return sitters
    .map((sitter, index) => ({ ...sitter, total: totals[index] as number }))
    .sort((a, b) => (a.rollNumber < b.rollNumber ? -1 : 1))
    .map((row) => [
      row.studentId,
      row.rollNumber,
      row.name,
      section,
      row.total,
      row.total,
      row.total >= 2 ? 'Pass' : 'Fail',
    ]);
}

describe('csvField', () => {
  it('quotes what RFC 4180 requires and keeps formulas as text', () => {
    expect(csvField('Asha Patel')).toBe('Asha Patel');
    expect(csvField('Shah, Jr.')).toBe('"Shah, Jr."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1']) {
      expect(csvField(formula)).toBe(`'${formula}`);
    }
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvField(4.5)).toBe('4.5');
  });
});

describe('export of results', () => {
  it('sends a CSV of every submitted attempt with its section totals and result', async () => {
    const response = await exportOf('csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exam.examId}-results.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Student ID,Roll Number,Name,Section,Choices,Total,Result');
    expect(lines.slice(1, -1)).toEqual(
      expectedRows().map((row) =>
        row
          .map((cell) =>
            cell === '=HYPERLINK("http://x") Shah, Jr.'
              ? `"'=HYPERLINK(""http://x"") Shah, Jr."`
              : String(cell),
          )
          .join(','),
      ),
    );
  });

  it('sends an XLSX workbook with the same rows, the formula-like name kept as text', async () => {
    const response = await exportOf('xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exam.examId}-results.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Results');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows).toEqual([
      ['Student ID', 'Roll Number', 'Name', 'Section', 'Choices', 'Total', 'Result'],
      ...expectedRows(),
    ]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getCell('C2').formula).toBeUndefined();
  });

  it('sends only a header for an exam nobody submitted', async () => {
    const empty = await suite.fixture.exam();
    const response = await suite.fixture.adminCall('GET', `export-exam-results/${empty._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      '\uFEFFStudent ID,Roll Number,Name,Section,Multiple choice,True or false,Short answers,Essay,Total,Result\r\n',
    );
  });

  it('answers 404 for an unknown exam and 400 for a bad format or id', async () => {
    expectError(
      await suite.fixture.adminCall('GET', `export-exam-results/${randomUUID()}?format=csv`),
      404,
      { message: RESULT_MESSAGES.examNotFound },
    );
    expectError(await exportOf('pdf'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: 'The format must be csv or xlsx' },
    });
    expectError(await suite.fixture.adminCall('GET', 'export-exam-results/nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});

describe('export of answers', () => {
  const answersOf = (format: string, examId = exam._id) =>
    suite.fixture.adminCall('GET', `export-exam-answers/${examId}?format=${format}`);
  const HEADER = [
    'Student ID',
    'Roll Number',
    'Name',
    'Section',
    'Question',
    'Question Type',
    'Answer',
    'Marks',
    'Out Of',
  ];
  const CHOSEN: Record<string, Cell> = { right: 'A. Hash table', wrong: 'B. Linked list' };

  /** A row per sitter and question, sitters by roll number, each answer's text and marks. */
  function expectedAnswerRows() {
    const choices = [
      ['right', 'right', 'right', 'wrong', null],
      ['right', 'wrong', null, null, null],
      [null, null, null, null, null],
    ];
    return sitters
      .map((sitter, index) => ({ ...sitter, choices: choices[index] as (string | null)[] }))
      .sort((a, b) => (a.rollNumber < b.rollNumber ? -1 : 1))
      .flatMap((sitter) =>
        sitter.choices.map((choice, question) => [
          sitter.studentId,
          sitter.rollNumber,
          sitter.name,
          section,
          `Q${question + 1}`,
          'MCQ (Multiple Choice)',
          choice ? (CHOSEN[choice] as Cell) : '',
          choice === 'right' ? 1 : 0,
          1,
        ]),
      );
  }

  it('sends a row per submitted attempt and question with the chosen option’s text and its marks', async () => {
    const response = await answersOf('csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exam.examId}-answers.csv"`,
    );
    const lines = response.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER.join(','));
    expect(lines.slice(1, -1)).toEqual(
      expectedAnswerRows().map((row) => row.map(csvField).join(',')),
    );
  });

  it('sends the same rows as an XLSX workbook', async () => {
    const response = await answersOf('xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    // An empty cell is not written: it reads back as a hole.
    workbook.getWorksheet('Answers')?.eachRow((row) => {
      rows.push(Array.from((row.values as unknown[]).slice(1), (value) => value ?? ''));
    });
    expect(rows).toEqual([HEADER, ...expectedAnswerRows()]);
  });

  it('answers 404 for an unknown exam and 400 for a bad format', async () => {
    expectError(await answersOf('csv', randomUUID()), 404, {
      message: RESULT_MESSAGES.examNotFound,
    });
    expectError(await answersOf('pdf'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { format: 'The format must be csv or xlsx' },
    });
  });
});
