import {
  ATTEMPT_MESSAGES,
  examDetailDataSchema,
  examResultsDataSchema,
  lobbyDataSchema,
  regradeDataSchema,
  regradeJobSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { validExamPayload, validQuestions } from '@examiq/contracts/test-support';
import { expect } from 'vitest';
import type { App } from '../../app';
import { expectError } from '../../test/errors';
import {
  createSittingFixture,
  localDate,
  type SittingFixture,
  studentClient,
} from '../../test/sittings';
import { bearer } from '../../test/users';

/** An untimed section of `count` questions of one type. */
export const typedSection = (
  name: string,
  order: string,
  questionType: string,
  marks: number,
  count = 1,
) => ({
  name,
  order,
  marks,
  questionType,
  totalQuestions: count,
  timeLimit: 0,
  isOptional: false,
  instructions: [],
});

/** Posts an AUTO exam of the paper's sections and these questions for the fixture's first section. */
export function createPaper(
  fixture: SittingFixture,
  paper: { totalMarks: number; passingMarks: number; examSections: unknown[] },
  questions: unknown[][],
) {
  return fixture.adminCall('POST', 'create-exam', {
    ...paper,
    questions,
    examTitle: 'Circuits quiz',
    examDescription: 'Questions of the newer types.',
    subject: 'Circuits',
    duration: 60,
    examMode: 'AUTO',
    generalInstructions: ['Use SI units.'],
    ...fixture.audience,
    sectionIds: [fixture.audience.sectionIds[0]],
    assignedFacultyIds: [],
    scheduleDetails: {
      startDate: '2030-03-14',
      endDate: '2030-03-14',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
}

/** A one-mark MCQ whose key is the option at `key`. */
function choice(questionText: string, order: number, key: number) {
  const question = validQuestions.MCQ(order);
  return {
    ...question,
    questionText,
    options: question.options.map((option, index) => ({ ...option, isCorrect: index === key })),
  };
}

/** One section of one-mark MCQs, as the wizard sends an exam's paper. */
function paperOf(name: string, questions: ReturnType<typeof choice>[]) {
  return {
    totalMarks: questions.length,
    passingMarks: 2,
    examSections: [
      {
        name,
        order: '1',
        marks: questions.length,
        questionType: 'MCQ' as const,
        totalQuestions: questions.length,
        timeLimit: 0,
        isOptional: false,
        instructions: [],
      },
    ],
    questions: [questions],
  };
}

const ORIGINAL = paperOf('Choices', [
  choice('Original question one', 1, 0),
  choice('Original question two', 2, 0),
  choice('Original question three', 3, 0),
]);
/** The first question reworded, the second's key moved to option 1, the third replaced by two. */
const EDITED = paperOf('Revised choices', [
  choice('Revised question one', 1, 0),
  choice('Original question two', 2, 1),
  choice('Added question three', 3, 0),
  choice('Added question four', 4, 0),
]);

const detailResponse = successResponse(examDetailDataSchema);
const lobbyResponse = successResponse(lobbyDataSchema);
const resultsResponse = successResponse(examResultsDataSchema);
const regradeResponse = successResponse(regradeDataSchema);
const jobResponse = successResponse(regradeJobSchema);

/** The day `days` after `today`, as a schedule names it. */
const dayAfter = (today: Date, days: number) =>
  localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));

/**
 * An exam of three questions published through process A for the day after tomorrow, with a
 * student of its audience, and the edits process A makes to it.
 */
export async function examToEdit(
  processA: App,
  db: Parameters<typeof createSittingFixture>[1],
  today: Date,
) {
  const fixture = await createSittingFixture(processA, db, today);
  const adminOn = (app: App, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/admin/${path}`,
      headers: bearer(fixture.admin.accessToken),
      ...(payload === undefined ? {} : { payload }),
    });
  const base = validExamPayload({
    ...fixture.audience,
    sectionIds: [fixture.inSection.A],
    examStatus: 'PUBLISH',
  });
  const schedule = (startDate: string, endDate: string) => ({
    startDate,
    endDate,
    bufferTime: { beforeExam: 0, afterExam: 0 },
  });
  const inTwoDays = schedule(dayAfter(today, 2), dayAfter(today, 2));
  const exam = await fixture.exam({ ...base, ...ORIGINAL, scheduleDetails: inTwoDays });
  const edit = async (scheduleDetails: typeof inTwoDays) => {
    const response = await adminOn(processA, 'PUT', `update-exam/${exam._id}`, {
      ...base,
      ...EDITED,
      scheduleDetails,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return {
    fixture,
    exam,
    adminOn,
    student: await fixture.student(fixture.inSection.A),
    /** The ids of the exam's questions as they stand, in order. */
    questionIds: async () => {
      const response = await adminOn(processA, 'GET', `get-exam/${exam._id}`);
      const { questions } = detailResponse.parse(response.json()).data.exam;
      return (questions[0] ?? []).map(({ id }) => id);
    },
    /** Saves the edited paper, still for the day after tomorrow. */
    editPaper: () => edit(inTwoDays),
    /** Saves the edited paper and brings the exam forward: open from today to tomorrow. */
    editAndOpen: () => edit(schedule(localDate(today), dayAfter(today, 1))),
  };
}

/** The exam's sections as the student's lobby lists them, through `app`. */
export async function lobbyOn(app: App, accessToken: string, examId: string) {
  const response = await studentClient(app, accessToken).call('GET', `get-exam/${examId}`);
  expect(response.statusCode, response.body).toBe(200);
  return lobbyResponse.parse(response.json()).data.exam.sections;
}

/** Each submitted attempt's total as the admin's results give it through `app`, by attempt. */
export async function totalsOn(app: App, adminToken: string, examId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/get-exam-results/${examId}?page=1&limit=10`,
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { results } = resultsResponse.parse(response.json()).data;
  return new Map(results.map((result) => [result.attemptId, result.total]));
}

/**
 * The issue this guards against: each server process kept the papers it served, and an edit made
 * in another process went unseen. An exam is published for the day after tomorrow; process B
 * serves its lobby, then process A edits its paper and moves it to today. Through B the student
 * must then see, sit and be scored on the edited paper, and an answer key corrected through A
 * must score B's next saves.
 */
export async function editedInOneProcessSeenInTheOther(
  processA: App,
  processB: App,
  db: Parameters<typeof createSittingFixture>[1],
  today: Date,
) {
  const { fixture, exam, adminOn, student, questionIds, editPaper, editAndOpen } = await examToEdit(
    processA,
    db,
    today,
  );
  const originalIds = await questionIds();
  const onB = studentClient(processB, student.accessToken);
  expect(await lobbyOn(processB, student.accessToken, exam._id)).toMatchObject([
    { name: 'Choices', totalQuestions: 3 },
  ]);

  await editPaper();
  expect(await lobbyOn(processB, student.accessToken, exam._id)).toMatchObject([
    { name: 'Revised choices', totalQuestions: 4, marks: 4 },
  ]);
  // The admin brings it forward to today: open from now on, and still not started by anyone.
  await editAndOpen();
  const editedIds = await questionIds();

  const view = await onB.start(exam._id);
  expect(view.sections.map((section) => section.name)).toEqual(['Revised choices']);
  expect(view.sections[0]?.questions.map((question) => question._id)).toEqual(editedIds);
  expect(view.sections[0]?.questions.map((question) => question.questionText)).toEqual(
    EDITED.questions[0]?.map((question) => question.questionText),
  );
  const attemptId = view.attempt._id;
  const [first, second, , fourth] = editedIds;
  expectError(
    await onB.save(attemptId, {
      seq: 1,
      answers: [{ questionId: originalIds[0], selectedOptionId: '0' }],
    }),
    400,
    {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'answers.0.questionId': ATTEMPT_MESSAGES.questionNotInAttempt },
    },
  );
  const saved = await onB.save(attemptId, {
    seq: 2,
    answers: [
      { questionId: first, selectedOptionId: '0' },
      // Right on the edited key only: the original key was option 0.
      { questionId: second, selectedOptionId: '1' },
      { questionId: fourth, selectedOptionId: '0' },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await onB.submit(attemptId)).statusCode).toBe(200);

  const totalsOnB = () => totalsOn(processB, fixture.admin.accessToken, exam._id);
  expect((await totalsOnB()).get(attemptId)).toBe(3);

  // The key of the second question is corrected again, through A, once the sitting is over.
  const regraded = await adminOn(processA, 'POST', `regrade-question/${exam._id}`, {
    questionId: second,
    correctOptionId: '2',
  });
  expect(regraded.statusCode, regraded.body).toBe(202);
  const jobId = regradeResponse.parse(regraded.json()).data.job?._id;
  for (let poll = 0; ; poll++) {
    const response = await adminOn(processA, 'GET', `get-regrade-job/${jobId}`);
    const job = jobResponse.parse(response.json()).data;
    if (job.status !== 'RUNNING') break;
    expect(poll).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // A student who joins the section afterwards starts through A and answers through B, which
  // last read the paper before the correction.
  const latecomer = await fixture.student(fixture.inSection.A);
  const late = await latecomer.client.start(exam._id);
  const lateOnB = studentClient(processB, latecomer.accessToken);
  const lateSave = await lateOnB.save(late.attempt._id, {
    seq: 1,
    answers: [{ questionId: second, selectedOptionId: '2' }],
  });
  expect(lateSave.statusCode, lateSave.body).toBe(200);
  expect((await lateOnB.submit(late.attempt._id)).statusCode).toBe(200);

  const totals = await totalsOnB();
  expect(totals.get(attemptId)).toBe(2);
  expect(totals.get(late.attempt._id)).toBe(1);
}
