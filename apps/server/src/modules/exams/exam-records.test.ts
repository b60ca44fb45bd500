import { randomUUID } from 'node:crypto';
import {
  examDetailDataSchema,
  messageResponseSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload } from '@examiq/contracts/test-support';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { examAttempts, exams } from '../../db/schema';
import { lastAuditOf as lastAuditOfRecord } from '../../test/audit';
import { expectError } from '../../test/errors';
import { createdExamResponse } from '../../test/exams';
import { EXAM_DAY_TEN, localDate, MINUTE, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';

const suite = sittingSuite();
const detailResponse = successResponse(examDetailDataSchema.strict()).strict();

function call(method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, payload?: unknown) {
  return suite.t.app.inject({
    method,
    url: `/api/admin/${path}`,
    headers: bearer(suite.fixture.admin.accessToken),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function detailOf(id: string) {
  const response = await call('GET', `get-exam/${id}`);
  expect(response.statusCode).toBe(200);
  return detailResponse.parse(response.json()).data.exam;
}

const lastAuditOf = (recordId: string) => lastAuditOfRecord(suite.t.database.db, recordId);

/**
 * A payload of the fixture's audience (section A), as the wizard sends it: PROCTORING when
 * faculty user ids are given, AUTO otherwise.
 */
function payload(overrides: Record<string, unknown> = {}, assignedFacultyIds: string[] = []) {
  const { audience, inSection } = suite.fixture;
  return {
    ...validExamPayload({ ...audience, sectionIds: [inSection.A], assignedFacultyIds }),
    ...overrides,
  };
}

const TODAY = () => localDate(suite.clock.now());
const LATER_DAY = '2030-03-20';
const autoSchedule = (startDate: string, endDate = startDate) => ({
  startDate,
  endDate,
  bufferTime: { beforeExam: 0, afterExam: 0 },
});

describe('reading an exam back', () => {
  it('gives everything the wizard sent, with the names chosen and the answer key', async () => {
    const faculty = await suite.fixture.faculty();
    const sent = validExamPayload({
      ...suite.fixture.audience,
      assignedFacultyIds: [faculty.userId],
    });
    const exam = await suite.fixture.exam({ ...sent, examStatus: 'DRAFT' });
    const detail = await detailOf(exam._id);
    expect(detail).toMatchObject({
      _id: exam._id,
      examId: exam.examId,
      examStatus: 'DRAFT',
      examTitle: sent.examTitle,
      examDescription: sent.examDescription,
      generalInstructions: sent.generalInstructions,
      batchId: sent.batchId,
      courseId: sent.courseId,
      branchId: sent.branchId,
      scheduleDetails: sent.scheduleDetails,
      assignedFacultyIds: [faculty.userId],
      audience: {
        batch: '2024-2028',
        course: 'Bachelor of Technology',
        branch: expect.stringMatching(/^Computer Science \(CS\d+\)$/),
        sections: expect.arrayContaining([expect.stringMatching(/^S\d+$/)]),
        faculty: [{ userId: faculty.userId, name: expect.any(String) }],
      },
      startedCount: 0,
      resultsPublished: false,
      changeScope: 'FULL',
    });
    expect(detail.sectionIds.sort()).toEqual([...sent.sectionIds].sort());
    expect(detail.examSections.map(({ id: _id, ...section }) => section)).toEqual(
      sent.examSections,
    );
    expect(
      detail.questions.map((list) => list.map(({ id: _id, ...question }) => question)),
    ).toEqual(sent.questions);
  });

  it('answers 404 for an unknown exam and 400 for an id that is not one', async () => {
    expectError(await call('GET', `get-exam/${randomUUID()}`), 404, { message: 'Exam not found' });
    expectError(await call('GET', 'get-exam/12'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});

describe('saving a draft again', () => {
  it('replaces all of it, then publishes it, each save audited', async () => {
    const exam = await suite.fixture.exam({ examStatus: 'DRAFT' });
    const edited = payload({ examStatus: 'DRAFT', examTitle: 'Algorithms final', totalMarks: 12 });
    edited.examSections = edited.examSections.slice(0, 2);
    edited.questions = edited.questions.slice(0, 2);
    const response = await call('PUT', `update-exam/${exam._id}`, edited);
    expect(response.statusCode).toBe(200);
    const saved = detailResponse.parse(response.json());
    expect(saved.message).toBe('Exam updated successfully');
    expect(saved.data.exam).toMatchObject({
      _id: exam._id,
      examId: exam.examId,
      examTitle: 'Algorithms final',
      totalMarks: 12,
      examSections: [
        expect.objectContaining({ name: 'Multiple choice' }),
        expect.objectContaining({ name: 'True or false' }),
      ],
    });
    expect(await detailOf(exam._id)).toEqual(saved.data.exam);
    expect(await lastAuditOf(exam._id)).toMatchObject({
      action: 'exam.update',
      recordType: 'exam',
      recordLabel: 'Algorithms final',
      actorUserId: suite.fixture.admin.user.id,
    });

    const published = await call('PUT', `update-exam/${exam._id}`, {
      ...edited,
      examStatus: 'PUBLISH',
    });
    expect(detailResponse.parse(published.json()).data.exam.examStatus).toBe('PUBLISH');
    expect(await lastAuditOf(exam._id)).toMatchObject({ action: 'exam.publish' });
  });

  it('applies the create rules, each on its field', async () => {
    const exam = await suite.fixture.exam({ examStatus: 'DRAFT' });
    expectError(
      await call('PUT', `update-exam/${exam._id}`, payload({ examTitle: 'AB', passingMarks: 50 })),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          examTitle: 'Exam title must be at least 3 characters',
          passingMarks: 'Passing marks cannot exceed total marks',
        },
      },
    );
    expectError(
      await call('PUT', `update-exam/${exam._id}`, payload({ sectionIds: [randomUUID()] })),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'sectionIds.0': 'Please select a valid section' },
      },
    );
    expect((await detailOf(exam._id)).examTitle).toBe(exam.examTitle);
  });

  it('answers 404 for an unknown exam', async () => {
    expectError(await call('PUT', `update-exam/${randomUUID()}`, payload()), 404, {
      message: 'Exam not found',
    });
  });
});

describe('proctoring rules of a draft', () => {
  it('reads back, saves again, reverts to the defaults and copies with the exam, each change audited', async () => {
    const faculty = await suite.fixture.faculty();
    const proctored = payload({ examStatus: 'DRAFT' }, [faculty.userId]);
    const strict = { warnAt: 1, flagAt: 2, autoSubmitAfterFlags: 4 };
    const exam = await suite.fixture.exam({ ...proctored, proctoringThresholds: strict });
    expect((await detailOf(exam._id)).proctoringThresholds).toEqual(strict);

    const lenient = { warnAt: 3, flagAt: 6, autoSubmitAfterFlags: null };
    const saved = await call('PUT', `update-exam/${exam._id}`, {
      ...proctored,
      proctoringThresholds: lenient,
    });
    expect(detailResponse.parse(saved.json()).data.exam.proctoringThresholds).toEqual(lenient);
    expect(await detailOf(exam._id)).toMatchObject({ proctoringThresholds: lenient });
    expect(await lastAuditOf(exam._id)).toMatchObject({
      action: 'exam.update',
      changes: { proctoringThresholds: { from: strict, to: lenient } },
    });

    const copy = createdExamResponse.parse(
      (await call('POST', `duplicate-exam/${exam._id}`)).json(),
    );
    expect((await detailOf(copy.data.exam._id)).proctoringThresholds).toEqual(lenient);

    // A save that leaves the rules out applies the defaults, as a create does.
    await call('PUT', `update-exam/${exam._id}`, proctored);
    expect((await detailOf(exam._id)).proctoringThresholds).toEqual({
      warnAt: 1,
      flagAt: 3,
      autoSubmitAfterFlags: null,
    });
    // Turned into an AUTO exam, it has none.
    const auto = payload({ examStatus: 'DRAFT' });
    expect((await call('PUT', `update-exam/${exam._id}`, auto)).statusCode).toBe(200);
    expect((await detailOf(exam._id)).proctoringThresholds).toBeNull();
    expect(await lastAuditOf(exam._id)).toMatchObject({
      changes: { proctoringThresholds: { to: null } },
    });
  });

  it('refuses rules on the field they break, and any rules for an AUTO exam', async () => {
    const exam = await suite.fixture.exam({ examStatus: 'DRAFT' });
    const faculty = await suite.fixture.faculty();
    expectError(
      await call(
        'PUT',
        `update-exam/${exam._id}`,
        payload({ proctoringThresholds: { warnAt: 3, flagAt: 2 } }, [faculty.userId]),
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'proctoringThresholds.flagAt':
            'Flag threshold cannot be lower than the warning threshold',
        },
      },
    );
    expectError(
      await call(
        'PUT',
        `update-exam/${exam._id}`,
        payload({ proctoringThresholds: { warnAt: 1, flagAt: 3 } }),
      ),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { proctoringThresholds: 'Proctoring rules can only be set in proctoring mode' },
      },
    );
    expect((await detailOf(exam._id)).proctoringThresholds).toBeNull();
  });
});

describe('a published exam', () => {
  it('can be edited and unpublished until its window opens', async () => {
    const exam = await suite.fixture.exam({ scheduleDetails: autoSchedule(LATER_DAY) });
    expect((await detailOf(exam._id)).changeScope).toBe('FULL');
    const response = await call(
      'PUT',
      `update-exam/${exam._id}`,
      payload({ examStatus: 'DRAFT', subject: 'Graphs', scheduleDetails: autoSchedule(LATER_DAY) }),
    );
    expect(response.statusCode).toBe(200);
    expect(detailResponse.parse(response.json()).data.exam).toMatchObject({
      examStatus: 'DRAFT',
      subject: 'Graphs',
    });
    expect(await lastAuditOf(exam._id)).toMatchObject({ action: 'exam.unpublish' });
  });

  it('once opened, moves only the end of its schedule and buffers, with the deadlines of sittings in progress', async () => {
    const { fixture, clock } = suite;
    const faculty = await fixture.faculty();
    const proctored = validExamPayload({
      ...fixture.audience,
      sectionIds: [fixture.inSection.A],
      assignedFacultyIds: [faculty.userId],
      examStatus: 'PUBLISH',
    });
    const schedule = {
      examDate: TODAY(),
      startTime: '09:30',
      endTime: '10:30',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    };
    const exam = await fixture.exam({ ...proctored, scheduleDetails: schedule });
    const student = await fixture.student(fixture.inSection.A);
    const attempt = await student.client.start(exam._id);
    const detail = await detailOf(exam._id);
    expect(detail).toMatchObject({ startedCount: 1, changeScope: 'SCHEDULE_END' });

    const sent = { ...proctored, scheduleDetails: schedule };
    expectError(
      await call('PUT', `update-exam/${exam._id}`, { ...sent, examTitle: 'Another title' }),
      409,
      {
        message:
          'This exam has opened or been started: only the end of its schedule and its buffers can change',
      },
    );
    expectError(
      await call('PUT', `update-exam/${exam._id}`, {
        ...sent,
        proctoringThresholds: { warnAt: 1, flagAt: 1, autoSubmitAfterFlags: 1 },
      }),
      409,
      {
        message:
          'This exam has opened or been started: only the end of its schedule and its buffers can change',
      },
    );
    expectError(
      await call('PUT', `update-exam/${exam._id}`, { ...sent, examStatus: 'DRAFT' }),
      409,
      {
        message:
          'This exam has opened or been started: only the end of its schedule and its buffers can change',
      },
    );

    const moved = await call('PUT', `update-exam/${exam._id}`, {
      ...sent,
      scheduleDetails: {
        ...schedule,
        endTime: '11:00',
        bufferTime: { beforeExam: 5, afterExam: 20 },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(detailResponse.parse(moved.json()).data.exam.scheduleDetails).toEqual({
      ...schedule,
      endTime: '11:00',
      bufferTime: { beforeExam: 5, afterExam: 20 },
    });
    const [sitting] = await suite.t.database.db
      .select({ deadlineAt: examAttempts.deadlineAt })
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt.attempt._id));
    // Started at 10:00 with 90 minutes: the window's end, now 11:00, comes first.
    expect(sitting?.deadlineAt.getTime()).toBe(clock.now().getTime() + 60 * MINUTE);
    expect(await lastAuditOf(exam._id)).toMatchObject({ action: 'exam.update' });
  });

  it('cannot change at all once its results are published', async () => {
    const exam = await suite.fixture.exam({ scheduleDetails: autoSchedule(LATER_DAY) });
    await suite.t.database.db
      .update(exams)
      .set({ resultsPublishedAt: new Date() })
      .where(eq(exams.id, exam._id));
    expect((await detailOf(exam._id)).changeScope).toBe('NONE');
    expectError(
      await call(
        'PUT',
        `update-exam/${exam._id}`,
        payload({ scheduleDetails: autoSchedule(LATER_DAY) }),
      ),
      409,
      { message: 'The results of this exam are published: it can no longer be changed' },
    );
  });
});

describe("an AUTO exam's clock times", () => {
  const timed = (startTime: string, endTime: string) => ({
    ...autoSchedule(TODAY()),
    startTime,
    endTime,
  });

  it('opens and closes its window at them, and Change End Time moves the end time', async () => {
    const { fixture, clock } = suite;
    clock.set(EXAM_DAY_TEN);
    // Sections timed as payload() has them, so the update below changes only the schedule's end.
    const exam = await fixture.exam({ scheduleDetails: timed('10:30', '12:00') }, [30, 30, 30, 30]);
    expect((await detailOf(exam._id)).scheduleDetails).toEqual(timed('10:30', '12:00'));
    const early = await fixture.student(fixture.inSection.A);
    expectError(await early.client.call('POST', `start-exam/${exam._id}`), 409, {
      message: 'This exam has not started yet',
    });

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 30 * MINUTE));
    const { attempt } = await early.client.start(exam._id);
    // 90 minutes from 10:30 would be 12:00, the window's end.
    expect(Date.parse(attempt.deadlineAt)).toBe(clock.now().getTime() + 90 * MINUTE);

    const moved = await call(
      'PUT',
      `update-exam/${exam._id}`,
      payload({ examStatus: 'PUBLISH', scheduleDetails: timed('10:30', '11:15') }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(detailResponse.parse(moved.json()).data.exam.scheduleDetails).toEqual(
      timed('10:30', '11:15'),
    );
    const [sitting] = await suite.t.database.db
      .select({ deadlineAt: examAttempts.deadlineAt })
      .from(examAttempts)
      .where(eq(examAttempts.id, attempt._id));
    expect(sitting?.deadlineAt.getTime()).toBe(clock.now().getTime() + 45 * MINUTE);

    clock.set(new Date(EXAM_DAY_TEN.getTime() + 75 * MINUTE));
    const late = await fixture.student(fixture.inSection.A);
    expectError(await late.client.call('POST', `start-exam/${exam._id}`), 409, {
      message: 'This exam is closed',
    });
    clock.set(EXAM_DAY_TEN);
  });

  it('refuses an end time not after the start time on a one-day window (400)', async () => {
    const response = await call(
      'POST',
      'create-exam',
      payload({ scheduleDetails: timed('12:00', '09:00') }),
    );
    expectError(response, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'scheduleDetails.endTime': 'End time must be after start time' },
    });
    const invalid = await call(
      'POST',
      'create-exam',
      payload({ scheduleDetails: timed('9am', '12:00') }),
    );
    expectError(invalid, 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'scheduleDetails.startTime': 'Please enter a valid time' },
    });
  });

  it('without clock times runs the whole days and reads back as dates only', async () => {
    const exam = await suite.fixture.exam({ scheduleDetails: autoSchedule(TODAY()) });
    expect((await detailOf(exam._id)).scheduleDetails).toEqual(autoSchedule(TODAY()));
    const [row] = await suite.t.database.db
      .select({ windowStart: exams.windowStart, windowEnd: exams.windowEnd })
      .from(exams)
      .where(eq(exams.id, exam._id));
    // Drizzle reads the wall-clock timestamps as UTC instants.
    expect(row?.windowStart?.toISOString()).toBe(`${TODAY()}T00:00:00.000Z`);
    expect(row?.windowEnd?.toISOString()).toBe('2030-03-15T00:00:00.000Z');
  });
});

describe('deleting an exam', () => {
  it('deletes an exam nobody has started, audited', async () => {
    const exam = await suite.fixture.exam({ scheduleDetails: autoSchedule(TODAY()) });
    const response = await call('DELETE', `delete-exam/${exam._id}`);
    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.strict().parse(response.json())).toEqual({
      success: true,
      message: 'Exam deleted successfully',
    });
    expectError(await call('GET', `get-exam/${exam._id}`), 404, { message: 'Exam not found' });
    expect(await lastAuditOf(exam._id)).toMatchObject({
      action: 'exam.delete',
      recordLabel: exam.examTitle,
    });
  });

  it('refuses once a student has started it (409), and answers 404 for an unknown one', async () => {
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    await student.client.start(exam._id);
    expectError(await call('DELETE', `delete-exam/${exam._id}`), 409, {
      message: 'Students have started this exam: it cannot be deleted',
    });
    expectError(await call('DELETE', `delete-exam/${randomUUID()}`), 404, {
      message: 'Exam not found',
    });
  });
});

describe('duplicating an exam', () => {
  it('copies any exam into a new draft with its questions and key, audited', async () => {
    const exam = await suite.fixture.exam();
    const response = await call('POST', `duplicate-exam/${exam._id}`);
    expect(response.statusCode).toBe(201);
    const copy = createdExamResponse.parse(response.json());
    expect(copy).toMatchObject({
      message: 'Exam copied into a new draft',
      data: { exam: { examStatus: 'DRAFT', examTitle: `${exam.examTitle} (copy)` } },
    });
    expect(copy.data.exam._id).not.toBe(exam._id);
    const [source, copied] = [await detailOf(exam._id), await detailOf(copy.data.exam._id)];
    const withoutIds = (detail: typeof source) =>
      detail.questions.map((list) => list.map(({ id: _id, ...question }) => question));
    expect(withoutIds(copied)).toEqual(withoutIds(source));
    expect(copied.startedCount).toBe(0);
    expect(await lastAuditOf(copy.data.exam._id)).toMatchObject({ action: 'exam.duplicate' });
  });

  it('keeps a copy of the longest title within the limit, and answers 404 for an unknown exam', async () => {
    const exam = await suite.fixture.exam({ examTitle: 'T'.repeat(100) });
    const response = await call('POST', `duplicate-exam/${exam._id}`);
    expect(createdExamResponse.parse(response.json()).data.exam.examTitle).toBe(
      `${'T'.repeat(93)} (copy)`,
    );
    expectError(await call('POST', `duplicate-exam/${randomUUID()}`), 404, {
      message: 'Exam not found',
    });
  });
});
