import { examReportDataSchema, examResultsDataSchema, successResponse } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { choiceExam, sit } from '../reports/test-support';

const suite = sittingSuite();
const resultsResponse = successResponse(examResultsDataSchema);
const reportResponse = successResponse(examReportDataSchema);

/** The day after the exam day: the exam's window has closed. */
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

/** An exam for section B alone: one student submits 3 of 5, two never start. */
let examId: string;
let sitter: { rollNumber: string; name: string };
let absentees: { _id: string; rollNumber: string }[];

beforeAll(async () => {
  suite.clock.set(EXAM_DAY_TEN);
  const section = suite.fixture.inSection.B;
  examId = (await choiceExam(suite.fixture, { sectionIds: [section] }))._id;
  const script = await sit(suite.fixture, examId, ['right', 'right', 'right', 'wrong'], section);
  sitter = {
    rollNumber: script.record.rollNumber,
    name: `${script.record.personalInfo.firstName} ${script.record.personalInfo.lastName}`,
  };
  absentees = (
    await Promise.all([suite.fixture.student(section), suite.fixture.student(section)])
  ).map(({ record }) => ({ _id: record._id, rollNumber: record.rollNumber }));
});

async function resultsOf(query = '') {
  const response = await suite.fixture.adminCall('GET', `get-exam-results/${examId}${query}`);
  expect(response.statusCode).toBe(200);
  return resultsResponse.parse(response.json()).data;
}

async function reportOf() {
  const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
  expect(response.statusCode).toBe(200);
  return reportResponse.parse(response.json()).data;
}

/** The export's CSV lines, header first. */
async function exportLines() {
  const response = await suite.fixture.adminCall('GET', `export-exam-results/${examId}?format=csv`);
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

async function countAbsentAsZero(on: boolean) {
  const response = await suite.fixture.adminCall('PUT', 'settings', {
    maxExamDurationMinutes: 150,
    countAbsentAsZero: on,
  });
  expect(response.statusCode).toBe(200);
}

describe('students who never started', () => {
  it('are not absent while the exam is still open', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const data = await resultsOf();
    expect(data.results.map((result) => result.status)).toEqual(['SUBMITTED']);
    expect(data.summary).toMatchObject({ participants: 3, submitted: 1, absent: 0 });
  });

  it('appear as Absent by roll number once it has ended, and are not scored as 0', async () => {
    suite.clock.set(NEXT_DAY);
    const data = await resultsOf();
    const byRollNumber = [
      { rollNumber: sitter.rollNumber, status: 'SUBMITTED' },
      ...absentees.map(({ rollNumber }) => ({ rollNumber, status: 'ABSENT' })),
    ].sort((a, b) => (a.rollNumber < b.rollNumber ? -1 : 1));
    expect(
      data.results.map(({ student, status }) => ({ rollNumber: student.rollNumber, status })),
    ).toEqual(byRollNumber);
    for (const absent of data.results.filter((result) => result.status === 'ABSENT')) {
      expect(absent).toMatchObject({
        attemptId: null,
        attemptCode: null,
        submittedAt: null,
        total: null,
        passed: null,
        toMark: 0,
      });
      expect(absentees.map(({ _id }) => _id)).toContain(absent.student._id);
    }
    expect(data.summary).toMatchObject({
      participants: 3,
      submitted: 1,
      absent: 2,
      average: 3,
      lowest: 3,
      passRate: 1,
    });
    expect(data.pagination.totalCount).toBe(3);
  });

  it('are found by the search and paged with the submitted attempts', async () => {
    suite.clock.set(NEXT_DAY);
    const first = absentees[0] as { rollNumber: string };
    const found = await resultsOf(`?search=${encodeURIComponent(first.rollNumber)}`);
    expect(found.results.map(({ student, status }) => [student.rollNumber, status])).toEqual([
      [first.rollNumber, 'ABSENT'],
    ]);
    const pages = [await resultsOf('?page=1&limit=2'), await resultsOf('?page=2&limit=2')];
    expect(pages.map((page) => page.results.length)).toEqual([2, 1]);
    expect(new Set(pages.flatMap((page) => page.results.map((row) => row.student._id))).size).toBe(
      3,
    );
  });

  it('count as absent in the report, apart from the submitted attempts', async () => {
    suite.clock.set(NEXT_DAY);
    const report = await reportOf();
    expect(report.summary).toMatchObject({ participants: 3, submitted: 1, absent: 2, average: 3 });
    expect(report.histogram.map((bin) => bin.count)).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(report.sections.map((section) => section.average)).toEqual([3]);
  });

  it('are in the export as Absent, with no marks', async () => {
    suite.clock.set(NEXT_DAY);
    const lines = await exportLines();
    expect(lines).toHaveLength(4);
    for (const { rollNumber } of absentees) {
      const line = lines.find((row) => row.includes(rollNumber));
      expect(line?.endsWith(',,,Absent')).toBe(true);
    }
    expect(lines.find((row) => row.includes(sitter.rollNumber))).toMatch(/,3,3,Pass$/);
  });
});

describe('students who never started, where the institution counts the absent as 0', () => {
  beforeAll(() => countAbsentAsZero(true));
  afterAll(() => countAbsentAsZero(false));

  it('still count as nothing while the exam is open', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    expect((await resultsOf()).summary).toMatchObject({
      submitted: 1,
      absent: 0,
      average: 3,
      lowest: 3,
      passRate: 1,
    });
  });

  it("score 0, failed, in the results' figures once it has ended, their rows still Absent", async () => {
    suite.clock.set(NEXT_DAY);
    const data = await resultsOf();
    expect(data.summary).toEqual({
      participants: 3,
      submitted: 1,
      absent: 2,
      average: 1,
      median: 0,
      highest: 3,
      lowest: 0,
      passRate: 1 / 3,
      answersToMark: 0,
    });
    const absent = data.results.filter((result) => result.status === 'ABSENT');
    expect(absent).toHaveLength(2);
    for (const row of absent) expect(row).toMatchObject({ total: null, passed: null });
  });

  it("score 0 in the report's figures, histogram and section averages", async () => {
    suite.clock.set(NEXT_DAY);
    const report = await reportOf();
    expect(report.summary).toMatchObject({
      submitted: 1,
      absent: 2,
      average: 1,
      lowest: 0,
      passRate: 1 / 3,
    });
    expect(report.histogram.map((bin) => bin.count)).toEqual([2, 0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(report.sections.map((section) => section.average)).toEqual([1]);
    // The questions' statistics stay those of the one script submitted.
    expect(report.questions.map((question) => question.correctRate)).toEqual([1, 1, 1, 0, 0]);
  });

  it('are in the export as Absent with a total of 0', async () => {
    suite.clock.set(NEXT_DAY);
    const lines = await exportLines();
    for (const { rollNumber } of absentees) {
      const line = lines.find((row) => row.includes(rollNumber));
      expect(line?.endsWith(',,0,Absent')).toBe(true);
    }
    expect(lines.find((row) => row.includes(sitter.rollNumber))).toMatch(/,3,3,Pass$/);
  });
});
