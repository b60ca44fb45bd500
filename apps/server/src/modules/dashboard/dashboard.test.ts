import {
  dashboardOverviewSchema,
  RECENT_EXAMS_LIMIT,
  recentExamSchema,
  successResponse,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batches } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type Audience, type ExamsClient, examPayload, examsClient } from '../../test/exams';
import { type MasterDataClient, masterDataClient } from '../../test/master-data';
import { facultyPayload, peopleClient, studentPayload } from '../../test/people';
import { bearer, createSignedInUser, type SignedInUser } from '../../test/users';

const overviewResponse = successResponse(
  dashboardOverviewSchema.extend({ recentExams: recentExamSchema.strict().array() }).strict(),
).strict();

let t: TestApp;
let admin: SignedInUser;
let masterData: MasterDataClient;
let exams: ExamsClient;
beforeAll(async () => {
  // A fixed wall-clock time, built from local parts as the server reads it.
  t = await createTestApp({ now: () => new Date(2030, 2, 14, 10, 0, 42) });
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  masterData = masterDataClient(t.app, admin.accessToken);
  exams = examsClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

async function overview() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/overview',
    headers: bearer(admin.accessToken),
  });
  expect(response.statusCode).toBe(200);
  return overviewResponse.parse(response.json()).data;
}

const range = (startDate: string, endDate: string) => ({
  startDate,
  endDate,
  bufferTime: { beforeExam: 0, afterExam: 0 },
});
// Buffers never widen the window: the sitting ending at 10:00 is over at 10:00.
const sitting = (startTime: string, endTime: string) => ({
  examDate: '2030-03-14',
  startTime,
  endTime,
  bufferTime: { beforeExam: 30, afterExam: 30 },
});

describe('GET /api/admin/overview', () => {
  it('counts the batches, courses, branches and sections in the database', async () => {
    const before = (await overview()).systemOverview;

    const batch = await masterData.batch(2026);
    const course = await masterData.course(batch._id);
    const branch = await masterData.branch(course._id);
    await masterData.section(branch._id);
    await masterData.section(branch._id);

    expect((await overview()).systemOverview).toEqual({
      batches: before.batches + 1,
      courses: before.courses + 1,
      branches: before.branches + 1,
      sections: before.sections + 2,
    });
  });

  it('counts a batch written outside the API as soon as it is committed', async () => {
    const before = (await overview()).systemOverview;
    expect((await overview()).systemOverview).toEqual(before);

    await t.database.db.insert(batches).values({ startYear: 2031, endYear: 2035 });

    expect((await overview()).systemOverview.batches).toBe(before.batches + 1);
  });

  it('answers the wall-clock minute the figures were computed at', async () => {
    expect((await overview()).asOf).toBe('2030-03-14T10:00');
  });
});

describe('recent exams', () => {
  it('are the newest published exams, with course, batch, schedule, participants and status', async () => {
    const people = peopleClient(t.app, admin.accessToken);
    const batch = await masterData.batch(2027);
    const course = await masterData.course(batch._id);
    const branch = await masterData.branch(course._id);
    const section = async (name: string) => (await masterData.section(branch._id, { name }))._id;
    const [a, b, c, empty] = [
      await section('A'),
      await section('B'),
      await section('C'),
      await section('D'),
    ];
    const placement = (id: string) => ({
      batch: batch.name,
      course: course._id,
      branch: branch._id,
      section: id,
    });
    // Sections A, B and C hold 3, 2 and 1 students; D none.
    for (const section of [a, a, a, b, b, c]) {
      await people.student(studentPayload(placement(section)));
    }
    const proctor = (await people.faculty(facultyPayload())).faculty.userId._id;
    const audience = (...sectionIds: string[]): Audience => ({
      batchId: batch._id,
      courseId: course._id,
      branchId: branch._id,
      sectionIds,
    });
    const created = [
      {
        title: 'Oldest',
        audience: audience(a),
        scheduleDetails: range('2030-03-01', '2030-03-02'),
      },
      {
        title: 'Week',
        audience: audience(a, b),
        scheduleDetails: range('2030-03-10', '2030-03-14'),
      },
      {
        title: 'Unpopulated',
        audience: audience(empty),
        scheduleDetails: sitting('09:30', '11:00'),
      },
      { title: 'Morning', audience: audience(a), scheduleDetails: sitting('08:00', '10:00') },
      {
        title: 'Next week',
        audience: audience(c),
        scheduleDetails: range('2030-03-15', '2030-03-20'),
      },
      { title: 'Noon', audience: audience(a, b, c), scheduleDetails: sitting('10:00', '12:00') },
    ];
    for (const exam of created) {
      const proctored = 'examDate' in exam.scheduleDetails;
      await exams.exam({
        ...examPayload(exam.audience, proctored ? [proctor] : []),
        examStatus: 'PUBLISH',
        examTitle: exam.title,
        scheduleDetails: exam.scheduleDetails,
      });
    }
    await exams.exam({ ...examPayload(audience(a)), examTitle: 'Newest draft' });

    const { recentExams } = await overview();

    expect(recentExams).toHaveLength(RECENT_EXAMS_LIMIT);
    expect(
      recentExams.map(({ examTitle, participants, status }) => ({
        examTitle,
        participants,
        status,
      })),
    ).toEqual([
      { examTitle: 'Noon', participants: 6, status: 'Ongoing' },
      { examTitle: 'Next week', participants: 1, status: 'Scheduled' },
      { examTitle: 'Morning', participants: 3, status: 'Completed' },
      { examTitle: 'Unpopulated', participants: 0, status: 'Ongoing' },
      { examTitle: 'Week', participants: 5, status: 'Ongoing' },
    ]);
    const [noon, nextWeek] = recentExams;
    expect(noon).toEqual({
      _id: expect.any(String),
      examId: expect.stringMatching(/^EXM-/),
      examTitle: 'Noon',
      subject: 'Data Structures',
      course: { _id: course._id, name: course.name, fullName: course.fullName },
      batch: { _id: batch._id, name: '2027-2031' },
      scheduleDetails: sitting('10:00', '12:00'),
      participants: 6,
      status: 'Ongoing',
    });
    expect(nextWeek?.scheduleDetails).toEqual(range('2030-03-15', '2030-03-20'));
  });
});
