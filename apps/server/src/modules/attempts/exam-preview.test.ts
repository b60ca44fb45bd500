import {
  ATTEMPT_MESSAGES,
  examPreviewDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examAttempts } from '../../db/schema';
import { expectError } from '../../test/errors';
import { sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const previewResponse = successResponse(examPreviewDataSchema).strict();

function preview(examId: string) {
  return suite.fixture.adminCall('GET', `get-exam-preview/${examId}`);
}

/** Whatever names an answer key, anywhere in a body. */
const KEY_FIELDS = /isCorrect|correctOption|sampleAnswer|modelAnswer|keywords|explanation/;

describe('GET /api/admin/get-exam-preview/:examId', () => {
  it('gives the paper as a student sees it, without any key and without starting an attempt', async () => {
    const exam = await suite.fixture.exam({ examStatus: 'DRAFT' }, [0, 0, 0, 20]);
    const response = await preview(exam._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toMatch(KEY_FIELDS);
    const { data } = previewResponse.parse(response.json());
    expect(data.exam).toMatchObject({
      _id: exam._id,
      examTitle: exam.examTitle,
      examStatus: 'DRAFT',
      shuffleQuestions: false,
      shuffleOptions: false,
    });
    expect(data.sections.map((section) => section.questions.length)).toEqual(
      data.sections.map((section) => section.totalQuestions),
    );
    // A timed section shows its questions too: a preview starts no clock.
    const timed = data.sections.find((section) => section.timeLimit > 0);
    expect(timed?.questions.length).toBeGreaterThan(0);
    const choice = data.sections[0]?.questions[0];
    expect(choice?.options?.map((option) => option._id)).toEqual(
      choice?.options?.map((_option, index) => String(index)),
    );
    const [attempts] = await suite.t.database.db
      .select({ count: count() })
      .from(examAttempts)
      .where(eq(examAttempts.examId, exam._id));
    expect(attempts?.count).toBe(0);
  });

  it('answers 404 for an unknown exam and 400 for an id that is not one', async () => {
    expectError(await preview('00000000-0000-4000-8000-000000000000'), 404, {
      message: ATTEMPT_MESSAGES.examNotFound,
    });
    expectError(await preview('nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });

  it('refuses a student of the exam', async () => {
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/get-exam-preview/${exam._id}`,
      headers: { authorization: `Bearer ${student.accessToken}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
