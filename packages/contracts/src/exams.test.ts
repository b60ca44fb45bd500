import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from './content';
import {
  acceptedAnswerText,
  answerAnyNotice,
  createExamSchema,
  DEFAULT_UPLOAD_SETTINGS,
  DRAW_MESSAGES,
  drawRuleSchema,
  durationLimitMessage,
  examInfoSchemaFor,
  examStructureSchema,
  fileUploadQuestionSchema,
  marksWarnings,
  multiSelectQuestionSchema,
  numericalQuestionSchema,
  questionsStepSchemaFor,
  scheduleSchemaFor,
  scheduleText,
  targetAudienceSchemaFor,
} from './exams';
import { errorsOf, validExamPayload, validQuestions } from './test-support';

const BATCH = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a01';
const COURSE = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a02';
const BRANCH = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a03';
const SECTION = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a04';
const FACULTY = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a05';
const audience = { batchId: BATCH, courseId: COURSE, branchId: BRANCH, sectionIds: [SECTION] };

type Fields = Record<string, unknown>;
interface Exam extends Fields {
  sectionIds: string[];
  assignedFacultyIds: string[];
  scheduleDetails: Fields;
  examSections: Fields[];
  questions: Fields[][];
}
const copy = (value: unknown) => JSON.parse(JSON.stringify(value)) as Exam;
const autoExam = () => copy(validExamPayload(audience));
const proctoredExam = () => copy(validExamPayload({ ...audience, assignedFacultyIds: [FACULTY] }));

function at<T>(list: readonly T[] | undefined, index: number): T {
  const value = list?.[index];
  if (value === undefined) throw new Error(`Nothing at index ${index}`);
  return value;
}
const section = (exam: Exam, index: number) => at(exam.examSections, index);
const question = (exam: Exam, sectionIndex: number, index: number) =>
  at(exam.questions[sectionIndex], index);

/** Applies a change to a fresh valid exam and returns the errors the API would answer. */
function errorsAfter(change: (exam: Exam) => void, exam: Exam = autoExam()) {
  change(exam);
  return errorsOf(createExamSchema, exam);
}

describe('a complete exam', () => {
  it('accepts a valid AUTO and a valid PROCTORING exam', () => {
    expect(errorsOf(createExamSchema, autoExam())).toEqual({});
    expect(errorsOf(createExamSchema, proctoredExam())).toEqual({});
  });

  it('keeps only the chosen mode’s schedule fields and defaults the buffers to 0', () => {
    const exam = autoExam();
    exam.scheduleDetails = {
      startDate: '2030-01-01',
      endDate: '2030-01-01',
      examDate: '2030-02-02',
    };
    expect(createExamSchema.parse(exam).scheduleDetails).toEqual({
      startDate: '2030-01-01',
      endDate: '2030-01-01',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    });
  });

  it('starts as DRAFT when no status is sent, and drops the screen-only isExpanded', () => {
    const exam = autoExam();
    delete exam.examStatus;
    section(exam, 0).isExpanded = true;
    const parsed = createExamSchema.parse(exam);
    expect(parsed.examStatus).toBe('DRAFT');
    expect(parsed.examSections[0]).not.toHaveProperty('isExpanded');
  });

  it('reports every broken part at once, keyed by dotted path', () => {
    expect(
      errorsAfter((exam) => {
        exam.examTitle = 'ab';
        exam.scheduleDetails = { startDate: '2030-05-02', endDate: '2030-05-01' };
        section(exam, 1).name = 'MULTIPLE CHOICE';
        question(exam, 0, 1).options = [{ text: 'Only', isCorrect: true }];
      }),
    ).toEqual({
      examTitle: 'Exam title must be at least 3 characters',
      'scheduleDetails.endDate': 'End date must be after or same as start date',
      'examSections.1.name': 'Section names must be unique',
      'questions.0.1.options': 'MCQ must have at least 2 options',
    });
  });
});

describe('exam details', () => {
  it.each([
    ['examTitle', '', 'Exam title is required'],
    ['examTitle', 'ab', 'Exam title must be at least 3 characters'],
    ['examTitle', 'x'.repeat(101), 'Exam title cannot exceed 100 characters'],
    ['subject', 'x', 'Subject must be at least 2 characters'],
    ['subject', 'x'.repeat(51), 'Subject cannot exceed 50 characters'],
    ['examDescription', 'too short', 'Description must be at least 10 characters'],
    ['examDescription', 'x'.repeat(501), 'Description cannot exceed 500 characters'],
    ['totalMarks', 0, 'Total marks must be at least 1'],
    ['totalMarks', 201, 'Total marks cannot exceed 200'],
    ['totalMarks', Number.NaN, 'Total marks is required'],
    ['passingMarks', 0, 'Passing marks must be at least 1'],
    ['passingMarks', 11, 'Passing marks cannot exceed total marks'],
    ['duration', 0, 'Duration must be at least 1 minute'],
    ['duration', 90.5, 'Duration must be a whole number'],
    ['examMode', 'ONLINE', 'Please select a valid exam mode'],
    ['shuffleQuestions', 'yes', 'Shuffle questions must be true or false'],
    ['shuffleOptions', 1, 'Shuffle options must be true or false'],
    ['shuffleOptions', null, 'Shuffle options must be true or false'],
    ['examStatus', 'ARCHIVED', 'Please select a valid exam status'],
    ['generalInstructions', [], 'At least 1 instruction is required'],
    ['generalInstructions', Array(11).fill('Be on time.'), 'Maximum 10 instructions allowed'],
  ] as const)('%s = %j reads %s', (field, value, message) => {
    const errors = errorsAfter((exam) => Object.assign(exam, { [field]: value }));
    expect(errors[field]).toBe(message);
  });

  it('shuffles neither questions nor options unless asked, and keeps what was asked', () => {
    const parsed = createExamSchema.parse(autoExam());
    expect(parsed).toMatchObject({ shuffleQuestions: false, shuffleOptions: false });
    const both = { ...autoExam(), shuffleQuestions: true, shuffleOptions: true };
    expect(createExamSchema.parse(both)).toMatchObject({
      shuffleQuestions: true,
      shuffleOptions: true,
    });
    expect(examInfoSchemaFor(150).parse({ ...both, shuffleOptions: false })).toMatchObject({
      shuffleQuestions: true,
      shuffleOptions: false,
    });
  });

  it("keeps the spec's 150-minute maximum and message unless the institution raises it", () => {
    expect(errorsOf(examInfoSchemaFor(150), { ...autoExam(), duration: 151 })).toEqual({
      duration: 'Duration cannot exceed 2.5 hours (150 minutes)',
    });
    expect(errorsOf(examInfoSchemaFor(180), { ...autoExam(), duration: 180 })).toEqual({});
    expect(errorsOf(examInfoSchemaFor(180), { ...autoExam(), duration: 181 })).toEqual({
      duration: 'Duration cannot exceed 3 hours (180 minutes)',
    });
  });

  it.each([
    [150, 'Duration cannot exceed 2.5 hours (150 minutes)'],
    [210, 'Duration cannot exceed 3.5 hours (210 minutes)'],
    [200, 'Duration cannot exceed 3 hours 20 minutes (200 minutes)'],
    [600, 'Duration cannot exceed 10 hours (600 minutes)'],
  ])('a maximum of %i minutes reads %s', (maxDuration, message) => {
    expect(durationLimitMessage(maxDuration)).toBe(message);
  });

  it('rejects an empty instruction line under its own index', () => {
    const info = { ...autoExam(), generalInstructions: ['Read carefully.', '   '] };
    expect(errorsOf(examInfoSchemaFor(150), info)).toEqual({
      'generalInstructions.1': 'Instruction cannot be empty',
    });
  });
});

describe('additional audiences', () => {
  const COURSE_2 = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a12';
  const BRANCH_2 = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a13';
  const SECTION_2 = '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a14';
  const group = { courseId: COURSE_2, branchId: BRANCH_2, sectionIds: [SECTION_2] };

  it('defaults to none, so the spec payload is one group', () => {
    expect(createExamSchema.parse(autoExam()).additionalAudiences).toEqual([]);
  });

  it('accepts more branches, of this or another course, each with its sections', () => {
    const other = {
      courseId: COURSE,
      branchId: '6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a15',
      sectionIds: ['6b3f1f1e-2c7a-4a5e-9a61-0d3c3e3c1a16'],
    };
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = [group, other];
      }),
    ).toEqual({});
  });

  it("requires each group's course, branch and at least one section", () => {
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = [{ courseId: '', branchId: 'nope', sectionIds: [] }];
      }),
    ).toEqual({
      'additionalAudiences.0.courseId': 'Course is required',
      'additionalAudiences.0.branchId': 'Please select a valid branch',
      'additionalAudiences.0.sectionIds': 'Section is required',
    });
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = [group, 'ECE'];
      }),
    ).toEqual({ 'additionalAudiences.1': 'Please select a course, branch and sections' });
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = 'ECE';
      }),
    ).toEqual({ additionalAudiences: 'Additional branches must be a list' });
  });

  it('refuses a branch already in the audience where it is repeated', () => {
    const again = { ...group, branchId: BRANCH.toUpperCase() };
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = [group, again, group];
      }),
    ).toEqual({
      'additionalAudiences.1.branchId': 'This branch is already in the audience',
      'additionalAudiences.2.branchId': 'This branch is already in the audience',
    });
    expect(
      errorsOf(targetAudienceSchemaFor('AUTO'), {
        ...audience,
        additionalAudiences: [group, group],
      }),
    ).toEqual({ 'additionalAudiences.1.branchId': 'This branch is already in the audience' });
  });

  it('allows at most 10 more branches', () => {
    const groups = Array.from({ length: 11 }, (_, index) => ({
      ...group,
      branchId: BRANCH_2.replace(/13$/, String(20 + index)),
    }));
    expect(
      errorsAfter((exam) => {
        exam.additionalAudiences = groups;
      }),
    ).toEqual({ additionalAudiences: 'Maximum 10 more branches allowed' });
  });
});

describe('target group', () => {
  it('requires batch, course, branch and at least one section', () => {
    expect(errorsOf(targetAudienceSchemaFor('AUTO'), { sectionIds: [] })).toEqual({
      batchId: 'Batch is required',
      courseId: 'Course is required',
      branchId: 'Branch is required',
      sectionIds: 'Section is required',
    });
  });

  it('requires faculty in PROCTORING mode only, and refuses it in AUTO mode', () => {
    expect(errorsOf(targetAudienceSchemaFor('PROCTORING'), audience)).toEqual({
      assignedFacultyIds: 'Faculty selection is required for proctoring mode',
    });
    expect(errorsOf(targetAudienceSchemaFor('AUTO'), audience)).toEqual({});
    expect(
      errorsAfter((exam) => {
        exam.assignedFacultyIds = [];
      }, proctoredExam()),
    ).toEqual({ assignedFacultyIds: 'Faculty selection is required for proctoring mode' });
    expect(
      errorsAfter((exam) => {
        exam.assignedFacultyIds = [FACULTY];
      }),
    ).toEqual({ assignedFacultyIds: 'Faculty can only be assigned in proctoring mode' });
  });

  it('names a malformed id by its position', () => {
    expect(
      errorsAfter((exam) => {
        exam.sectionIds = [SECTION, 'nope'];
      }),
    ).toEqual({ 'sectionIds.1': 'Please select a valid section' });
  });
});

describe('proctoring rules', () => {
  const withRules = (rules: unknown) => ({ ...proctoredExam(), proctoringThresholds: rules });

  it('defaults a PROCTORING exam to warn at 1 and flag at 3, never submitting by itself', () => {
    const defaults = { warnAt: 1, flagAt: 3, autoSubmitAfterFlags: null };
    expect(createExamSchema.parse(proctoredExam()).proctoringThresholds).toEqual(defaults);
    expect(createExamSchema.parse(withRules(null)).proctoringThresholds).toEqual(defaults);
    expect(createExamSchema.parse(autoExam()).proctoringThresholds).toBeNull();
  });

  it('keeps the rules sent, automatic submission opt-in', () => {
    expect(
      createExamSchema.parse(withRules({ warnAt: 2, flagAt: 2, autoSubmitAfterFlags: 4 }))
        .proctoringThresholds,
    ).toEqual({ warnAt: 2, flagAt: 2, autoSubmitAfterFlags: 4 });
    expect(
      createExamSchema.parse(withRules({ warnAt: 2, flagAt: 5 })).proctoringThresholds,
    ).toEqual({ warnAt: 2, flagAt: 5, autoSubmitAfterFlags: null });
  });

  it.each([
    [{ warnAt: 0, flagAt: 3 }, 'warnAt', 'Warning threshold must be at least 1'],
    [{ warnAt: 21, flagAt: 30 }, 'warnAt', 'Warning threshold cannot exceed 20'],
    [{ warnAt: 1.5, flagAt: 3 }, 'warnAt', 'Warning threshold must be a whole number'],
    [{ flagAt: 3 }, 'warnAt', 'Warning threshold is required'],
    [{ warnAt: 1, flagAt: 51 }, 'flagAt', 'Flag threshold cannot exceed 50'],
    [{ warnAt: 1, flagAt: '3' }, 'flagAt', 'Must be a number'],
    [
      { warnAt: 4, flagAt: 3 },
      'flagAt',
      'Flag threshold cannot be lower than the warning threshold',
    ],
    [
      { warnAt: 1, flagAt: 3, autoSubmitAfterFlags: 0 },
      'autoSubmitAfterFlags',
      'Flags before automatic submission must be at least 1',
    ],
    [
      { warnAt: 1, flagAt: 3, autoSubmitAfterFlags: 21 },
      'autoSubmitAfterFlags',
      'Flags before automatic submission cannot exceed 20',
    ],
  ])('%j reads %s: %s', (rules, field, message) => {
    expect(errorsOf(createExamSchema, withRules(rules))).toEqual({
      [`proctoringThresholds.${field}`]: message,
    });
  });

  it('refuses rules that are not an object, and any rules in AUTO mode', () => {
    expect(errorsOf(createExamSchema, withRules([1, 3]))).toEqual({
      proctoringThresholds: 'Proctoring rules must be an object',
    });
    const rules = { warnAt: 1, flagAt: 3 };
    expect(errorsAfter((exam) => Object.assign(exam, { proctoringThresholds: rules }))).toEqual({
      proctoringThresholds: 'Proctoring rules can only be set in proctoring mode',
    });
    expect(
      errorsOf(targetAudienceSchemaFor('AUTO'), { ...audience, proctoringThresholds: rules }),
    ).toEqual({ proctoringThresholds: 'Proctoring rules can only be set in proctoring mode' });
    expect(errorsAfter((exam) => Object.assign(exam, { proctoringThresholds: null }))).toEqual({});
  });
});

describe('schedule', () => {
  const proctoring = scheduleSchemaFor('PROCTORING');
  const auto = scheduleSchemaFor('AUTO');

  it('PROCTORING requires a date and start and end times, the end after the start', () => {
    expect(errorsOf(proctoring, {})).toEqual({
      examDate: 'Exam date is required',
      startTime: 'Start time is required',
      endTime: 'End time is required',
    });
    expect(
      errorsOf(proctoring, { examDate: '2030-01-01', startTime: '10:00', endTime: '10:00' }),
    ).toEqual({ endTime: 'End time must be after start time' });
    expect(
      errorsOf(proctoring, { examDate: '2030-02-30', startTime: '25:00', endTime: '11:00' }),
    ).toEqual({ examDate: 'Please enter a valid date', startTime: 'Please enter a valid time' });
  });

  it('AUTO requires start and end dates, the end on or after the start', () => {
    expect(errorsOf(auto, {})).toEqual({
      startDate: 'Start date is required',
      endDate: 'End date is required',
    });
    expect(errorsOf(auto, { startDate: '2030-01-02', endDate: '2030-01-01' })).toEqual({
      endDate: 'End date must be after or same as start date',
    });
    expect(errorsOf(auto, { startDate: '2030-01-02', endDate: '2030-01-02' })).toEqual({});
  });

  it('AUTO takes optional clock times, the end after the start on a one-day window', () => {
    const day = { startDate: '2030-01-02', endDate: '2030-01-02' };
    expect(auto.parse({ ...day, startTime: '09:00', endTime: '17:00' })).toMatchObject({
      startTime: '09:00',
      endTime: '17:00',
    });
    // A form's empty time is the day's default, not an error.
    expect(auto.parse({ ...day, startTime: '', endTime: '' })).toMatchObject({
      startTime: undefined,
      endTime: undefined,
    });
    expect(errorsOf(auto, { ...day, startTime: '17:00', endTime: '09:00' })).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(errorsOf(auto, { ...day, startTime: '09:00', endTime: '09:00' })).toEqual({
      endTime: 'End time must be after start time',
    });
    // Midnight as the end of a one-day window ends it before it begins.
    expect(errorsOf(auto, { ...day, endTime: '00:00' })).toEqual({
      endTime: 'End time must be after start time',
    });
    expect(errorsOf(auto, { ...day, startTime: '23:59' })).toEqual({});
    expect(
      errorsOf(auto, {
        startDate: '2030-01-02',
        endDate: '2030-01-03',
        startTime: '17:00',
        endTime: '09:00',
      }),
    ).toEqual({});
    expect(errorsOf(auto, { ...day, startTime: '9am', endTime: '24:00' })).toEqual({
      startTime: 'Please enter a valid time',
      endTime: 'Please enter a valid time',
    });
  });

  it('buffers are whole minutes from 0 to 60', () => {
    const dates = { startDate: '2030-01-01', endDate: '2030-01-02' };
    expect(errorsOf(auto, { ...dates, bufferTime: { beforeExam: -1, afterExam: 61 } })).toEqual({
      'bufferTime.beforeExam': 'Before exam buffer cannot be negative',
      'bufferTime.afterExam': 'After exam buffer cannot exceed 60 minutes',
    });
  });

  it('is checked against the mode of the whole exam', () => {
    expect(
      errorsAfter((exam) => {
        exam.scheduleDetails = { startDate: '2030-01-01', endDate: '2030-01-02' };
      }, proctoredExam()),
    ).toEqual({
      'scheduleDetails.examDate': 'Exam date is required',
      'scheduleDetails.startTime': 'Start time is required',
      'scheduleDetails.endTime': 'End time is required',
    });
  });
});

describe('exam sections', () => {
  it.each([
    ['name', 'ab', 'Section name must be at least 3 characters'],
    ['name', 'x'.repeat(51), 'Section name cannot exceed 50 characters'],
    ['order', ' ', 'Section order is required'],
    ['marks', 0, 'Section marks must be at least 1'],
    ['marks', 101, 'Section marks cannot exceed 100'],
    ['questionType', 'ESSAY', 'Please select a valid question type'],
    ['totalQuestions', 0, 'Total questions must be at least 1'],
    ['totalQuestions', 51, 'Total questions cannot exceed 50'],
    ['timeLimit', -1, 'Time limit cannot be negative'],
    ['timeLimit', 181, 'Time limit cannot exceed 180 minutes'],
    ['instructions', Array(11).fill('Read.'), 'Maximum 10 instructions allowed'],
  ] as const)('%s = %j reads %s', (field, value, message) => {
    const exam = autoExam();
    Object.assign(section(exam, 0), { [field]: value });
    expect(errorsOf(examStructureSchema, exam)[`examSections.0.${field}`]).toBe(message);
  });

  it('needs 1 to 5 sections with unique names (any case) and unique orders', () => {
    expect(errorsOf(examStructureSchema, { examSections: [] })).toEqual({
      examSections: 'At least one section is required',
    });
    const six = autoExam().examSections.concat(autoExam().examSections.slice(0, 2));
    six.forEach((examSection, index) => {
      examSection.name = `Section ${index}`;
      examSection.order = String(index);
    });
    expect(errorsOf(examStructureSchema, { examSections: six })).toEqual({
      examSections: 'Maximum 5 sections allowed',
    });
    const exam = autoExam();
    section(exam, 2).name = ' essay ';
    section(exam, 3).order = '1';
    expect(errorsOf(examStructureSchema, exam)).toEqual({
      'examSections.3.name': 'Section names must be unique',
      'examSections.3.order': 'Section orders must be unique',
    });
  });
});

describe('drawn sections and internal choice', () => {
  const rule = (count: number, more: Fields = {}) => ({
    courseId: COURSE,
    category: 'Unit 3',
    count,
    ...more,
  });
  /** The first section (2 MCQs, 2 marks) drawn by the given rules. */
  const drawn =
    (rules: Fields[], more: Fields = {}) =>
    (exam: Exam) => {
      Object.assign(section(exam, 0), { draw: rules, ...more });
      exam.questions[0] = [];
    };

  it('takes rules whose counts add up to the total, with no questions listed', () => {
    expect(
      errorsAfter(drawn([rule(1, { difficulty: 'EASY' }), rule(1, { difficulty: 'HARD' })])),
    ).toEqual({});
  });

  it('refuses counts that do not add up, questions listed beside rules, and uneven marks', () => {
    expect(errorsAfter(drawn([rule(3)]))).toEqual({
      'examSections.0.draw': 'The rules draw 3 questions; the section has 2',
    });
    expect(
      errorsAfter((exam) => {
        section(exam, 0).draw = [rule(2)];
      }),
    ).toEqual({ 'questions.0': DRAW_MESSAGES.noQuestionsListed });
    expect(errorsAfter(drawn([rule(2)], { marks: 3 }))).toEqual({
      'examSections.0.marks': DRAW_MESSAGES.marksPerQuestion,
    });
  });

  it('checks each rule field with its own message', () => {
    expect(
      errorsOf(drawRuleSchema, {
        courseId: 'x',
        count: 0,
        bloomLevel: 'KNOW',
        courseOutcome: 'CO0',
      }),
    ).toEqual({
      courseId: 'Please select a valid course',
      count: 'Count must be at least 1',
      bloomLevel: "Please select a valid Bloom's level",
      courseOutcome: 'Course outcome codes are CO1 to CO20',
    });
    expect(drawRuleSchema.parse(rule(1))).toMatchObject({ includeSubcategories: true, tags: [] });
  });

  it('keeps answer any below the total, and counts marks over the answers that count', () => {
    expect(errorsAfter((exam) => Object.assign(section(exam, 0), { answerAny: 2 }))).toEqual({
      'examSections.0.answerAny': 'Answer any must be less than the total questions',
    });
    expect(errorsAfter((exam) => Object.assign(section(exam, 0), { answerAny: 1 }))).toEqual({});
    // 2 marks over the 1 answer that counts: 2 marks each, whole.
    expect(errorsAfter(drawn([rule(2)], { answerAny: 1 }))).toEqual({});
    expect(answerAnyNotice(5, 8)).toBe(
      'Answer any 5 of these 8 questions. If you answer more, your best 5 count.',
    );
  });

  it('names the category and the filters a rule cannot fill, as the wizard shows it', () => {
    const hard = drawRuleSchema.parse(rule(5, { difficulty: 'HARD' }));
    expect(DRAW_MESSAGES.cannotFill(hard, 4)).toBe(
      'Unit 3 has only 4 Hard questions; this rule needs 5',
    );
    const top = drawRuleSchema.parse({ courseId: COURSE, count: 2, tags: ['ohm'] });
    expect(DRAW_MESSAGES.cannotFill(top, 1)).toBe(
      'The bank has only 1 question tagged ohm; this rule needs 2',
    );
  });
});

describe('questions', () => {
  it.each([
    ['questionText', 'Too short', 'Question text must be at least 10 characters'],
    ['questionText', 'x'.repeat(1001), 'Question text cannot exceed 1000 characters'],
    ['marks', 0, 'Marks must be at least 1'],
    ['marks', 21, 'Marks cannot exceed 20'],
    ['order', 0, 'Order must be at least 1'],
    ['difficulty', 'EXTREME', 'Please select a valid difficulty'],
    ['explanation', '', 'Explanation is required'],
    ['explanation', 'x'.repeat(501), 'Explanation cannot exceed 500 characters'],
  ] as const)('%s = %j reads %s', (field, value, message) => {
    const errors = errorsAfter((exam) => Object.assign(question(exam, 0, 0), { [field]: value }));
    expect(errors[`questions.0.0.${field}`]).toBe(message);
  });

  it('takes { bankQuestionId } in a question’s place, with its own messages', () => {
    const withReference = (reference: unknown) =>
      errorsAfter((exam) => {
        (exam.questions[0] as unknown[])[0] = reference;
      });
    const id = '0190a0a0-0000-7000-8000-000000000000';
    expect(withReference({ bankQuestionId: id })).toEqual({});
    expect(withReference({ bankQuestionId: 'x' })).toEqual({
      'questions.0.0.bankQuestionId': 'Please select a valid bank question',
    });
    expect(withReference({ bankQuestionId: id, marks: 2 })).toEqual({
      'questions.0.0': 'A question from a bank carries its bankQuestionId only',
    });
    // Without the key, the written question's rules and paths as before.
    expect(withReference({ questionType: 'MCQ' })['questions.0.0.questionText']).toBe(
      'Question text is required',
    );
  });

  it('counts a question’s 1,000 characters on what a reader reads, not on its formulas', () => {
    const errors = errorsAfter((exam) => {
      question(exam, 0, 0).questionText = `Evaluate the sum.\n\n$$${'x+'.repeat(600)}1$$`;
    });
    expect(errors['questions.0.0.questionText']).toBeUndefined();
  });

  it('reports an image from elsewhere, without alt text, on the field that holds it', () => {
    const errors = errorsAfter((exam) => {
      question(exam, 0, 0).options = [
        { text: 'Hash table', isCorrect: true },
        { text: '![](https://evil.example/x.png)', isCorrect: false },
      ];
    });
    expect(errors['questions.0.0.options.1.text']).toBe(CONTENT_MESSAGES.imageSource);
  });

  it('MCQ: 2 to 4 options of 1-200 characters with exactly one correct', () => {
    const mcq = (options: { text: string; isCorrect: boolean }[]) =>
      errorsAfter((exam) => {
        question(exam, 0, 0).options = options;
      });
    const option = (text: string, isCorrect = false) => ({ text, isCorrect });
    expect(mcq([option('A', true)])['questions.0.0.options']).toBe(
      'MCQ must have at least 2 options',
    );
    expect(
      mcq(['A', 'B', 'C', 'D', 'E'].map((t) => option(t, t === 'A')))['questions.0.0.options'],
    ).toBe('MCQ cannot have more than 4 options');
    expect(mcq([option('A'), option('B')])['questions.0.0.options']).toBe(
      'At least one option must be marked as correct',
    );
    expect(mcq([option('A', true), option('B', true)])['questions.0.0.options']).toBe(
      'Only one option can be marked as correct',
    );
    expect(mcq([option('', true), option('x'.repeat(201))])).toEqual({
      'questions.0.0.options.0.text': 'Option text is required',
      'questions.0.0.options.1.text': 'Option text cannot exceed 200 characters',
    });
  });

  it('TRUE_FALSE: exactly the options True and False, one of them correct', () => {
    const trueFalse = (options: { text: string; isCorrect: boolean }[]) =>
      errorsAfter((exam) => {
        question(exam, 1, 0).options = options;
      })['questions.1.0.options'];
    expect(trueFalse([{ text: 'True', isCorrect: true }])).toBe(
      'True/False questions must have exactly 2 options',
    );
    expect(
      trueFalse([
        { text: 'Yes', isCorrect: true },
        { text: 'No', isCorrect: false },
      ]),
    ).toBe('True/False options must be True and False');
    expect(
      trueFalse([
        { text: 'True', isCorrect: false },
        { text: 'False', isCorrect: false },
      ]),
    ).toBe('At least one option must be marked as correct');
  });

  it('SHORT_ANSWER: a sample answer of 10-500 characters and 1-10 keywords', () => {
    expect(
      errorsAfter((exam) => {
        Object.assign(question(exam, 2, 0), { sampleAnswer: 'short', keywords: [] });
      }),
    ).toEqual({
      'questions.2.0.sampleAnswer': 'Sample answer must be at least 10 characters',
      'questions.2.0.keywords': 'At least one keyword is required',
    });
    expect(
      errorsAfter((exam) => {
        Object.assign(question(exam, 2, 0), { keywords: Array(11).fill('tree') });
      }),
    ).toEqual({ 'questions.2.0.keywords': 'Maximum 10 keywords allowed' });
  });

  it('LONG_ANSWER: model answer 50-2000, word counts 50-1000 and 100-2000, max above min', () => {
    const longAnswer = (change: Record<string, unknown>) =>
      errorsAfter((exam) => {
        Object.assign(question(exam, 3, 0), change);
      });
    expect(longAnswer({ modelAnswer: 'Too short to be a model answer.' })).toEqual({
      'questions.3.0.modelAnswer': 'Model answer must be at least 50 characters',
    });
    expect(longAnswer({ minWordCount: 49, maxWordCount: 2001 })).toEqual({
      'questions.3.0.minWordCount': 'Minimum word count must be at least 50',
      'questions.3.0.maxWordCount': 'Maximum word count cannot exceed 2000',
    });
    expect(longAnswer({ minWordCount: 400, maxWordCount: 300 })).toEqual({
      'questions.3.0.maxWordCount': 'Maximum word count must be greater than minimum word count',
    });
  });

  it('MULTI_SELECT: 2 to 10 options, at least one correct, any number correct, a scoring rule', () => {
    const multiSelect = (change: Record<string, unknown>) =>
      errorsOf(multiSelectQuestionSchema, { ...validQuestions.MULTI_SELECT(), ...change });
    const option = (text: string, isCorrect = false) => ({ text, isCorrect });
    expect(multiSelect({ options: [option('A', true)] })).toEqual({
      options: 'Multiple select must have at least 2 options',
    });
    expect(
      multiSelect({ options: Array.from({ length: 11 }, (_, i) => option(`${i}`, true)) }),
    ).toEqual({
      options: 'Multiple select cannot have more than 10 options',
    });
    expect(multiSelect({ options: [option('A'), option('B')] })).toEqual({
      options: 'At least one option must be marked as correct',
    });
    expect(multiSelect({ options: [option('A', true), option('B', true)] })).toEqual({});
    expect(multiSelect({ scoring: 'HALF' })).toEqual({
      scoring: 'Please select a valid scoring rule',
    });
    const { scoring: _scoring, ...withoutRule } = validQuestions.MULTI_SELECT();
    expect(multiSelectQuestionSchema.parse(withoutRule).scoring).toBe('PARTIAL');
  });

  it('NUMERICAL: 1 to 5 accepted answers, one of full marks, tolerances, fractions, units and their penalty', () => {
    const numerical = (change: Record<string, unknown>) =>
      errorsOf(numericalQuestionSchema, { ...validQuestions.NUMERICAL(), ...change });
    const answer = (value: unknown, extra: Record<string, unknown> = {}) => ({ value, ...extra });
    expect(numerical({ numericAnswers: [] })).toEqual({
      numericAnswers: 'At least one accepted answer is required',
    });
    expect(numerical({ numericAnswers: Array.from({ length: 6 }, (_, i) => answer(i)) })).toEqual({
      numericAnswers: 'Maximum 5 accepted answers allowed',
    });
    expect(numerical({ numericAnswers: [answer(1, { fraction: 0.5 })] })).toEqual({
      numericAnswers: 'At least one accepted answer must earn full marks',
    });
    expect(
      numerical({
        numericAnswers: [
          answer(undefined),
          answer(1, { tolerance: -0.1, toleranceType: 'RELATIVE', fraction: 1.5 }),
        ],
      }),
    ).toEqual({
      'numericAnswers.0.value': 'Value is required',
      'numericAnswers.1.tolerance': 'Tolerance cannot be negative',
      'numericAnswers.1.toleranceType': 'Please select a valid tolerance type',
      'numericAnswers.1.fraction': 'Fraction must be between 0 and 1',
    });
    expect(
      numerical({
        units: [
          { unit: 'mA', factor: 0.001 },
          { unit: 'mA', factor: 0 },
          { unit: '', factor: 1 },
        ],
        unitPenalty: -0.5,
      }),
    ).toEqual({
      'units.0.factor': 'The first unit is the answer’s own: its factor must be 1',
      'units.1.unit': 'Units must be unique',
      'units.1.factor': 'Factor must be greater than 0',
      'units.2.unit': 'Unit is required',
      unitPenalty: 'Unit penalty must be between 0 and 1',
    });
    const parsed = numericalQuestionSchema.parse({
      ...validQuestions.NUMERICAL(),
      numericAnswers: [{ value: 9.81 }],
      units: undefined,
      unitPenalty: undefined,
    });
    expect(parsed).toMatchObject({
      numericAnswers: [{ value: 9.81, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
      units: [],
      unitPenalty: 0.1,
    });
  });

  it('FILE_UPLOAD: one or both kinds of file, each once, 1 to 5 files of 1 to 20 MB', () => {
    const upload = (change: Fields) =>
      errorsOf(fileUploadQuestionSchema, { ...validQuestions.FILE_UPLOAD(1), ...change });
    expect(upload({})).toEqual({});
    expect(upload({ fileTypes: [] })).toEqual({ fileTypes: 'Choose at least one kind of file' });
    expect(upload({ fileTypes: 'PDF' })).toEqual({ fileTypes: 'Choose at least one kind of file' });
    expect(upload({ fileTypes: ['PDF', 'PDF'] })).toEqual({
      fileTypes: 'Each kind of file can be chosen once',
    });
    expect(upload({ fileTypes: ['WORD'] })).toEqual({
      'fileTypes.0': 'Please select a valid kind of file',
    });
    expect(upload({ maxFiles: 0, maxFileMb: 0 })).toEqual({
      maxFiles: 'Maximum files must be at least 1',
      maxFileMb: 'Maximum file size must be at least 1 MB',
    });
    expect(upload({ maxFiles: 6, maxFileMb: 21 })).toEqual({
      maxFiles: 'Maximum files cannot exceed 5',
      maxFileMb: 'Maximum file size cannot exceed 20 MB',
    });
    expect(upload({ maxFiles: 1.5 })).toEqual({ maxFiles: 'Maximum files must be a whole number' });
    const { maxFiles: _files, maxFileMb: _mb, ...withoutLimits } = validQuestions.FILE_UPLOAD(1);
    expect(fileUploadQuestionSchema.parse(withoutLimits)).toMatchObject(DEFAULT_UPLOAD_SETTINGS);
  });

  it('writes an accepted answer as a reader reads it', () => {
    const answer = { value: 0.012, tolerance: 2, toleranceType: 'PERCENT', fraction: 1 } as const;
    expect(acceptedAnswerText(answer, 'A')).toBe('0.012 ± 2% A');
    expect(acceptedAnswerText({ ...answer, tolerance: 0.5, toleranceType: 'ABSOLUTE' })).toBe(
      '0.012 ± 0.5',
    );
    expect(acceptedAnswerText({ ...answer, tolerance: 0, fraction: 0.5 }, 'A')).toBe(
      '0.012 A (50%)',
    );
  });

  it('each section has exactly its total of questions, all of its type', () => {
    expect(
      errorsAfter((exam) => {
        at(exam.questions, 0).pop();
        at(exam.questions, 1)[0] = validQuestions.MCQ(1);
      }),
    ).toEqual({
      'questions.0': 'This section needs exactly 2 questions',
      'questions.1.0.questionType': "Question type must match its section's question type",
    });
    const sections = autoExam().examSections;
    expect(errorsOf(questionsStepSchemaFor(sections), { questions: [[]] })).toEqual({
      questions: 'Each section needs its list of questions',
    });
  });

  it('an unknown question type is named', () => {
    expect(
      errorsAfter((exam) => {
        Object.assign(question(exam, 0, 0), { questionType: 'ESSAY' });
      })['questions.0.0.questionType'],
    ).toBe('Please select a valid question type');
  });
});

describe('schedule text', () => {
  it('reads a single date, a range, or nothing', () => {
    expect(scheduleText({ examDate: '2030-03-14', startTime: '09:30' })).toBe(
      '2030-03-14 at 09:30',
    );
    expect(scheduleText({ startDate: '2030-03-14', endDate: '2030-03-16' })).toBe(
      '2030-03-14 - 2030-03-16',
    );
    expect(scheduleText({ startDate: '2030-03-14', endDate: '2030-03-14', endTime: '17:00' })).toBe(
      '2030-03-14 - 2030-03-14 17:00',
    );
    expect(scheduleText({})).toBe('Not scheduled');
    expect(scheduleText(null)).toBe('Not scheduled');
  });
});

describe('marks warnings', () => {
  it('warns when section marks miss the total or question marks miss their section', () => {
    expect(marksWarnings(autoExam())).toEqual([]);
    const exam = autoExam();
    exam.totalMarks = 12;
    question(exam, 3, 0).marks = 4;
    expect(marksWarnings(exam)).toEqual([
      {
        path: 'examSections',
        message: "Section marks add up to 10, but the exam's total marks are 12",
      },
      { path: 'questions.3', message: "Question marks add up to 4, but the section's marks are 5" },
    ]);
  });
});
