import { randomUUID } from 'node:crypto';
import { type AuditEntry, auditLogDataSchema, successResponse } from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { describe, expect, it } from 'vitest';
import { masterDataClient } from '../../test/master-data';
import { facultyPayload, peopleClient, studentPayload } from '../../test/people';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { bearer, signInFirstTime } from '../../test/users';
import { blindCodes } from '../results/blind-codes';

const suite = sittingSuite();
const DAY_AFTER = new Date(EXAM_DAY_TEN.getTime() + 24 * 60 * MINUTE);

const auditLogResponse = successResponse(auditLogDataSchema);

/** The entries the audit page lists for this query, newest first. */
async function entries(query: Record<string, string>): Promise<AuditEntry[]> {
  const response = await suite.fixture.adminCall(
    'GET',
    `get-audit-log?${new URLSearchParams({ limit: '100', ...query })}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return auditLogResponse.parse(response.json()).data.entries;
}

const countOf = async (action: string) => (await entries({ action })).length;

/** Runs a refused write and checks that the log holds no more entries of `action` after it. */
async function expectNothingRecorded(action: string, write: () => Promise<{ statusCode: number }>) {
  const before = await countOf(action);
  const response = await write();
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(await countOf(action)).toBe(before);
}

function byAdmin() {
  const { admin } = suite.fixture;
  return { _id: admin.user.id, email: admin.email };
}

describe('the audit log records every admin write', () => {
  it('creates of batches, courses, branches and sections, and not a refused one', async () => {
    const api = masterDataClient(suite.t.app, suite.fixture.admin.accessToken);
    const batch = await api.batch(2040);
    const course = await api.course(batch._id);
    const branch = await api.branch(course._id);
    const section = await api.section(branch._id);
    const created = [
      ['batch', batch._id, batch.name],
      ['course', course._id, course.name],
      ['branch', branch._id, `${branch.name} (${branch.code})`],
      ['section', section._id, `Section ${section.name}`],
    ];
    for (const [type, id, label] of created) {
      expect(await entries({ recordId: id as string })).toEqual([
        {
          _id: expect.any(String),
          at: expect.any(String),
          actor: byAdmin(),
          action: `${type}.create`,
          recordType: type,
          recordId: id,
          recordLabel: label,
          summary: `Created ${type} ${label}`,
          changes: null,
        },
      ]);
    }
    await expectNothingRecorded('batch.create', () =>
      api.post('create-batch', { startYear: 2040, endYear: batch.endYear }),
    );
    await expectNothingRecorded('section.create', () =>
      api.post('create-section', { branchId: randomUUID(), name: 'Z', capacity: 10 }),
    );
  });

  it('students and faculty created and deleted, and not a refused create or delete', async () => {
    const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
    const { audience } = suite.fixture;
    const placement = {
      batch: '2024-2028',
      course: audience.courseId,
      branch: audience.branchId,
      section: suite.fixture.inSection.A,
    };
    const { student } = await people.student(studentPayload(placement));
    const { faculty } = await people.faculty(facultyPayload());
    const studentLabel = `${student.personalInfo.firstName} ${student.personalInfo.lastName} (${student.studentId})`;
    const facultyLabel = `${faculty.personalInfo.firstName} ${faculty.personalInfo.lastName} (${faculty.facultyId})`;

    expect((await people.delete(`delete-student/${student._id}`)).statusCode).toBe(200);
    expect((await people.delete(`delete-faculty/${faculty._id}`)).statusCode).toBe(200);
    expect(await entries({ recordType: 'student', recordId: student._id })).toEqual([
      expect.objectContaining({
        actor: byAdmin(),
        action: 'student.delete',
        recordLabel: studentLabel,
        summary: `Deleted student ${studentLabel} with their account`,
      }),
      expect.objectContaining({
        actor: byAdmin(),
        action: 'student.create',
        recordLabel: studentLabel,
        summary: `Created student ${studentLabel} with the account ${student.email}`,
      }),
    ]);
    expect(await entries({ recordType: 'faculty', recordId: faculty._id })).toEqual([
      expect.objectContaining({
        action: 'faculty.delete',
        summary: `Deleted faculty ${facultyLabel} with their account`,
      }),
      expect.objectContaining({
        action: 'faculty.create',
        summary: `Created faculty member ${facultyLabel} with the account ${faculty.email}`,
      }),
    ]);

    const { student: holder } = await people.student(studentPayload(placement));
    const { faculty: member } = await people.faculty(facultyPayload());
    await expectNothingRecorded('student.create', () =>
      people.post('create-student', {
        ...studentPayload(placement),
        rollNumber: holder.rollNumber,
      }),
    );
    await expectNothingRecorded('faculty.create', () =>
      people.post('create-faculty', { ...facultyPayload(), email: member.email }),
    );
    await expectNothingRecorded('student.delete', () =>
      people.delete(`delete-student/${student._id}`),
    );
    await expectNothingRecorded('faculty.delete', () =>
      people.delete(`delete-faculty/${randomUUID()}`),
    );
  });

  it('an exam created, and not one refused', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam({ examStatus: 'DRAFT' });
    expect(await entries({ recordId: exam._id })).toEqual([
      expect.objectContaining({
        actor: byAdmin(),
        action: 'exam.create',
        recordType: 'exam',
        recordLabel: exam.examTitle,
        summary: 'Created the exam as a draft',
      }),
    ]);
    await expectNothingRecorded('exam.create', () =>
      suite.fixture.adminCall(
        'POST',
        'create-exam',
        validExamPayload({ ...suite.fixture.audience, sectionIds: [randomUUID()] }),
      ),
    );
  });

  it('extra time granted, and not extra time refused', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const grant = (studentId: string) =>
      suite.fixture.adminCall('POST', 'grant-extra-time', {
        examId: exam._id,
        studentId,
        minutes: 15,
      });
    expect((await grant(student.record._id)).statusCode).toBe(200);
    const { firstName, lastName } = student.record.personalInfo;
    expect(await entries({ recordId: exam._id, action: 'exam.grant-extra-time' })).toEqual([
      expect.objectContaining({
        actor: byAdmin(),
        at: EXAM_DAY_TEN.toISOString(),
        recordType: 'exam',
        recordLabel: exam.examTitle,
        summary: `Set the extra time of ${firstName} ${lastName} (${student.record.studentId}) to 15 minutes`,
        changes: { student: student.record.studentId, extraMinutes: 15 },
      }),
    ]);
    const outsider = await suite.fixture.student(suite.fixture.inSection.B);
    await expectNothingRecorded('exam.grant-extra-time', () => grant(outsider.record._id));
  });

  it("an exam's evaluators set, and not a refused choice", async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
    const { faculty } = await people.faculty(facultyPayload());
    const setEvaluators = (evaluatorIds: string[]) =>
      people.put(`set-exam-evaluators/${exam._id}`, { evaluatorIds });
    expect((await setEvaluators([faculty.userId._id])).statusCode).toBe(200);
    expect((await setEvaluators([])).statusCode).toBe(200);
    expect(await entries({ recordId: exam._id, action: 'exam.set-evaluators' })).toEqual([
      expect.objectContaining({
        summary: "Returned the marking to the exam's proctors",
        changes: { evaluators: [] },
      }),
      expect.objectContaining({
        actor: byAdmin(),
        recordLabel: exam.examTitle,
        summary: `Set the evaluators: ${faculty.email}`,
        changes: { evaluators: [faculty.email] },
      }),
    ]);
    await expectNothingRecorded('exam.set-evaluators', () => setEvaluators([randomUUID()]));
  });

  it('a written answer marked, by the faculty member who marked it, and not a refused mark', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const people = peopleClient(suite.t.app, suite.fixture.admin.accessToken);
    const payload = facultyPayload();
    const { faculty, defaultPassword } = await people.faculty(payload);
    await people.put(`set-exam-evaluators/${exam._id}`, { evaluatorIds: [faculty.userId._id] });
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const short = view.sections[2]?.questions[0];
    if (!short) throw new Error('The exam has no short answer question');
    await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: short._id, text: 'A sorted binary tree.' }],
    });
    await student.client.submit(view.attempt._id);
    const { tokens } = await signInFirstTime(suite.t.app, payload.email, defaultPassword);
    const codes = blindCodes(suite.t.config.jwtSecret);
    const answerId = codes.markingId(faculty.userId._id, view.attempt._id, short._id);
    const grade = (marks: number) =>
      suite.t.app.inject({
        method: 'POST',
        url: '/api/faculty/grade-answer',
        headers: bearer(tokens.accessToken),
        payload: { answerId, marks, comment: 'Good' },
      });
    const graded = await grade(1);
    expect(graded.statusCode, graded.body).toBe(200);
    const code = codes.attemptCode(view.attempt._id);
    // Under the answer's own id, which the admin reads, not the marker's.
    const recordId = `${view.attempt._id}.${short._id}`;
    expect(await entries({ recordType: 'answer', recordId })).toEqual([
      expect.objectContaining({
        actor: { _id: faculty.userId._id, email: faculty.email },
        action: 'answer.grade',
        recordLabel: `${exam.examTitle} · ${code}`,
        summary: `Marked an answer of ${code}: 1 of ${short.marks}`,
        changes: { marks: 1, comment: 'Good' },
      }),
    ]);
    await expectNothingRecorded('answer.grade', () => grade(short.marks + 1));
  });

  it('an answer key corrected and results published, and not a refused publish', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam({
      totalMarks: 2,
      passingMarks: 1,
      examSections: [
        {
          name: 'Choices',
          order: '1',
          marks: 2,
          questionType: 'MCQ',
          totalQuestions: 2,
          timeLimit: 0,
          isOptional: false,
          instructions: ['Pick one option.'],
        },
      ],
      questions: [[validQuestions.MCQ(1), validQuestions.MCQ(2)]],
    });
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const question = view.sections[0]?.questions[1];
    if (!question) throw new Error('The exam has no second question');
    await student.client.save(view.attempt._id, {
      seq: 1,
      answers: [{ questionId: question._id, selectedOptionId: '1' }],
    });
    await student.client.submit(view.attempt._id);
    suite.clock.set(DAY_AFTER);

    const regrade = await suite.fixture.adminCall('POST', `regrade-question/${exam._id}`, {
      questionId: question._id,
      correctOptionId: '1',
    });
    expect(regrade.statusCode, regrade.body).toBe(202);
    const [from, to] = question.options?.map((option) => option.text) ?? [];
    expect(await entries({ recordId: exam._id, action: 'exam.regrade-question' })).toEqual([
      expect.objectContaining({
        actor: byAdmin(),
        at: DAY_AFTER.toISOString(),
        recordLabel: exam.examTitle,
        summary: `Corrected a question's answer key from "${from}" to "${to}": 1 submitted attempts are marked again`,
        changes: { questionId: question._id, correctOption: { from, to } },
      }),
    ]);
    for (let poll = 0; poll < 200; poll++) {
      const job = await suite.fixture.adminCall(
        'GET',
        `get-regrade-job/${regrade.json().data.job._id}`,
      );
      if (job.json().data.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const publish = () => suite.fixture.adminCall('POST', `publish-results/${exam._id}`);
    expect((await publish()).statusCode).toBe(200);
    expect(await entries({ recordId: exam._id, action: 'exam.publish-results' })).toEqual([
      expect.objectContaining({
        actor: byAdmin(),
        at: DAY_AFTER.toISOString(),
        recordLabel: exam.examTitle,
        summary: `Published the results of exam ${exam.examId}`,
      }),
    ]);
    await expectNothingRecorded('exam.publish-results', publish);
  });
});
