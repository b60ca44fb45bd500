import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  monitorDataSchema,
  monitorMessagesDataSchema,
  PROCTORING_LIMITS,
  PROCTORING_MESSAGES,
  proctorMessageDataSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';

/** A student's chat with the proctors: how fast it may write, and the monitor's pages of it. */
const suite = sittingSuite();
const { clock } = suite;

const pageResponse = successResponse(monitorMessagesDataSchema);
const messageResponse = successResponse(proctorMessageDataSchema);

type Faculty = Awaited<ReturnType<typeof suite.fixture.signedInFaculty>>;
let proctor: Faculty;
let stranger: Faculty;

beforeAll(async () => {
  [proctor, stranger] = await Promise.all([
    suite.fixture.signedInFaculty(),
    suite.fixture.signedInFaculty(),
  ]);
});

/** A student of the exam's section sitting it since 10:00. */
async function sitting(examId: string) {
  clock.set(EXAM_DAY_TEN);
  const student = await suite.fixture.student(suite.fixture.inSection.A);
  const { attempt } = await student.client.start(examId);
  const write = (text: string) =>
    student.client.call('POST', `send-message/${attempt._id}`, { text });
  return { ...student, attemptId: attempt._id, write };
}

/** Writes `count` messages now, each expected to be taken. */
async function wrote(
  write: (text: string) => Promise<{ statusCode: number; body: string }>,
  count: number,
  label: string,
) {
  for (let i = 1; i <= count; i++) {
    const response = await write(`${label} ${i}`);
    expect(response.statusCode, response.body).toBe(200);
  }
}

const at = (offsetSeconds: number) =>
  clock.set(new Date(EXAM_DAY_TEN.getTime() + offsetSeconds * 1_000));

describe("a student's chat rate", () => {
  it('takes a burst of 10, refuses the 11th with 429 and Retry-After, and takes more once the burst is 10 s old', async () => {
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const flooding = await sitting(exam._id);
    const classmate = await sitting(exam._id);
    await wrote(flooding.write, 10, 'Question');

    const refused = await flooding.write('One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expectError(refused, 429, { message: PROCTORING_MESSAGES.tooManyMessages(10) });
    // The limit is the student's own: a classmate writes as usual.
    expect((await classmate.write('Is the calculator allowed?')).statusCode).toBe(200);

    at(4);
    expect((await flooding.write('Still there?')).headers['retry-after']).toBe('6');
    at(10);
    expect((await flooding.write('Thank you')).statusCode).toBe(200);
    // Nothing refused was stored.
    const page = pageResponse.parse(
      (
        await proctor.call(
          'GET',
          `get-monitor-messages/${exam._id}?studentId=${flooding.record._id}&limit=100`,
        )
      ).json(),
    ).data;
    expect(page.messages.map((message) => message.text)).not.toContain('One more');
    expect(page.messages).toHaveLength(11);
  });

  it('holds a student to 30 messages a minute, however they are spread', async () => {
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const { write } = await sitting(exam._id);
    await wrote(write, 10, 'First');
    at(10);
    await wrote(write, 10, 'Second');
    at(20);
    await wrote(write, 10, 'Third');
    at(30);
    const refused = await write('Fourth');
    // The first burst leaves the minute 60 s after it was written.
    expect(refused.headers['retry-after']).toBe('30');
    expectError(refused, 429, { message: PROCTORING_MESSAGES.tooManyMessages(30) });
    at(60);
    expect((await write('Fourth')).statusCode).toBe(200);
  });
});

describe("the monitor's chat, by conversation", () => {
  const messagesOf = async (examId: string, query = '', caller: Faculty = proctor) => {
    const response = await caller.call('GET', `get-monitor-messages/${examId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return pageResponse.parse(response.json()).data;
  };

  it("keeps every student's newest messages in the monitor's read, and pages each conversation back to its start", async () => {
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const talkative = await sitting(exam._id);
    const quiet = await sitting(exam._id);
    const question = await quiet.write('May I have more paper?');
    const questionId = messageResponse.parse(question.json()).data._id;
    await wrote(talkative.write, 10, 'Line');
    at(10);
    await wrote(talkative.write, 10, 'Line');
    at(20);
    await wrote(talkative.write, 5, 'Line');
    const toAll = await proctor.call('POST', 'send-message', {
      examId: exam._id,
      text: 'Ten minutes left',
    });
    expect(toAll.statusCode, toAll.body).toBe(200);

    const monitor = successResponse(monitorDataSchema).parse(
      (await proctor.call('GET', `get-monitor/${exam._id}`)).json(),
    ).data;
    const texts = monitor.messages.map((message) => message.text);
    expect(texts).toContain('May I have more paper?');
    expect(texts).toContain('Ten minutes left');
    expect(
      monitor.messages.filter((message) => message.studentId === talkative.record._id),
    ).toHaveLength(PROCTORING_LIMITS.monitorMessagesPerConversation);

    const conversation = `?studentId=${talkative.record._id}&limit=10`;
    const newest = await messagesOf(exam._id, conversation);
    expect(newest.hasMore).toBe(true);
    expect(newest.messages).toHaveLength(10);
    expect(newest.messages.every((message) => message.studentId === talkative.record._id)).toBe(
      true,
    );
    const seen = [...newest.messages];
    let page = newest;
    while (page.hasMore) {
      page = await messagesOf(exam._id, `${conversation}&before=${page.messages[0]?._id}`);
      seen.unshift(...page.messages);
    }
    expect(seen).toHaveLength(25);
    // Oldest first, each once, in the order written.
    expect(new Set(seen.map((message) => message._id)).size).toBe(25);
    const times = seen.map((message) => Date.parse(message.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const allPage = await messagesOf(exam._id);
    expect(allPage).toEqual({
      messages: [expect.objectContaining({ text: 'Ten minutes left', studentId: null })],
      hasMore: false,
    });
    expect((await messagesOf(exam._id, `?studentId=${quiet.record._id}`)).messages).toEqual([
      expect.objectContaining({ _id: questionId }),
    ]);
    // Any admin reads it too, through the admin's route.
    const asAdmin = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/get-monitor-messages/${exam._id}?studentId=${quiet.record._id}`,
      headers: bearer(suite.fixture.admin.accessToken),
    });
    expect(pageResponse.parse(asAdmin.json()).data.messages).toHaveLength(1);
  });

  it('checks its query, who asks, the exam, the student and the message it pages from', async () => {
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const student = await sitting(exam._id);
    const own = messageResponse.parse((await student.write('Hello')).json()).data;
    const get = (
      query: string,
      headers: Record<string, string> = bearer(proctor.accessToken),
      area = 'faculty',
    ) =>
      suite.t.app.inject({
        method: 'GET',
        url: `/api/${area}/get-monitor-messages/${query}`,
        headers,
      });
    const limitMessage = `Limit must be a whole number from 1 to ${PROCTORING_LIMITS.messagesPageMax}`;

    expectError(await get(`${exam._id}?studentId=nope&before=nope&limit=0`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        studentId: 'The student id is not valid',
        before: 'The message id is not valid',
        limit: limitMessage,
      },
    });
    for (const limit of ['101', 'ten', '2.5']) {
      expectError(await get(`${exam._id}?limit=${limit}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { limit: limitMessage },
      });
    }
    expectError(await get('not-an-exam'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
    expectError(await get(exam._id, {}), 401, { message: AUTH_MESSAGES.missingToken });
    expectError(await get(exam._id, bearer(stranger.accessToken)), 403, {
      message: PROCTORING_MESSAGES.notAssigned,
    });
    expectError(await get(exam._id, bearer(student.accessToken)), 403, {
      message: AUTH_MESSAGES.forbidden,
    });
    expectError(await get(randomUUID()), 404, { message: PROCTORING_MESSAGES.examNotFound });
    expectError(await get(`${exam._id}?studentId=${randomUUID()}`), 404, {
      message: PROCTORING_MESSAGES.studentNotFound,
    });
    expectError(await get(`${exam._id}?before=${randomUUID()}`), 404, {
      message: PROCTORING_MESSAGES.messageNotFound,
    });
    // A message of another conversation is no place to page this one from.
    expectError(await get(`${exam._id}?before=${own._id}`), 404, {
      message: PROCTORING_MESSAGES.messageNotFound,
    });
    const autoExam = await suite.fixture.exam();
    const notProctored = await get(autoExam._id, bearer(suite.fixture.admin.accessToken), 'admin');
    expectError(notProctored, 409, { message: PROCTORING_MESSAGES.notProctored });
  });
});
