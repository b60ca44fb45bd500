import { monitorDataSchema, proctoredExamsNowDataSchema, successResponse } from '@examiq/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const { clock } = suite;

const monitorResponse = successResponse(monitorDataSchema);
const examsNowResponse = successResponse(proctoredExamsNowDataSchema);
const HOUR = 60 * MINUTE;
const PASSED = { camera: true, microphone: true, fullscreen: true, connection: true };

type Faculty = Awaited<ReturnType<typeof suite.fixture.signedInFaculty>>;
let proctor: Faculty;

beforeAll(async () => {
  proctor = await suite.fixture.signedInFaculty();
});

/** A published PROCTORING exam for section A, proctored by `proctor`, `days` after today. */
function proctoredExamAt(startTime: string, endTime: string, days = 0, overrides = {}) {
  const day = new Date(EXAM_DAY_TEN.getTime());
  day.setDate(day.getDate() + days);
  return suite.fixture.exam({
    examMode: 'PROCTORING',
    assignedFacultyIds: [proctor.userId],
    scheduleDetails: {
      examDate: localDate(day),
      startTime,
      endTime,
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    ...overrides,
  });
}

async function monitorOf(examId: string) {
  const response = await proctor.call('GET', `get-monitor/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return monitorResponse.parse(response.json()).data;
}

async function setActive(userId: string, isActive: boolean) {
  const response = await suite.fixture.adminCall('POST', 'set-account-status', {
    userId,
    isActive,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function examsNow() {
  const response = await suite.fixture.adminCall('GET', 'get-proctored-exams-now');
  expect(response.statusCode, response.body).toBe(200);
  return examsNowResponse.parse(response.json()).data.exams;
}

describe('the monitor’s header figures', () => {
  it('counts down to the start before the window opens, then to its end', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await proctoredExamAt('10:30', '12:00');
    expect((await monitorOf(exam._id)).exam).toEqual({
      _id: exam._id,
      title: exam.examTitle,
      startsInMs: 30 * MINUTE,
      remainingMs: 2 * HOUR,
    });
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 45 * MINUTE));
    expect((await monitorOf(exam._id)).exam).toMatchObject({
      startsInMs: 0,
      remainingMs: 75 * MINUTE,
    });
  });

  it('counts only the students who can sit, and keeps one who sat before being deactivated', async () => {
    clock.set(EXAM_DAY_TEN);
    const exam = await proctoredExamAt('10:00', '12:00');
    const { student, inSection } = suite.fixture;
    const [sitter, absentee, stays] = await Promise.all([
      student(inSection.A),
      student(inSection.A),
      student(inSection.A),
    ]);
    const idsOf = async () => {
      const monitor = await monitorOf(exam._id);
      expect(monitor.totalStudents).toBe(monitor.students.length);
      return monitor.students.map((row) => row.studentId);
    };
    const everyone = await idsOf();
    expect(everyone).toEqual(
      expect.arrayContaining([sitter.record._id, absentee.record._id, stays.record._id]),
    );

    const started = await sitter.client.call('POST', `start-exam/${exam._id}`, {
      systemCheck: PASSED,
    });
    expect(started.statusCode, started.body).toBe(200);
    await setActive(sitter.record.userId._id, false);
    await setActive(absentee.record.userId._id, false);

    const counted = await idsOf();
    expect(counted).toHaveLength(everyone.length - 1);
    expect(counted).toEqual(expect.arrayContaining([sitter.record._id, stays.record._id]));
    expect(counted).not.toContain(absentee.record._id);
    const [listed] = (await examsNow()).filter((row) => row._id === exam._id);
    expect(listed).toMatchObject({ totalStudents: counted.length, sitting: 1 });

    // Reactivated, the student can sit again and counts again.
    await setActive(absentee.record.userId._id, true);
    expect(await idsOf()).toHaveLength(everyone.length);
  });
});

describe('the proctored exams to watch now', () => {
  it('lists the published proctored exams open now or opening within 24 hours, soonest first', async () => {
    clock.set(EXAM_DAY_TEN);
    const [open, soon, tooLate, ended, auto, draft] = await Promise.all([
      proctoredExamAt('09:30', '11:00'),
      proctoredExamAt('09:00', '10:00', 1),
      proctoredExamAt('10:01', '12:00', 1),
      proctoredExamAt('08:00', '09:00'),
      suite.fixture.exam(),
      proctoredExamAt('09:30', '11:00', 0, { examStatus: 'DRAFT' }),
    ]);
    const mine = new Set([open, soon, tooLate, ended, auto, draft].map((exam) => exam._id));
    const listed = (await examsNow()).filter((row) => mine.has(row._id));
    expect(listed).toEqual([
      {
        _id: open._id,
        examId: open.examId,
        examTitle: open.examTitle,
        subject: open.subject,
        scheduleDetails: open.scheduleDetails,
        startsInMs: 0,
        remainingMs: HOUR,
        totalStudents: expect.any(Number),
        sitting: 0,
      },
      expect.objectContaining({ _id: soon._id, startsInMs: 23 * HOUR, remainingMs: 24 * HOUR }),
    ]);
  });
});
