import {
  attemptViewSchema,
  examReportDataSchema,
  examResultsDataSchema,
  sittingsDataSchema,
  studentExamsDataSchema,
  studentResultDataSchema,
} from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { choiceExam } from '../reports/test-support';
import {
  dataOf,
  drawnSection,
  NEXT_DAY,
  regradePreview,
  scoredAnswersOfScript,
  startDrawn,
} from './test-support';

const suite = sittingSuite();
const { clock } = suite;

/**
 * Five one-mark MCQs (option 0 right) made the pool of a section that draws 3 for each student:
 * the first student is given the pool's questions 1-3 and answers right, right, wrong (2 of 3,
 * passed with 2); the second is given 3-5 and answers right, wrong and leaves the last (1 of 3).
 * Both submit, and the exam is over.
 */
async function drawnExam() {
  clock.set(EXAM_DAY_TEN);
  const { db } = suite.t.database;
  const exam = await choiceExam(suite.fixture);
  const { sectionId, pool } = await drawnSection(db, suite.fixture, exam._id, 3);
  const [p1, p2, p3, p4, p5] = pool as [string, string, string, string, string];
  const first = await startDrawn(db, suite.fixture, exam._id, { [sectionId]: [p1, p2, p3] });
  const second = await startDrawn(db, suite.fixture, exam._id, { [sectionId]: [p3, p4, p5] });
  const sittings = [
    { student: first, answers: { [p1]: '0', [p2]: '0', [p3]: '1' } },
    { student: second, answers: { [p3]: '0', [p4]: '1' } },
  ];
  for (const { student, answers } of sittings) {
    const saved = await student.client.save(student.attemptId, {
      seq: 1,
      answers: Object.entries(answers).map(([questionId, selectedOptionId]) => ({
        questionId,
        selectedOptionId,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await student.client.submit(student.attemptId)).statusCode).toBe(200);
  }
  clock.set(NEXT_DAY);
  return { exam, sectionId, pool: { p1, p2, p3, p4, p5 }, first, second };
}

type DrawnExam = Awaited<ReturnType<typeof drawnExam>>;
let drawn: DrawnExam;

describe('an exam whose section is drawn for each student', () => {
  beforeAll(async () => {
    drawn = await drawnExam();
  });

  it("shows each student only their own paper's questions, and counts its answers over it on the monitor", async () => {
    const { first, second, pool } = drawn;
    const viewOf = async (student: typeof first) => {
      const response = await student.client.call('GET', `get-attempt/${student.attemptId}`);
      return dataOf(attemptViewSchema, response).sections[0];
    };
    const firstView = await viewOf(first);
    expect(firstView?.questions.map((question) => question._id)).toEqual([
      pool.p1,
      pool.p2,
      pool.p3,
    ]);
    expect(firstView?.totalQuestions).toBe(3);
    expect((await viewOf(second))?.questions.map((question) => question._id)).toEqual([
      pool.p3,
      pool.p4,
      pool.p5,
    ]);

    const response = await suite.fixture.adminCall(
      'GET',
      `get-exam-attempts/${drawn.exam._id}?page=1&limit=50`,
    );
    const { attempts } = dataOf(sittingsDataSchema, response);
    const counts = (attemptId: string) =>
      attempts
        .filter((sitting) => sitting.attemptId === attemptId)
        .map(({ answersSaved, totalQuestions }) => [answersSaved, totalQuestions]);
    expect(counts(first.attemptId)).toEqual([[3, 3]]);
    expect(counts(second.attemptId)).toEqual([[2, 3]]);
  });

  it('scores each student over their own questions, out of the same maximum', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-results/${drawn.exam._id}`);
    const { results, summary } = dataOf(examResultsDataSchema, response);
    const rowOf = (attemptId: string) => results.find((row) => row.attemptId === attemptId);
    expect(rowOf(drawn.first.attemptId)).toMatchObject({
      total: 2,
      passed: true,
      sections: [{ marks: 2, maxMarks: 3 }],
    });
    expect(rowOf(drawn.second.attemptId)).toMatchObject({
      total: 1,
      passed: false,
      sections: [{ marks: 1, maxMarks: 3 }],
    });
    expect(summary).toMatchObject({ submitted: 2, highest: 2, lowest: 1 });
  });

  it('rates each question over the attempts that were given it', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-report/${drawn.exam._id}`);
    const report = dataOf(examReportDataSchema, response);
    expect(report.sections).toMatchObject([{ maxMarks: 3 }]);
    const { p1, p2, p3, p4, p5 } = drawn.pool;
    const figures = new Map(
      report.questions.map((question) => [
        question.questionId,
        [question.given, question.answered, question.correctRate, question.optionChoices?.[0]],
      ]),
    );
    expect([p1, p2, p3, p4, p5].map((id) => figures.get(id))).toEqual([
      [1, 1, 1, 1],
      [1, 1, 1, 1],
      // Given to both: right once, wrong once.
      [2, 2, 0.5, 1],
      [1, 1, 0, 0],
      [1, 0, 0, 0],
    ]);
  });

  it("exports each student's own questions as their answers' rows", async () => {
    const response = await suite.fixture.adminCall(
      'GET',
      `export-exam-answers/${drawn.exam._id}?format=csv`,
    );
    const rows = response.body
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(','));
    const ofStudent = (studentId: string) =>
      rows.filter((row) => row[0] === studentId).map((row) => [row[4], row[7], row[8]]);
    expect(ofStudent(drawn.first.record.studentId)).toEqual([
      ['Q1', '1', '1'],
      ['Q2', '1', '1'],
      ['Q3', '0', '1'],
    ]);
    expect(ofStudent(drawn.second.record.studentId)).toEqual([
      ['Q1', '1', '1'],
      ['Q2', '0', '1'],
      ['Q3', '0', '1'],
    ]);
  });

  it("lists a script's own questions for its marker, numbered through its paper", async () => {
    const scoredAnswers = await scoredAnswersOfScript(
      suite.fixture,
      suite.t.config.jwtSecret,
      drawn.exam._id,
      drawn.second.attemptId,
    );
    expect(
      scoredAnswers.map(({ questionId, number, marks }) => [questionId, number, marks]),
    ).toEqual([
      [drawn.pool.p3, 1, 1],
      [drawn.pool.p4, 2, 0],
    ]);
  });

  it('previews a corrected key over the attempts that were given the question', async () => {
    const changes = await regradePreview(suite.fixture, drawn.exam._id, drawn.pool.p3, '1');
    expect(changes).toEqual(
      expect.arrayContaining([
        [drawn.first.record.rollNumber, 2, 3],
        [drawn.second.record.rollNumber, 1, 0],
      ]),
    );
  });

  it('gives each student, once published, their own questions and their maximum', async () => {
    const published = await suite.fixture.adminCall('POST', `publish-results/${drawn.exam._id}`);
    expect(published.statusCode, published.body).toBe(200);
    const resultOf = async (student: typeof drawn.first) => {
      const response = await student.client.call('GET', `get-result/${drawn.exam._id}`);
      return dataOf(studentResultDataSchema, response);
    };
    const { p1, p2, p3, p4, p5 } = drawn.pool;
    const first = await resultOf(drawn.first);
    expect(first).toMatchObject({ total: 2, sections: [{ marks: 2, maxMarks: 3 }] });
    expect(first.sections[0]?.questions.map((question) => question._id)).toEqual([p1, p2, p3]);
    const second = await resultOf(drawn.second);
    expect(second).toMatchObject({ total: 1, sections: [{ marks: 1, maxMarks: 3 }] });
    expect(
      second.sections[0]?.questions.map(({ _id, awardedMarks }) => [_id, awardedMarks]),
    ).toEqual([
      [p3, 1],
      [p4, 0],
      [p5, 0],
    ]);

    const history = await suite.fixture.adminCall(
      'GET',
      `get-student-exams/${drawn.second.record._id}`,
    );
    const { exams } = dataOf(studentExamsDataSchema, history);
    expect(exams.find((row) => row.exam._id === drawn.exam._id)).toMatchObject({
      total: 1,
      passed: false,
    });
  });
});
