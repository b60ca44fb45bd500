import {
  PEOPLE_MESSAGES,
  studentExamsDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { choiceExam, sit } from '../reports/test-support';

const suite = sittingSuite();
const examsResponse = successResponse(studentExamsDataSchema).strict();

/** The day after the exam day: every window has closed. */
const NEXT_DAY = new Date(2030, 2, 15, 9, 0);

let sitter: Awaited<ReturnType<typeof sit>>;
let published: { _id: string; examTitle: string };
let unpublished: { _id: string };
let inProgress: { _id: string };
let inProgressAttemptId: string;

beforeAll(async () => {
  suite.clock.set(EXAM_DAY_TEN);
  const { fixture } = suite;
  published = await choiceExam(fixture);
  sitter = await sit(fixture, published._id, ['right', 'right', 'right', 'wrong']);
  suite.clock.set(new Date(EXAM_DAY_TEN.getTime() + 60_000));
  unpublished = await choiceExam(fixture);
  expect(await sitterSits(unpublished._id)).toBe(200);
  suite.clock.set(new Date(EXAM_DAY_TEN.getTime() + 120_000));
  inProgress = await choiceExam(fixture);
  inProgressAttemptId = (await sitter.client.start(inProgress._id)).attempt._id;

  suite.clock.set(NEXT_DAY);
  const publishedResults = await fixture.adminCall('POST', `publish-results/${published._id}`);
  expect(publishedResults.statusCode, publishedResults.body).toBe(200);
});

/** The same student sits another exam and submits it without answering. */
async function sitterSits(examId: string): Promise<number> {
  const view = await sitter.client.start(examId);
  return (await sitter.client.submit(view.attempt._id)).statusCode;
}

function historyOf(id: string, accessToken = suite.fixture.admin.accessToken) {
  return suite.t.app.inject({
    method: 'GET',
    url: `/api/admin/get-student-exams/${id}`,
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('GET /api/admin/get-student-exams/:id', () => {
  it('lists the exams the student sat, newest first, with the score only once published', async () => {
    const response = await historyOf(sitter.record._id);
    expect(response.statusCode, response.body).toBe(200);
    const { exams } = examsResponse.parse(response.json()).data;
    expect(exams.map((row) => [row.exam._id, row.status])).toEqual([
      [inProgress._id, 'IN_PROGRESS'],
      [unpublished._id, 'SUBMITTED'],
      [published._id, 'SUBMITTED'],
    ]);
    expect(exams[2]).toEqual({
      attemptId: sitter.attemptId,
      exam: {
        _id: published._id,
        examId: expect.any(String),
        examTitle: published.examTitle,
        subject: expect.any(String),
        examMode: 'AUTO',
        totalMarks: 5,
      },
      status: 'SUBMITTED',
      startedAt: expect.any(String),
      submittedAt: expect.any(String),
      resultsPublished: true,
      total: 3,
      passed: true,
    });
    expect(exams[1]).toMatchObject({ resultsPublished: false, total: null, passed: null });
    expect(exams[0]).toMatchObject({
      attemptId: inProgressAttemptId,
      submittedAt: null,
      total: null,
      passed: null,
    });
  });

  it('answers an empty list for a student who sat nothing', async () => {
    const other = await suite.fixture.student(suite.fixture.inSection.B);
    const response = await historyOf(other.record._id);
    expect(response.statusCode).toBe(200);
    expect(examsResponse.parse(response.json()).data).toEqual({ exams: [] });
  });

  it('answers 404 for an unknown student and 400 for an id that is not one', async () => {
    expectError(await historyOf('00000000-0000-4000-8000-000000000000'), 404, {
      message: PEOPLE_MESSAGES.studentNotFound,
    });
    expectError(await historyOf('not-an-id'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });

  it('refuses a student, even asking for their own exams', async () => {
    expect((await historyOf(sitter.record._id, sitter.accessToken)).statusCode).toBe(403);
  });
});
