import { SPEC_MAX_EXAM_DURATION } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { examIds, makeExamPayload, wizardValuesOf } from '@/test/exam-fixtures';
import { type ExamWizardValues, emptyExamValues } from './exam-values';
import { buildPayload, errorsForFields, stepOfPath, wizardStatus } from './steps';

/** The institution's maximum duration when no setting raised it. */
const MAX = SPEC_MAX_EXAM_DURATION;
const autoValues = () => wizardValuesOf(makeExamPayload());
const proctoredValues = () =>
  wizardValuesOf(makeExamPayload({ assignedFacultyIds: [examIds.facultyUser1] }));

describe('wizardStatus', () => {
  it('marks every step valid for a complete exam', () => {
    expect(wizardStatus(autoValues(), MAX).validity).toEqual({
      examInfo: true,
      targetAudience: true,
      schedule: true,
      examStructure: true,
      questions: true,
    });
  });

  it('marks every step invalid for a new exam, questions included while there are no sections', () => {
    expect(Object.values(wizardStatus(emptyExamValues(), MAX).validity)).toEqual(
      Array(5).fill(false),
    );
  });

  it('needs faculty in PROCTORING mode only, and the schedule fields of the chosen mode', () => {
    const values = autoValues();
    values.examMode = 'PROCTORING';
    expect(wizardStatus(values, MAX).validity).toMatchObject({
      targetAudience: false,
      schedule: false,
    });
    values.assignedFacultyIds = [examIds.facultyUser1];
    values.scheduleDetails = {
      ...values.scheduleDetails,
      examDate: '2030-03-14',
      startTime: '09:00',
      endTime: '10:00',
    };
    expect(wizardStatus(values, MAX).validity).toMatchObject({
      targetAudience: true,
      schedule: true,
    });
    values.examMode = 'AUTO';
    expect(wizardStatus(values, MAX).validity).toMatchObject({
      targetAudience: true,
      schedule: true,
    });
  });

  it('checks the proctoring rules with the audience, in PROCTORING mode only', () => {
    const values = proctoredValues();
    values.proctoringThresholds.flagAt = 0;
    values.proctoringThresholds.autoSubmitAfterFlags = Number.NaN;
    expect(wizardStatus(values, MAX).validity.targetAudience).toBe(false);
    expect(errorsForFields(values, ['proctoringThresholds.flagAt'], MAX)).toEqual({
      'proctoringThresholds.flagAt': 'Flag threshold must be at least 1',
    });
    // The number of flags counts only once automatic submission is turned on.
    values.proctoringThresholds.flagAt = 3;
    expect(wizardStatus(values, MAX).validity.targetAudience).toBe(true);
    values.proctoringThresholds.autoSubmit = true;
    expect(errorsForFields(values, ['proctoringThresholds.autoSubmitAfterFlags'], MAX)).toEqual({
      'proctoringThresholds.autoSubmitAfterFlags': 'Flags before automatic submission is required',
    });
    values.examMode = 'AUTO';
    values.assignedFacultyIds = [];
    expect(errorsForFields(values, ['proctoringThresholds.autoSubmitAfterFlags'], MAX)).toEqual({});
  });

  it('keeps a step the server refused invalid', () => {
    const { validity } = wizardStatus(autoValues(), MAX, ['examSections.1.name']);
    expect(validity).toMatchObject({ examStructure: false, questions: true });
  });

  it('warns, without failing, when marks do not add up', () => {
    const values = autoValues();
    values.totalMarks = 50;
    const status = wizardStatus(values, MAX);
    expect(status.validity.examInfo).toBe(true);
    expect(status.warnings).toEqual([
      {
        path: 'examSections',
        message: "Section marks add up to 10, but the exam's total marks are 50",
      },
    ]);
  });
});

function validQuestion(values: ExamWizardValues) {
  const [question] = values.questions.flat();
  if (!question) throw new Error('The fixture has questions');
  return question;
}

describe('errorsForFields', () => {
  it("checks only one question for a question's field", () => {
    const values = autoValues();
    values.questions[0]?.splice(1, 1, { ...validQuestion(values), questionText: 'Short' });
    values.examTitle = '';
    expect(errorsForFields(values, ['questions.0.1.questionText'], MAX)).toEqual({
      'questions.0.1.questionText': 'Question text must be at least 10 characters',
    });
  });

  it('checks the steps of the fields asked about, with form paths', () => {
    const values = autoValues();
    values.examTitle = '';
    values.scheduleDetails.endDate = '2030-03-01';
    expect(errorsForFields(values, ['scheduleDetails.endDate'], MAX)).toEqual({
      'scheduleDetails.endDate': 'End date must be after or same as start date',
    });
    expect(errorsForFields(values, undefined, MAX)).toMatchObject({
      examTitle: 'Exam title is required',
    });
  });
});

describe("the duration under the institution's maximum", () => {
  it("refuses more than 150 minutes in the spec's words by default, and names a raised maximum", () => {
    const values = { ...autoValues(), duration: 180 };
    expect(errorsForFields(values, ['duration'], MAX)).toEqual({
      duration: 'Duration cannot exceed 2.5 hours (150 minutes)',
    });
    expect(wizardStatus(values, MAX).validity.examInfo).toBe(false);
    expect(errorsForFields(values, ['duration'], 180)).toEqual({});
    expect(wizardStatus(values, 180).validity.examInfo).toBe(true);
    expect(errorsForFields({ ...values, duration: 181 }, ['duration'], 180)).toEqual({
      duration: 'Duration cannot exceed 3 hours (180 minutes)',
    });
  });
});

describe('stepOfPath', () => {
  it('finds the step holding a field', () => {
    expect(stepOfPath('courseId')).toBe('targetAudience');
    expect(stepOfPath('proctoringThresholds.flagAt')).toBe('targetAudience');
    expect(stepOfPath('scheduleDetails.bufferTime.afterExam')).toBe('schedule');
    expect(stepOfPath('examSections.1.name')).toBe('examStructure');
    expect(stepOfPath('questions.0.2.options')).toBe('questions');
    expect(stepOfPath('_root')).toBeUndefined();
  });
});

describe('added branches', () => {
  const COURSE = '00000000-0000-4000-8000-000000000012';
  const BRANCH = '00000000-0000-4000-8000-000000000022';
  const SECTION = '00000000-0000-4000-8000-000000000032';

  it('keeps the Target Audience step invalid until each added group is complete', () => {
    const values = autoValues();
    values.additionalAudiences = [{ courseId: COURSE, branchId: '', sectionIds: [] }];
    expect(wizardStatus(values, MAX).validity.targetAudience).toBe(false);
    expect(errorsForFields(values, ['additionalAudiences'], MAX)).toEqual({
      'additionalAudiences.0.branchId': 'Branch is required',
      'additionalAudiences.0.sectionIds': 'Section is required',
    });
    values.additionalAudiences = [{ courseId: COURSE, branchId: BRANCH, sectionIds: [SECTION] }];
    expect(wizardStatus(values, MAX).validity.targetAudience).toBe(true);
    values.additionalAudiences.push({ courseId: COURSE, branchId: BRANCH, sectionIds: [SECTION] });
    expect(errorsForFields(values, ['additionalAudiences'], MAX)).toEqual({
      'additionalAudiences.1.branchId': 'This branch is already in the audience',
    });
  });

  it('sends the added groups, and leaves the list out of an exam for one branch', () => {
    const values = autoValues();
    expect(buildPayload(values, 'DRAFT')).not.toHaveProperty('payload.additionalAudiences');
    const group = { courseId: COURSE, branchId: BRANCH, sectionIds: [SECTION] };
    values.additionalAudiences = [group];
    expect(buildPayload(values, 'DRAFT')).toHaveProperty('payload.additionalAudiences', [group]);
  });
});

describe('buildPayload', () => {
  it('sends an AUTO exam with its date range and without faculty or screen-only fields', () => {
    const values = autoValues();
    values.assignedFacultyIds = [examIds.facultyUser1];
    values.scheduleDetails.examDate = '2030-01-01';
    values.shuffleQuestions = true;
    const result = buildPayload(values, 'PUBLISH');
    const { assignedFacultyIds: _none, ...expected } = makeExamPayload({ examStatus: 'PUBLISH' });
    expect(result).toEqual({
      ok: true,
      payload: {
        ...expected,
        shuffleQuestions: true,
        shuffleOptions: false,
        showAnswersAfterPublish: true,
        examSections: expected.examSections.map((section, index) => ({
          ...section,
          id: `section-${index + 1}`,
        })),
        questions: expected.questions.map((list, section) =>
          list.map((question, position) => ({
            ...question,
            id: `question-${section + 1}-${position + 1}`,
          })),
        ),
      },
    });
  });

  it('sends an AUTO exam’s clock times only when filled in, and checks them', () => {
    const values = autoValues();
    const dates = {
      startDate: values.scheduleDetails.startDate,
      endDate: values.scheduleDetails.startDate,
    };
    values.scheduleDetails = {
      ...values.scheduleDetails,
      ...dates,
      startTime: '09:00',
      endTime: '',
    };
    const result = buildPayload(values, 'DRAFT');
    expect(result.ok && result.payload.scheduleDetails).toEqual({
      ...dates,
      startTime: '09:00',
      bufferTime: values.scheduleDetails.bufferTime,
    });
    values.scheduleDetails.endTime = '08:00';
    expect(errorsForFields(values, ['scheduleDetails.endTime'], MAX)).toEqual({
      'scheduleDetails.endTime': 'End time must be after start time',
    });
  });

  it('sends a PROCTORING exam with its faculty and one date between two times', () => {
    const result = buildPayload(proctoredValues(), 'DRAFT');
    expect(result.ok && result.payload).toMatchObject({
      examStatus: 'DRAFT',
      examMode: 'PROCTORING',
      assignedFacultyIds: [examIds.facultyUser1],
      scheduleDetails: {
        examDate: '2030-03-14',
        startTime: '09:30',
        endTime: '11:00',
        bufferTime: { beforeExam: 15, afterExam: 10 },
      },
    });
    expect(result.ok && result.payload.scheduleDetails).not.toHaveProperty('startDate');
  });

  it('sends a PROCTORING exam’s rules, the number of flags only while automatic submission is on', () => {
    const values = proctoredValues();
    values.proctoringThresholds = {
      warnAt: 2,
      flagAt: 4,
      autoSubmit: false,
      autoSubmitAfterFlags: 6,
    };
    const off = buildPayload(values, 'DRAFT');
    expect(off.ok && off.payload.proctoringThresholds).toEqual({
      warnAt: 2,
      flagAt: 4,
      autoSubmitAfterFlags: null,
    });
    values.proctoringThresholds.autoSubmit = true;
    const on = buildPayload(values, 'DRAFT');
    expect(on.ok && on.payload.proctoringThresholds).toEqual({
      warnAt: 2,
      flagAt: 4,
      autoSubmitAfterFlags: 6,
    });
    const auto = buildPayload({ ...values, examMode: 'AUTO', assignedFacultyIds: [] }, 'DRAFT');
    expect(auto.ok && auto.payload).not.toHaveProperty('proctoringThresholds');
  });

  it('sends a bank question as its reference, and an edited copy as the exam’s own', () => {
    const values = autoValues();
    const [first, second] = values.questions[0] ?? [];
    if (!first || !second) throw new Error('The fixture has two questions');
    const link = { bankQuestionId: examIds.bankQuestion, version: 3, place: 'B.Tech › Unit 3' };
    values.questions[0] = [{ ...first, fromBank: link }, second];
    const linked = buildPayload(values, 'DRAFT');
    expect(linked.ok && linked.payload.questions[0]?.[0]).toEqual({
      bankQuestionId: examIds.bankQuestion,
    });
    values.questions[0] = [{ ...first, savedToBank: link }, second];
    const own = buildPayload(values, 'DRAFT');
    expect(own.ok && own.payload.questions[0]?.[0]).toMatchObject({
      questionText: first.questionText,
    });
    expect(own.ok && own.payload.questions[0]?.[0]).not.toHaveProperty('savedToBank');
  });

  it('reports missing step data and an invalid exam apart', () => {
    const { questions: _missing, ...partial } = autoValues();
    expect(buildPayload(partial, 'DRAFT')).toEqual({ ok: false, reason: 'missing' });
    expect(buildPayload(emptyExamValues(), 'DRAFT')).toEqual({ ok: false, reason: 'invalid' });
  });
});
