import { examResultsDataSchema, lobbyDataSchema, studentResultDataSchema } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { dataOf, NEXT_DAY, regradePreview, scoredAnswersOfScript } from './test-support';

const suite = sittingSuite();
const { clock } = suite;

type Sitter = Awaited<ReturnType<typeof suite.fixture.student>> & { attemptId: string };

/**
 * "Answer any 2 of these 4": four one-mark MCQs (option 0 right) in a section of 2 marks, an exam
 * of 2 marks passed with 1. One student answers all four, three of them right; one answers only
 * the first, right; one answers the first three: wrong, wrong (option 1), right.
 */
async function choiceExam() {
  clock.set(EXAM_DAY_TEN);
  const exam = await suite.fixture.exam({
    totalMarks: 2,
    passingMarks: 1,
    examSections: [
      {
        name: 'Answer any two',
        order: '1',
        marks: 2,
        questionType: 'MCQ',
        totalQuestions: 4,
        answerAny: 2,
        timeLimit: 0,
        isOptional: false,
        instructions: [],
      },
    ],
    questions: [[1, 2, 3, 4].map((order) => validQuestions.MCQ(order))],
  });
  const sit = async (choices: (string | null)[]): Promise<Sitter> => {
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const ids = view.sections[0]?.questions.map((question) => question._id) ?? [];
    const answers = choices.flatMap((choice, index) =>
      choice === null ? [] : [{ questionId: ids[index], selectedOptionId: choice }],
    );
    const saved = await student.client.save(view.attempt._id, { seq: 1, answers });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);
    return { ...student, attemptId: view.attempt._id };
  };
  const lobby = await suite.fixture.student(suite.fixture.inSection.A);
  const lobbyResponse = await lobby.client.call('GET', `get-exam/${exam._id}`);
  const all = await sit(['0', '1', '0', '0']);
  const one = await sit(['0', null, null, null]);
  const three = await sit(['1', '1', '0', null]);
  clock.set(NEXT_DAY);
  return { exam, lobbyResponse, all, one, three };
}

let sat: Awaited<ReturnType<typeof choiceExam>>;

describe('a section with internal choice', () => {
  beforeAll(async () => {
    sat = await choiceExam();
  });

  it('tells the student before the start how many of its questions to answer', () => {
    const { sections } = dataOf(lobbyDataSchema, sat.lobbyResponse).exam;
    expect(sections).toMatchObject([{ totalQuestions: 4, answerAny: 2, marks: 2 }]);
  });

  it('counts the best K answers of a student who answers more, and what was answered of fewer', async () => {
    const response = await suite.fixture.adminCall('GET', `get-exam-results/${sat.exam._id}`);
    const { results } = dataOf(examResultsDataSchema, response);
    const scoreOf = (student: Sitter) => {
      const row = results.find((result) => result.attemptId === student.attemptId);
      return [row?.total, row?.sections[0]?.marks, row?.sections[0]?.maxMarks, row?.passed];
    };
    // Three right answers, of which two count: the section is worth 2.
    expect(scoreOf(sat.all)).toEqual([2, 2, 2, true]);
    expect(scoreOf(sat.one)).toEqual([1, 1, 2, true]);
    expect(scoreOf(sat.three)).toEqual([1, 1, 2, true]);
  });

  it("shows the marker which of a script's answers count", async () => {
    const scoredAnswers = await scoredAnswersOfScript(
      suite.fixture,
      suite.t.config.jwtSecret,
      sat.exam._id,
      sat.all.attemptId,
    );
    // Of equal marks the earlier question counts.
    expect(scoredAnswers.map(({ number, marks, counted }) => [number, marks, counted])).toEqual([
      [1, 1, true],
      [2, 0, false],
      [3, 1, true],
      [4, 1, false],
    ]);
  });

  it('previews a corrected key by the best answers, after the correction as before it', async () => {
    const preview = await suite.fixture.adminCall('GET', `get-exam-preview/${sat.exam._id}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const questionId = preview.json().data.sections[0].questions[1]._id as string;
    const changes = await regradePreview(suite.fixture, sat.exam._id, questionId, '1');
    // The student who answered all four already has the section's best 2: only the third gains.
    expect(changes).toEqual([[sat.three.record.rollNumber, 1, 2]]);
  });

  it('tells the student, once published, which answers counted', async () => {
    const published = await suite.fixture.adminCall('POST', `publish-results/${sat.exam._id}`);
    expect(published.statusCode, published.body).toBe(200);
    const resultOf = async (student: Sitter) => {
      const response = await student.client.call('GET', `get-result/${sat.exam._id}`);
      return dataOf(studentResultDataSchema, response);
    };
    const all = await resultOf(sat.all);
    expect(all).toMatchObject({ total: 2, sections: [{ answerAny: 2, marks: 2, maxMarks: 2 }] });
    expect(all.sections[0]?.questions.map((question) => question.counted)).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // An answer left out is not among those that count, nor said not to.
    const one = await resultOf(sat.one);
    expect(one.sections[0]?.questions.map((question) => question.counted)).toEqual([
      true,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
