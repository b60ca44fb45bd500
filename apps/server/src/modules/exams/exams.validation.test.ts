import { randomUUID } from 'node:crypto';
import { createExamSchema, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { errorsOf, validQuestions } from '@examiq/contracts/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../security/support';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import {
  type Audience,
  createAudience,
  type ExamsClient,
  examPayload,
  examsClient,
  mcqExam,
} from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import {
  ABSENT,
  expectRejectedCreate,
  facultyPayload,
  peopleClient,
  withLeaf,
} from '../../test/people';
import { createSignedInUser } from '../../test/users';

// Spec section 5 through the API: each rule of the exam payload answers the contract's message
// keyed by its dotted path (the map the wizard builds), and a refused exam leaves no row behind.

let t: TestApp;
let api: ExamsClient;
let audience: Audience;
let facultyUserId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = examsClient(t.app, admin.accessToken);
  audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024);
  const { faculty } = await peopleClient(t.app, admin.accessToken).faculty(facultyPayload());
  facultyUserId = faculty.userId._id;
});
afterAll(() => t.close());

type Mode = 'AUTO' | 'PROCTORING';

/** A valid exam of the mode with the leaves at the given dotted paths replaced, in order. */
function examWith(mode: Mode, changes: Record<string, unknown>) {
  const valid = examPayload(audience, mode === 'PROCTORING' ? [facultyUserId] : []);
  return Object.entries(changes).reduce<unknown>(
    (payload, [path, value]) => withLeaf(payload, path, value),
    valid,
  );
}

const option = (text: string, isCorrect = false) => ({ text, isCorrect });
const AUTO_SCHEDULE = { startDate: '2030-03-14', endDate: '2030-03-16' };
const PROCTORING_SCHEDULE = { examDate: '2030-03-14', startTime: '09:30', endTime: '11:00' };

async function expectRefused(payload: unknown, errors: Record<string, string>) {
  const before = await countRows(t.database.db);
  await expectRejectedCreate(
    api,
    { path: 'create-exam', schema: createExamSchema },
    payload,
    errors,
  );
  expect(await countRows(t.database.db)).toEqual(before);
}

describe('POST /api/admin/create-exam refuses, storing nothing,', () => {
  it.each<[string, Mode, Record<string, unknown>, Record<string, string>]>([
    [
      'a PROCTORING exam with the AUTO schedule',
      'PROCTORING',
      { scheduleDetails: AUTO_SCHEDULE },
      {
        'scheduleDetails.examDate': 'Exam date is required',
        'scheduleDetails.startTime': 'Start time is required',
        'scheduleDetails.endTime': 'End time is required',
      },
    ],
    [
      'an AUTO exam with the PROCTORING schedule',
      'AUTO',
      { scheduleDetails: PROCTORING_SCHEDULE },
      {
        'scheduleDetails.startDate': 'Start date is required',
        'scheduleDetails.endDate': 'End date is required',
      },
    ],
    [
      'an end time equal to the start time',
      'PROCTORING',
      { 'scheduleDetails.endTime': '09:30' },
      { 'scheduleDetails.endTime': 'End time must be after start time' },
    ],
    [
      'an end time before the start time',
      'PROCTORING',
      { 'scheduleDetails.endTime': '08:00' },
      { 'scheduleDetails.endTime': 'End time must be after start time' },
    ],
    [
      'an end date before the start date',
      'AUTO',
      { 'scheduleDetails.endDate': '2030-03-13' },
      { 'scheduleDetails.endDate': 'End date must be after or same as start date' },
    ],
    [
      'a buffer over an hour',
      'PROCTORING',
      { 'scheduleDetails.bufferTime.afterExam': 61 },
      { 'scheduleDetails.bufferTime.afterExam': 'After exam buffer cannot exceed 60 minutes' },
    ],
    [
      'a PROCTORING exam without faculty',
      'PROCTORING',
      { assignedFacultyIds: [] },
      { assignedFacultyIds: 'Faculty selection is required for proctoring mode' },
    ],
    [
      'an AUTO exam with faculty',
      'AUTO',
      { assignedFacultyIds: [randomUUID()] },
      { assignedFacultyIds: 'Faculty can only be assigned in proctoring mode' },
    ],
    [
      'a faculty id that is not an id',
      'PROCTORING',
      { 'assignedFacultyIds.0': 'nobody' },
      { 'assignedFacultyIds.0': 'Please select a valid faculty member' },
    ],
    [
      'no sections',
      'AUTO',
      { examSections: [], questions: [] },
      { examSections: 'At least one section is required' },
    ],
    [
      'two sections of one name in different cases',
      'AUTO',
      { 'examSections.1.name': ' MULTIPLE choice ' },
      { 'examSections.1.name': 'Section names must be unique' },
    ],
    [
      'two sections of one order',
      'AUTO',
      { 'examSections.2.order': '1' },
      { 'examSections.2.order': 'Section orders must be unique' },
    ],
    [
      'fewer questions than the section’s total',
      'AUTO',
      { 'questions.0': [validQuestions.MCQ(1)] },
      { 'questions.0': 'This section needs exactly 2 questions' },
    ],
    [
      'more questions than the section’s total',
      'AUTO',
      { 'questions.1': [validQuestions.TRUE_FALSE(1), validQuestions.TRUE_FALSE(2)] },
      { 'questions.1': 'This section needs exactly 1 question' },
    ],
    [
      'a question of another type than its section',
      'AUTO',
      { 'questions.1.0': validQuestions.MCQ(1) },
      { 'questions.1.0.questionType': "Question type must match its section's question type" },
    ],
    [
      'an MCQ with one option',
      'AUTO',
      { 'questions.0.0.options': [option('A', true)] },
      { 'questions.0.0.options': 'MCQ must have at least 2 options' },
    ],
    [
      'an MCQ with five options',
      'AUTO',
      {
        'questions.0.0.options': ['A', 'B', 'C', 'D', 'E'].map((text) =>
          option(text, text === 'A'),
        ),
      },
      { 'questions.0.0.options': 'MCQ cannot have more than 4 options' },
    ],
    [
      'an MCQ with no correct option',
      'AUTO',
      { 'questions.0.1.options': [option('A'), option('B')] },
      { 'questions.0.1.options': 'At least one option must be marked as correct' },
    ],
    [
      'an MCQ with two correct options',
      'AUTO',
      { 'questions.0.0.options': [option('A', true), option('B', true), option('C')] },
      { 'questions.0.0.options': 'Only one option can be marked as correct' },
    ],
    [
      'True/False options other than True and False',
      'AUTO',
      { 'questions.1.0.options': [option('Yes', true), option('No')] },
      { 'questions.1.0.options': 'True/False options must be True and False' },
    ],
    [
      'True/False with both options correct',
      'AUTO',
      { 'questions.1.0.options': [option('True', true), option('False', true)] },
      { 'questions.1.0.options': 'Only one option can be marked as correct' },
    ],
    [
      'a long answer whose maximum word count is its minimum',
      'AUTO',
      { 'questions.3.0.maxWordCount': 150 },
      {
        'questions.3.0.maxWordCount': 'Maximum word count must be greater than minimum word count',
      },
    ],
    [
      'a short answer without keywords',
      'AUTO',
      { 'questions.2.0.keywords': [] },
      { 'questions.2.0.keywords': 'At least one keyword is required' },
    ],
    [
      'a long answer without keywords',
      'PROCTORING',
      { 'questions.3.0.keywords': [] },
      { 'questions.3.0.keywords': 'At least one keyword is required' },
    ],
    [
      'passing marks above the total',
      'AUTO',
      { passingMarks: 11 },
      { passingMarks: 'Passing marks cannot exceed total marks' },
    ],
  ])('%s (%s)', async (_, mode, changes, errors) => {
    await expectRefused(examWith(mode, changes), errors);
  });

  it('six sections', async () => {
    await expectRefused(mcqExam(audience, { sections: 6, questionsPerSection: 1 }), {
      examSections: 'Maximum 5 sections allowed',
    });
  });

  it('every broken part at once', async () => {
    await expectRefused(
      examWith('PROCTORING', {
        examTitle: 'ab',
        'scheduleDetails.endTime': '09:00',
        'examSections.2.name': 'ESSAY',
        'questions.0.1.options': [option('Only', true)],
      }),
      {
        examTitle: 'Exam title must be at least 3 characters',
        'scheduleDetails.endTime': 'End time must be after start time',
        'examSections.3.name': 'Section names must be unique',
        'questions.0.1.options': 'MCQ must have at least 2 options',
      },
    );
  });

  it('a request without a body, naming each missing field', async () => {
    const errors = errorsOf(createExamSchema, {});
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['examTitle', 'batchId', 'scheduleDetails', 'examSections']),
    );
    expectError(await api.post('create-exam'), 400, { message: VALIDATION_FAILED_MESSAGE, errors });
  });
});

describe('POST /api/admin/create-exam accepts', () => {
  it.each<[string, Mode, Record<string, unknown>]>([
    ['an AUTO exam ending the day it starts', 'AUTO', { 'scheduleDetails.endDate': '2030-03-14' }],
    ['an exam dated in the past', 'PROCTORING', { 'scheduleDetails.examDate': '2001-09-10' }],
    [
      'marks that do not add up (a warning in the wizard only)',
      'AUTO',
      { totalMarks: 150, 'questions.3.0.marks': 20 },
    ],
    [
      'an optional section without instructions',
      'AUTO',
      { 'examSections.2.isOptional': true, 'examSections.2.instructions': [] },
    ],
  ])('%s', async (_, mode, changes) => {
    const response = await api.post('create-exam', examWith(mode, changes));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('no buffer times and no status, as zero-minute buffers and a DRAFT', async () => {
    const exam = await api.exam(
      examWith('PROCTORING', { 'scheduleDetails.bufferTime': ABSENT, examStatus: ABSENT }),
    );
    expect(exam.examStatus).toBe('DRAFT');
    expect(exam.scheduleDetails.bufferTime).toEqual({ beforeExam: 0, afterExam: 0 });
  });
});
