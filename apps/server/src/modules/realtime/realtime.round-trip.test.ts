import { setTimeout as sleep } from 'node:timers/promises';
import { PROCTORING_LIMITS } from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LiveSocket, signedInSocket } from '../../test/live-socket';
import { sittingSuite } from '../../test/sittings';

const ROUND_TRIP_EVERY_MS = 100;
const suite = sittingSuite({ liveRoundTripEveryMs: ROUND_TRIP_EVERY_MS });
let baseUrl = '';

/** What the socket is sent over the next `waitMs`. */
async function heardWithin(live: LiveSocket, waitMs: number) {
  const before = live.received.length;
  await sleep(waitMs);
  return live.received.slice(before);
}

beforeAll(async () => {
  baseUrl = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});

describe("a sitting student's round trip", () => {
  it("is timed by the server on the student's socket, stored, and shown on the exam's monitor", async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const { attempt } = await student.client.start(exam._id);
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId: exam._id });
    await watching.next('subscribed');

    const sitting = await signedInSocket(baseUrl, student.accessToken);
    const { student: row } = await watching.nextUpdate('student');
    expect(row).toEqual({
      studentId: student.record._id,
      rttMs: expect.any(Number),
      connection: 'excellent',
    });
    expect(row.rttMs).toBeLessThanOrEqual(PROCTORING_LIMITS.excellentRttMs);
    // Timed again and again while the socket sits the attempt.
    await watching.nextUpdate('student');

    const monitor = await proctor.call('GET', `get-monitor/${exam._id}`);
    expect(monitor.statusCode, monitor.body).toBe(200);
    const stored = monitor
      .json()
      .data.students.find((item: { attemptId: string | null }) => item.attemptId === attempt._id);
    expect(stored).toMatchObject({ rttMs: expect.any(Number), connection: 'excellent' });

    // Once the attempt is over, nothing is timed for it.
    expect((await student.client.submit(attempt._id)).statusCode).toBe(200);
    while ((await watching.nextUpdate('student')).student.status !== 'SUBMITTED');
    await sleep(2 * ROUND_TRIP_EVERY_MS);
    expect(await heardWithin(watching, 5 * ROUND_TRIP_EVERY_MS)).toEqual([]);
    for (const live of [watching, sitting]) live.socket.close();
  });

  it('is not measured on a socket that sits no attempt', async () => {
    const proctor = await suite.fixture.signedInFaculty();
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const watching = await signedInSocket(baseUrl, proctor.accessToken);
    watching.send({ type: 'subscribe', examId: exam._id });
    await watching.next('subscribed');
    const idle = await signedInSocket(baseUrl, student.accessToken);
    expect(await heardWithin(watching, 5 * ROUND_TRIP_EVERY_MS)).toEqual([]);
    for (const live of [watching, idle]) live.socket.close();
  });
});
