import { examReportDataSchema, examResultsDataSchema, successResponse } from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
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
    const response = await suite.fixture.adminCall('GET', `get-exam-report/${examId}`);
    expect(response.statusCode).toBe(200);
    const report = reportResponse.parse(response.json()).data;
    expect(report.summary).toMatchObject({ participants: 3, submitted: 1, absent: 2, average: 3 });
  });

  it('are in the export as Absent, with no marks', async () => {
    suite.clock.set(NEXT_DAY);
    const response = await suite.fixture.adminCall(
      'GET',
      `export-exam-results/${examId}?format=csv`,
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(4);
    for (const { rollNumber } of absentees) {
      const line = lines.find((row) => row.includes(rollNumber));
      expect(line?.endsWith(',,,Absent')).toBe(true);
    }
    expect(lines.find((row) => row.includes(sitter.rollNumber))).toMatch(/,3,3,Pass$/);
  });
});
