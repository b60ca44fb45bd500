import { createHash, randomUUID } from 'node:crypto';
import {
  answersToGradeDataSchema,
  answerToGradeSchema,
  evaluatorsDataSchema,
  facultyExamsDataSchema,
  monitorDataSchema,
  RESULT_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, exams } from '../../db/schema';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, MINUTE, sittingSuite } from '../../test/sittings';
import { bearer } from '../../test/users';
import { sweepDeadlines } from '../attempts/deadline-sweep';
import { blindCodes } from '../results/blind-codes';

const suite = sittingSuite();
const { clock } = suite;

const evaluatorsResponse = successResponse(evaluatorsDataSchema);
const myExamsResponse = successResponse(facultyExamsDataSchema);
const answersResponse = successResponse(answersToGradeDataSchema);
const gradedResponse = successResponse(answerToGradeSchema);

/** The server's keyed names, for answers a marker is never listed (a choice, a script not submitted). */
const codes = () => blindCodes(suite.t.config.jwtSecret);
const attemptCode = (attemptId: string) => codes().attemptCode(attemptId);

/** A faculty member created by the admin and signed in, calling the faculty routes. */
async function facultyMember() {
  const member = await suite.fixture.signedInFaculty();
  const { call } = member;
  return {
    ...member,
    /** The answer's id as this member is given it. */
    answerId: (attemptId: string, questionId: string) =>
      codes().markingId(member.userId, attemptId, questionId),
    myExams: async () => {
      const response = await call('GET', 'get-my-exams');
      expect(response.statusCode, response.body).toBe(200);
      return myExamsResponse.parse(response.json()).data.exams;
    },
    answers: async (examId: string, query = '') => {
      const response = await call('GET', `get-answers-to-grade/${examId}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return answersResponse.parse(response.json()).data;
    },
    grade: (answerId: string, marks: unknown, comment?: string) =>
      call('POST', 'grade-answer', {
        answerId,
        marks,
        ...(comment === undefined ? {} : { comment }),
      }),
  };
}
type FacultyMember = Awaited<ReturnType<typeof facultyMember>>;

const adminPut = (path: string, payload: unknown) =>
  suite.t.app.inject({
    method: 'PUT',
    url: `/api/admin/${path}`,
    headers: bearer(suite.fixture.admin.accessToken),
    payload: payload as object,
  });

async function setEvaluators(examId: string, evaluatorIds: string[]) {
  const response = await adminPut(`set-exam-evaluators/${examId}`, { evaluatorIds });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe(RESULT_MESSAGES.evaluatorsSaved);
  return evaluatorsResponse.parse(response.json()).data;
}

async function evaluatorsOf(examId: string) {
  const response = await suite.fixture.adminCall('GET', `get-exam-evaluators/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return evaluatorsResponse.parse(response.json()).data;
}

const ESSAY = 'Both are divide and conquer sorts; merge sort is stable, quicksort sorts in place.';

/**
 * An AUTO exam marked by `evaluator`, sat by three students of its section: two submitted (the
 * first wrote both written answers, the second only the short one), one still writing.
 */
async function examWithScripts(evaluator: FacultyMember) {
  clock.set(EXAM_DAY_TEN);
  const exam = await suite.fixture.exam();
  await setEvaluators(exam._id, [evaluator.userId]);
  const [first, second, writing] = await Promise.all([
    suite.fixture.student(suite.fixture.inSection.A),
    suite.fixture.student(suite.fixture.inSection.A),
    suite.fixture.student(suite.fixture.inSection.A),
  ]);
  const firstView = await first.client.start(exam._id);
  const questionIds = firstView.sections.map((section) => section.questions.map((q) => q._id));
  const [[mcq], , [short], [essay]] = questionIds as [string[], string[], string[], string[]];
  const sit = async (
    student: typeof first,
    answers: { questionId: string; text?: string; selectedOptionId?: string }[],
    submit: boolean,
  ) => {
    const { attempt } = await student.client.start(exam._id);
    const saved = await student.client.save(attempt._id, { seq: 1, answers });
    expect(saved.statusCode, saved.body).toBe(200);
    if (submit) expect((await student.client.submit(attempt._id)).statusCode).toBe(200);
    return attempt._id;
  };
  const firstAttempt = await sit(
    first,
    [
      { questionId: mcq as string, selectedOptionId: '0' },
      { questionId: short as string, text: 'A sorted binary tree.' },
      { questionId: essay as string, text: ESSAY },
    ],
    true,
  );
  const secondAttempt = await sit(
    second,
    [
      { questionId: short as string, text: 'A tree.' },
      { questionId: essay as string, text: '   ' },
    ],
    true,
  );
  const writingAttempt = await sit(
    writing,
    [{ questionId: essay as string, text: 'Still thinking' }],
    false,
  );
  return {
    exam,
    students: { first, second },
    attempts: { first: firstAttempt, second: secondAttempt, writing: writingAttempt },
    questions: { mcq: mcq as string, short: short as string, essay: essay as string },
  };
}

async function publishResults(examId: string) {
  await suite.t.database.db
    .update(exams)
    .set({ resultsPublishedAt: clock.now() })
    .where(eq(exams.id, examId));
}

describe('evaluators', () => {
  it("are the exam's proctors until the admin chooses others, and again once the choice is emptied", async () => {
    const [proctor, chosen, other] = await Promise.all([
      facultyMember(),
      facultyMember(),
      facultyMember(),
    ]);
    const exam = await suite.fixture.proctoredExam([proctor.userId]);

    expect(await evaluatorsOf(exam._id)).toEqual({
      chosenByAdmin: false,
      evaluators: [expect.objectContaining({ _id: proctor.userId })],
    });
    expect(await proctor.myExams()).toEqual([
      expect.objectContaining({ _id: exam._id, roles: ['PROCTOR', 'EVALUATOR'] }),
    ]);
    expect(await chosen.myExams()).toEqual([]);

    const saved = await setEvaluators(exam._id, [chosen.userId, other.userId]);
    expect(saved.chosenByAdmin).toBe(true);
    expect(saved.evaluators.map((evaluator) => evaluator._id).sort()).toEqual(
      [chosen.userId, other.userId].sort(),
    );
    expect(saved.evaluators[0]).toEqual({
      _id: expect.any(String),
      facultyId: expect.stringMatching(/^FAC/),
      firstName: 'Vikram',
      lastName: 'Rao',
      email: expect.stringContaining('@example.com'),
    });
    expect(await evaluatorsOf(exam._id)).toEqual(saved);
    expect((await proctor.myExams())[0]?.roles).toEqual(['PROCTOR']);
    expect((await chosen.myExams())[0]?.roles).toEqual(['EVALUATOR']);
    expectError(await proctor.call('GET', `get-answers-to-grade/${exam._id}`), 403, {
      message: RESULT_MESSAGES.notEvaluator,
    });

    expect(await setEvaluators(exam._id, [])).toEqual({
      chosenByAdmin: false,
      evaluators: [expect.objectContaining({ _id: proctor.userId })],
    });
    expect(await chosen.myExams()).toEqual([]);
    expect((await proctor.myExams())[0]?.roles).toEqual(['PROCTOR', 'EVALUATOR']);
  });

  it('of an AUTO exam are nobody until the admin chooses them', async () => {
    const exam = await suite.fixture.exam();
    expect(await evaluatorsOf(exam._id)).toEqual({ chosenByAdmin: false, evaluators: [] });
  });

  it('must be faculty members, each chosen once', async () => {
    const exam = await suite.fixture.exam();
    const evaluator = await facultyMember();
    const student = await suite.fixture.student(suite.fixture.inSection.A);
    expectError(
      await adminPut(`set-exam-evaluators/${exam._id}`, {
        evaluatorIds: [evaluator.userId, student.record.userId._id, randomUUID()],
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'evaluatorIds.1': RESULT_MESSAGES.evaluatorNotFaculty,
          'evaluatorIds.2': RESULT_MESSAGES.evaluatorNotFaculty,
        },
      },
    );
    expectError(
      await adminPut(`set-exam-evaluators/${exam._id}`, {
        evaluatorIds: [evaluator.userId, evaluator.userId.toUpperCase()],
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { evaluatorIds: 'An evaluator can be chosen only once' },
      },
    );
    expectError(await adminPut(`set-exam-evaluators/${exam._id}`, {}), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { evaluatorIds: 'evaluatorIds must be a list' },
    });
    expectError(
      await adminPut(`set-exam-evaluators/${exam._id}`, { evaluatorIds: ['someone'] }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'evaluatorIds.0': 'An evaluator id is not valid' },
      },
    );
    expect(await evaluatorsOf(exam._id)).toEqual({ chosenByAdmin: false, evaluators: [] });
  });

  it('of an unknown exam are not found', async () => {
    const unknown = randomUUID();
    expectError(await suite.fixture.adminCall('GET', `get-exam-evaluators/${unknown}`), 404, {
      message: RESULT_MESSAGES.examNotFound,
    });
    expectError(await adminPut(`set-exam-evaluators/${unknown}`, { evaluatorIds: [] }), 404, {
      message: RESULT_MESSAGES.examNotFound,
    });
    expectError(await suite.fixture.adminCall('GET', 'get-exam-evaluators/nope'), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { examId: 'The exam id is not valid' },
    });
  });
});

describe('marking', () => {
  it('lists the written answers of submitted scripts under codes, marks them and shows the progress', async () => {
    const evaluator = await facultyMember();
    const { exam, attempts, questions } = await examWithScripts(evaluator);

    expect(await evaluator.myExams()).toEqual([
      expect.objectContaining({
        _id: exam._id,
        examTitle: exam.examTitle,
        roles: ['EVALUATOR'],
        resultStatus: 'Evaluating',
        gradingProgress: { marked: 0, total: 3 },
      }),
    ]);

    const data = await evaluator.answers(exam._id);
    expect(data.exam).toMatchObject({ _id: exam._id, resultStatus: 'Evaluating' });
    expect(data.questions).toEqual([
      expect.objectContaining({
        _id: questions.short,
        sectionName: 'Short answers',
        position: 1,
        questionType: 'SHORT_ANSWER',
        marks: 2,
        sampleAnswer: 'A binary tree whose in-order traversal is sorted.',
        modelAnswer: null,
        keywords: ['binary tree', 'sorted'],
        progress: { marked: 0, total: 2 },
      }),
      expect.objectContaining({
        _id: questions.essay,
        sectionName: 'Essay',
        questionType: 'LONG_ANSWER',
        marks: 5,
        minWordCount: 150,
        maxWordCount: 500,
        keywords: ['divide and conquer', 'stable'],
        progress: { marked: 0, total: 1 },
      }),
    ]);
    const firstCode = attemptCode(attempts.first);
    const secondCode = attemptCode(attempts.second);
    expect(data.scripts).toEqual(
      [
        { attemptCode: firstCode, progress: { marked: 0, total: 2 } },
        { attemptCode: secondCode, progress: { marked: 0, total: 1 } },
      ].sort((a, b) => a.attemptCode.localeCompare(b.attemptCode)),
    );
    // Paper order, then the scripts' order by code; nothing of the student still writing.
    const shortAnswers = [attempts.first, attempts.second].sort((a, b) =>
      attemptCode(a).localeCompare(attemptCode(b)),
    );
    expect(data.answers.map((answer) => answer._id)).toEqual([
      ...shortAnswers.map((attemptId) => evaluator.answerId(attemptId, questions.short)),
      evaluator.answerId(attempts.first, questions.essay),
    ]);
    expect(data.answers.at(-1)).toEqual({
      _id: evaluator.answerId(attempts.first, questions.essay),
      attemptCode: firstCode,
      studentName: null,
      questionId: questions.essay,
      text: ESSAY,
      marks: null,
      comment: null,
      markedAt: null,
    });
    expect(data.pagination).toMatchObject({ totalCount: 3, currentPage: 1 });

    clock.advance(5 * MINUTE);
    const response = await evaluator.grade(
      evaluator.answerId(attempts.first, questions.essay),
      4.5,
      ' Clear. ',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(RESULT_MESSAGES.graded);
    expect(gradedResponse.parse(response.json()).data).toEqual({
      _id: evaluator.answerId(attempts.first, questions.essay),
      attemptCode: firstCode,
      studentName: null,
      questionId: questions.essay,
      text: ESSAY,
      marks: 4.5,
      comment: 'Clear.',
      markedAt: clock.now().toISOString(),
    });

    const essays = await evaluator.answers(exam._id, `questionId=${questions.essay}`);
    expect(essays.answers).toEqual([expect.objectContaining({ marks: 4.5, comment: 'Clear.' })]);
    expect(essays.questions[1]?.progress).toEqual({ marked: 1, total: 1 });
    expect((await evaluator.myExams())[0]?.gradingProgress).toEqual({ marked: 1, total: 3 });

    const script = await evaluator.answers(exam._id, `attemptCode=${firstCode.toLowerCase()}`);
    expect(script.answers.map((answer) => answer.questionId)).toEqual([
      questions.short,
      questions.essay,
    ]);
    expect(script.scripts.find((s) => s.attemptCode === firstCode)?.progress).toEqual({
      marked: 1,
      total: 2,
    });
    expect((await evaluator.answers(exam._id, 'attemptCode=ZZZZ-ZZZZ')).answers).toEqual([]);

    const secondPage = await evaluator.answers(exam._id, 'limit=2&page=2');
    expect(secondPage.answers).toHaveLength(1);
    expect(secondPage.pagination).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 2 });
    const beyond = await evaluator.answers(exam._id, 'limit=2&page=5');
    expect(beyond.answers).toEqual([]);
    expect(beyond.pagination.totalCount).toBe(3);
  });

  it('is ready to publish once every answer is marked and the sittings are over, and names students once published', async () => {
    const evaluator = await facultyMember();
    const { exam, attempts, questions, students } = await examWithScripts(evaluator);
    for (const answerId of [
      evaluator.answerId(attempts.first, questions.short),
      evaluator.answerId(attempts.first, questions.essay),
      evaluator.answerId(attempts.second, questions.short),
    ]) {
      expect((await evaluator.grade(answerId, 1)).statusCode).toBe(200);
    }
    // The third student, still writing when the window closed, is swept in with 'Still thinking'.
    clock.set(
      new Date(EXAM_DAY_TEN.getFullYear(), EXAM_DAY_TEN.getMonth(), EXAM_DAY_TEN.getDate() + 1, 9),
    );
    expect((await evaluator.myExams())[0]?.resultStatus).toBe('Evaluating');
    await sweepDeadlines(suite.t.database.db, clock.now());
    const afterSweep = await evaluator.myExams();
    expect(afterSweep[0]).toMatchObject({
      resultStatus: 'Evaluating',
      gradingProgress: { marked: 3, total: 4 },
    });
    expect(
      (await evaluator.grade(evaluator.answerId(attempts.writing, questions.essay), 0.5))
        .statusCode,
    ).toBe(200);
    expect((await evaluator.myExams())[0]?.resultStatus).toBe('Ready to Publish');

    const blind = await evaluator.answers(exam._id, `questionId=${questions.essay}`);
    expect(blind.answers.every((answer) => answer.studentName === null)).toBe(true);

    await publishResults(exam._id);
    const named = await evaluator.answers(exam._id, `attemptCode=${attemptCode(attempts.first)}`);
    expect(named.exam.resultStatus).toBe('Published');
    const firstName = `${students.first.record.personalInfo.firstName} ${students.first.record.personalInfo.lastName}`;
    expect(named.answers.map((answer) => answer.studentName)).toEqual([firstName, firstName]);

    // A correction after publication is taken, and carries the name too.
    const corrected = await evaluator.grade(
      evaluator.answerId(attempts.first, questions.essay),
      5,
      '',
    );
    expect(gradedResponse.parse(corrected.json()).data).toMatchObject({
      marks: 5,
      comment: null,
      studentName: firstName,
    });
  });
});

describe('grading rules', () => {
  it('refuses an answer that does not exist', async () => {
    const evaluator = await facultyMember();
    const { attempts, questions } = await examWithScripts(evaluator);
    const other = await examWithScripts(evaluator);
    for (const answerId of [
      evaluator.answerId(randomUUID(), questions.essay),
      evaluator.answerId(attempts.first, randomUUID()),
      // A question of another exam.
      evaluator.answerId(attempts.first, other.questions.essay),
      // A question the student never answered.
      evaluator.answerId(attempts.second, questions.mcq),
    ]) {
      expectError(await evaluator.grade(answerId, 1), 404, {
        message: RESULT_MESSAGES.answerNotFound,
      });
    }
  });

  it('refuses a faculty member who does not evaluate the exam', async () => {
    const evaluator = await facultyMember();
    const stranger = await facultyMember();
    const { exam, attempts, questions } = await examWithScripts(evaluator);
    expectError(await stranger.grade(stranger.answerId(attempts.first, questions.essay), 1), 403, {
      message: RESULT_MESSAGES.notEvaluator,
    });
    expectError(await stranger.call('GET', `get-answers-to-grade/${exam._id}`), 403, {
      message: RESULT_MESSAGES.notEvaluator,
    });
  });

  it('changes a score the server gave only for a reason, kept with the marks and in the audit log', async () => {
    const evaluator = await facultyMember();
    const { exam, attempts, questions } = await examWithScripts(evaluator);
    const mcq = evaluator.answerId(attempts.first, questions.mcq);
    const firstScript = `attemptCode=${attemptCode(attempts.first)}`;
    const override = (body: object) =>
      evaluator.call('POST', 'grade-answer', { answerId: mcq, ...body });

    const before = await evaluator.answers(exam._id, firstScript);
    expect(before.scoredAnswers).toEqual([
      {
        _id: mcq,
        questionId: questions.mcq,
        sectionName: expect.any(String),
        number: 1,
        questionText: expect.any(String),
        questionType: 'MCQ',
        outOf: expect.any(Number),
        answer: expect.stringMatching(/^A\. ./),
        marks: expect.any(Number),
        overrideReason: null,
        markedAt: null,
      },
    ]);
    const serverMarks = before.scoredAnswers[0]?.marks;
    // Every script's list of the server's scores is its own; the list of all answers has none.
    expect((await evaluator.answers(exam._id)).scoredAnswers).toEqual([]);

    for (const reason of [undefined, '   ']) {
      expectError(await override({ marks: 0.5, reason }), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { reason: RESULT_MESSAGES.overrideReasonRequired },
      });
    }
    expectError(await override({ marks: 0.5, reason: 'x'.repeat(501) }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { reason: 'A reason cannot exceed 500 characters' },
    });
    expectError(await override({ marks: 99, reason: 'Generous' }), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { marks: RESULT_MESSAGES.marksAboveQuestion(before.scoredAnswers[0]?.outOf ?? 0) },
    });

    const reason = 'Option A is also right as the question is worded';
    const response = await override({ marks: 0.5, reason: `  ${reason} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(gradedResponse.parse(response.json()).data).toMatchObject({ _id: mcq, marks: 0.5 });

    const after = await evaluator.answers(exam._id, firstScript);
    expect(after.scoredAnswers[0]).toMatchObject({
      marks: 0.5,
      overrideReason: reason,
      markedAt: expect.any(String),
    });
    // A changed score is not a written answer marked: the script's progress stays as it was.
    expect(after.scripts).toEqual(before.scripts);
    expect(after.answers).toEqual(before.answers);

    const [entry] = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'answer.override-score'));
    expect(entry).toMatchObject({
      actorUserId: evaluator.userId,
      recordId: `${attempts.first}.${questions.mcq}`,
      summary: `Changed the score of an answer of ${attemptCode(attempts.first)} from ${serverMarks} to 0.5 of ${before.scoredAnswers[0]?.outOf}: ${reason}`,
      changes: { marks: 0.5, marksBefore: serverMarks, reason },
    });
  });

  it("keeps marks from 0 to the question's marks in steps of 0.5", async () => {
    const evaluator = await facultyMember();
    const { attempts, questions } = await examWithScripts(evaluator);
    const essay = evaluator.answerId(attempts.first, questions.essay);
    const refused = (marks: unknown, message: string) => async () =>
      expectError(await evaluator.grade(essay, marks), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { marks: message },
      });
    await refused(5.5, RESULT_MESSAGES.marksAboveQuestion(5))();
    await refused(-0.5, 'Marks cannot be below 0')();
    await refused(2.25, 'Marks go in steps of 0.5')();
    await refused('4', 'Marks must be a number')();
    expectError(await evaluator.grade('not-an-answer', 1), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { answerId: 'The answer id is not valid' },
    });
    expectError(await evaluator.grade(essay, 1, 'x'.repeat(2_001)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { comment: 'A comment cannot exceed 2,000 characters' },
    });
    for (const marks of [0, 5]) {
      const response = await evaluator.grade(essay, marks);
      expect(gradedResponse.parse(response.json()).data.marks).toBe(marks);
    }
  });

  it('waits for the script to be submitted', async () => {
    const evaluator = await facultyMember();
    const { attempts, questions } = await examWithScripts(evaluator);
    expectError(
      await evaluator.grade(evaluator.answerId(attempts.writing, questions.essay), 1),
      409,
      {
        message: RESULT_MESSAGES.notSubmitted,
      },
    );
  });

  it('lists the answers of a published exam the member evaluates, of a written question', async () => {
    const evaluator = await facultyMember();
    const { exam, questions } = await examWithScripts(evaluator);
    for (const questionId of [questions.mcq, randomUUID()]) {
      expectError(
        await evaluator.call('GET', `get-answers-to-grade/${exam._id}?questionId=${questionId}`),
        404,
        { message: RESULT_MESSAGES.questionNotFound },
      );
    }
    const draft = await suite.fixture.exam({ examStatus: 'DRAFT' });
    await setEvaluators(draft._id, [evaluator.userId]);
    expect((await evaluator.myExams()).map((listed) => listed._id)).not.toContain(draft._id);
    for (const examId of [draft._id, randomUUID()]) {
      expectError(await evaluator.call('GET', `get-answers-to-grade/${examId}`), 404, {
        message: RESULT_MESSAGES.examNotFound,
      });
    }
    expectError(
      await evaluator.call('GET', `get-answers-to-grade/${exam._id}?attemptCode=AB&limit=0`),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          attemptCode: 'The attempt code is not valid',
          limit: expect.stringContaining('Limit must be a whole number'),
        },
      },
    );
  });
});

describe('blind marking', () => {
  it('gives a proctor who marks nothing that joins to the attempt ids, names or times of the monitor', async () => {
    clock.set(EXAM_DAY_TEN);
    const proctor = await facultyMember();
    const exam = await suite.fixture.proctoredExam([proctor.userId]);
    const students = await Promise.all(
      [1, 2, 3].map(() => suite.fixture.student(suite.fixture.inSection.A)),
    );
    let short = '';
    for (const student of students) {
      clock.advance(MINUTE);
      const view = await student.client.start(exam._id);
      short = view.sections[2]?.questions[0]?._id as string;
      const answers = [
        { questionId: short, text: `Written at minute ${students.indexOf(student)}` },
      ];
      expect((await student.client.save(view.attempt._id, { seq: 1, answers })).statusCode).toBe(
        200,
      );
      expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);
    }
    const monitorResponse = await proctor.call('GET', `get-monitor/${exam._id}`);
    expect(monitorResponse.statusCode, monitorResponse.body).toBe(200);
    const monitor = successResponse(monitorDataSchema).parse(monitorResponse.json()).data;
    const sitters = monitor.students.filter((student) => student.attemptId !== null);
    expect(sitters).toHaveLength(3);

    // While the sittings go on, a proctor who marks is shown no script: one appearing as the
    // monitor shows a student submit would say whose it is.
    const heldResponse = await proctor.call('GET', `get-answers-to-grade/${exam._id}`);
    expect(answersResponse.parse(heldResponse.json()).data).toMatchObject({
      scriptsHeld: true,
      scripts: [],
      answers: [],
    });
    // The window closed at 11:00: every sitting is over, and the scripts open.
    clock.set(new Date(EXAM_DAY_TEN.getTime() + 61 * MINUTE));

    const received: string[] = [];
    const read = async (query: string) => {
      const response = await proctor.call('GET', `get-answers-to-grade/${exam._id}?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      received.push(response.body);
      return answersResponse.parse(response.json()).data;
    };
    const overview = await read('');
    const byQuestion = await read(`questionId=${short}`);
    for (const { attemptCode } of overview.scripts) await read(`attemptCode=${attemptCode}`);
    for (const page of [1, 2, 3]) await read(`questionId=${short}&limit=1&page=${page}`);
    clock.advance(MINUTE);
    const graded = await proctor.grade(byQuestion.answers[0]?._id as string, 1);
    expect(graded.statusCode, graded.body).toBe(200);
    received.push(graded.body, (await proctor.call('GET', 'get-my-exams')).body);
    const everything = received.join('\n');

    for (const student of sitters) {
      const attemptId = student.attemptId as string;
      const unkeyed = [
        createHash('sha256').update(attemptId).digest('hex'),
        createHash('md5').update(attemptId).digest('hex'),
        oldAttemptCode(attemptId),
      ];
      for (const known of [
        attemptId,
        attemptId.replaceAll('-', ''),
        ...unkeyed,
        student.studentId,
        student.userId,
        student.name,
        student.rollNumber,
      ]) {
        expect(everything).not.toContain(known);
      }
    }
    // The only instant in them is the proctor's own mark.
    const instants = new Set(everything.match(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g));
    expect([...instants]).toEqual([clock.now().toISOString()]);
    // Answers follow the scripts' codes, which follow neither the attempt ids nor who sat first.
    expect(byQuestion.answers.map((answer) => answer.attemptCode)).toEqual(
      overview.scripts.map((script) => script.attemptCode),
    );
    expect(
      overview.scripts.map((script) => script.attemptCode).sort((a, b) => a.localeCompare(b)),
    ).toEqual(overview.scripts.map((script) => script.attemptCode));
  });

  it("takes a marker's own id, and not another marker's or a forged one", async () => {
    const marker = await facultyMember();
    const other = await facultyMember();
    const { exam, questions } = await examWithScripts(marker);
    await setEvaluators(exam._id, [marker.userId, other.userId]);
    const mine = (await marker.answers(exam._id, `questionId=${questions.essay}`)).answers[0];
    const theirs = (await other.answers(exam._id, `questionId=${questions.essay}`)).answers[0];
    expect(mine?.attemptCode).toBe(theirs?.attemptCode);
    expect(mine?._id).not.toBe(theirs?._id);
    const id = mine?._id as string;
    const forged = `${id.slice(0, 20)}${id[20] === 'A' ? 'B' : 'A'}${id.slice(21)}`;
    for (const [who, answerId] of [
      [other, id],
      [marker, theirs?._id as string],
      [marker, forged],
      [marker, 'A'.repeat(64)],
    ] as const) {
      expectError(await who.grade(answerId, 1), 404, { message: RESULT_MESSAGES.answerNotFound });
    }
    const response = await marker.grade(id, 2.5);
    expect(response.statusCode, response.body).toBe(200);
    expect(gradedResponse.parse(response.json()).data).toMatchObject({ _id: id, marks: 2.5 });
    const seen = await other.answers(exam._id, `questionId=${questions.essay}`);
    expect(seen.answers).toEqual([expect.objectContaining({ _id: theirs?._id, marks: 2.5 })]);
  });

  it('refuses an answer id of the old form, attempt and question', async () => {
    const marker = await facultyMember();
    const { attempts, questions } = await examWithScripts(marker);
    expectError(await marker.grade(`${attempts.first}.${questions.essay}`, 1), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { answerId: 'The answer id is not valid' },
    });
  });
});

/** The code scripts went by before it was keyed: anyone holding the attempt id could compute it. */
function oldAttemptCode(attemptId: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const digest = createHash('sha256').update(attemptId.toLowerCase()).digest();
  let code = '';
  for (let i = 0; i < 8; i++) code += alphabet[(digest[i] as number) % 32];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
