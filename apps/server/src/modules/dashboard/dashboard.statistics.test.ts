import { dashboardOverviewSchema, successResponse } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAudience, examPayload, examsClient } from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import { facultyPayload, peopleClient } from '../../test/people';
import { bearer, createSignedInUser, type SignedInUser } from '../../test/users';

const overviewResponse = successResponse(dashboardOverviewSchema);

// The clock the app reads; each test sets it.
let clock = new Date();
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  const exams = examsClient(t.app, admin.accessToken);
  const audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024);
  const people = peopleClient(t.app, admin.accessToken);
  const proctor = (await people.faculty(facultyPayload())).faculty.userId._id;
  const sitting = {
    examDate: '2030-03-14',
    startTime: '09:30',
    endTime: '11:00',
    bufferTime: { beforeExam: 15, afterExam: 15 },
  };
  const range = {
    startDate: '2030-03-14',
    endDate: '2030-03-16',
    bufferTime: { beforeExam: 0, afterExam: 0 },
  };
  // One published exam of each kind, and drafts on the same schedules, which never count.
  for (const examStatus of ['PUBLISH', 'DRAFT'] as const) {
    await exams.exam({ ...examPayload(audience, [proctor]), examStatus, scheduleDetails: sitting });
    await exams.exam({ ...examPayload(audience), examStatus, scheduleDetails: range });
  }
});
afterAll(() => t.close());

async function statistics(at: Date) {
  clock = at;
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/overview',
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return overviewResponse.parse(response.json()).data.examStatistics;
}

/** A local wall-clock time on a day of March 2030. */
const march = (day: number, hours: number, minutes: number, seconds = 0) =>
  new Date(2030, 2, day, hours, minutes, seconds);

describe('exam statistics', () => {
  // The sitting runs 09:30 to 11:00 on the 14th; the range from the 14th 00:00 to the 17th 00:00.
  it.each([
    ['before both windows', march(13, 23, 59), { upcoming: 2, ongoing: 0, completed: 0 }],
    [
      'exactly at the start of the range',
      march(14, 0, 0),
      { upcoming: 1, ongoing: 1, completed: 0 },
    ],
    [
      'in the last second before the sitting',
      march(14, 9, 29, 59),
      { upcoming: 1, ongoing: 1, completed: 0 },
    ],
    [
      'exactly at the start of the sitting',
      march(14, 9, 30),
      { upcoming: 0, ongoing: 2, completed: 0 },
    ],
    ['inside both windows', march(14, 10, 59), { upcoming: 0, ongoing: 2, completed: 0 }],
    [
      'exactly at the end of the sitting',
      march(14, 11, 0),
      { upcoming: 0, ongoing: 1, completed: 1 },
    ],
    ['on the last day of the range', march(16, 23, 59), { upcoming: 0, ongoing: 1, completed: 1 }],
    ['exactly at the end of the range', march(17, 0, 0), { upcoming: 0, ongoing: 0, completed: 2 }],
  ])('counts published exams %s', async (_, at, expected) => {
    // No result is published, so every completed exam awaits its results.
    expect(await statistics(at)).toEqual({ ...expected, pendingResults: expected.completed });
  });

  it('reads the schedules in the server time zone (TZ)', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata';
    try {
      // 04:00 UTC is 09:30 in India: the sitting has just started there.
      expect(await statistics(new Date('2030-03-14T04:00:00Z'))).toMatchObject({
        upcoming: 0,
        ongoing: 2,
      });
      expect(await statistics(new Date('2030-03-14T03:59:00Z'))).toMatchObject({
        upcoming: 1,
        ongoing: 1,
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
