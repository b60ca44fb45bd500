import {
  createExamSchema,
  type ExamStatus,
  examInfoSchemaFor,
  examStructureSchema,
  fieldErrors,
  type MarksWarning,
  marksWarnings,
  questionSchema,
  questionsStepSchemaFor,
  scheduleSchemaFor,
  targetAudienceSchemaFor,
} from '@examiq/contracts';
import type { z } from 'zod';
import type { ExamPayload } from '../api/create-exam';
import {
  drawnTotal,
  type ExamWizardValues,
  type WizardDrawRule,
  type WizardSection,
} from './exam-values';
import { type PaperShares, paperShares } from './paper-shares';

export const STEP_IDS = [
  'examInfo',
  'targetAudience',
  'schedule',
  'examStructure',
  'questions',
] as const;
export type StepId = (typeof STEP_IDS)[number];
export type StepValidity = Record<StepId, boolean>;

export const STEP_TITLES: Record<StepId, string> = {
  examInfo: 'Exam Information',
  targetAudience: 'Target Audience',
  schedule: 'Schedule',
  examStructure: 'Exam Structure',
  questions: 'Questions',
};

/** The top-level form fields each step edits; every field path starts with one of them. */
export const STEP_FIELDS = {
  examInfo: [
    'examTitle',
    'examDescription',
    'subject',
    'totalMarks',
    'passingMarks',
    'duration',
    'examMode',
    'generalInstructions',
    'shuffleQuestions',
    'shuffleOptions',
    'showAnswersAfterPublish',
  ],
  targetAudience: [
    'batchId',
    'courseId',
    'branchId',
    'sectionIds',
    'additionalAudiences',
    'assignedFacultyIds',
    'proctoringThresholds',
  ],
  schedule: ['scheduleDetails'],
  examStructure: ['examSections'],
  questions: ['questions'],
} as const satisfies Record<StepId, readonly (keyof ExamWizardValues)[]>;

export function stepOfPath(path: string): StepId | undefined {
  const root = path.split('.')[0];
  return STEP_IDS.find((step) => (STEP_FIELDS[step] as readonly string[]).includes(root ?? ''));
}

/** Faculty proctor PROCTORING exams only: in AUTO mode the chosen faculty are not sent. */
function facultyOf(values: ExamWizardValues): string[] {
  return values.examMode === 'PROCTORING' ? values.assignedFacultyIds : [];
}

/**
 * A PROCTORING exam's rules as the payload carries them, automatic submission's number only while
 * it is switched on; an AUTO exam has none.
 */
export function thresholdsOf({ examMode, proctoringThresholds }: ExamWizardValues) {
  if (examMode !== 'PROCTORING') return null;
  const { autoSubmit, ...rules } = proctoringThresholds;
  return { ...rules, autoSubmitAfterFlags: autoSubmit ? rules.autoSubmitAfterFlags : null };
}

/** The schedule fields of the chosen mode, as the payload carries them. */
function scheduleOf({ examMode, scheduleDetails }: ExamWizardValues) {
  const { examDate, startTime, endTime, startDate, endDate, bufferTime } = scheduleDetails;
  return examMode === 'PROCTORING'
    ? { examDate, startTime, endTime, bufferTime }
    : {
        startDate,
        endDate,
        // Empty times are left out: the spec's AUTO payload has dates only.
        ...(startTime ? { startTime } : {}),
        ...(endTime ? { endTime } : {}),
        bufferTime,
      };
}

/** A rule as the payload carries it: filters not chosen left out, an emptied count missing. */
function sentRule({ count, difficulty, bloomLevel, courseOutcome, ...rule }: WizardDrawRule) {
  return {
    ...rule,
    count: Number.isFinite(count) ? count : undefined,
    ...(difficulty ? { difficulty } : {}),
    ...(bloomLevel ? { bloomLevel } : {}),
    ...(courseOutcome ? { courseOutcome } : {}),
  };
}

/**
 * A section as the payload carries it, without the screen's own fields: a drawn one with its
 * rules and their counts as its total, a listed one without rules, an empty answer-any left out.
 */
export function sentSection({
  isExpanded: _screenOnly,
  source,
  draw,
  answerAny,
  ...section
}: WizardSection) {
  const choice = Number.isFinite(answerAny) ? { answerAny } : {};
  if (source !== 'DRAWN') return { ...section, ...choice };
  return { ...section, ...choice, totalQuestions: drawnTotal(draw), draw: draw.map(sentRule) };
}

function errorsOf(result: z.ZodSafeParseResult<unknown>, prefix: PropertyKey[] = []) {
  if (result.success) return {};
  return fieldErrors(
    result.error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })),
  );
}

const QUESTION_PATH = /^questions\.(\d+)\.(\d+)(\.|$)/;

/** The field errors of one step, keyed by form path ('examSections.1.name'). */
function stepErrors(
  step: StepId,
  values: ExamWizardValues,
  maxDuration: number,
): Record<string, string> {
  switch (step) {
    case 'examInfo':
      return errorsOf(examInfoSchemaFor(maxDuration).safeParse(values));
    case 'targetAudience':
      return errorsOf(
        targetAudienceSchemaFor(values.examMode).safeParse({
          ...values,
          assignedFacultyIds: facultyOf(values),
          proctoringThresholds: thresholdsOf(values),
        }),
      );
    case 'schedule':
      return errorsOf(scheduleSchemaFor(values.examMode).safeParse(scheduleOf(values)), [
        'scheduleDetails',
      ]);
    case 'examStructure':
      return errorsOf(
        examStructureSchema.safeParse({ examSections: values.examSections.map(sentSection) }),
      );
    case 'questions':
      return errorsOf(
        questionsStepSchemaFor(values.examSections.map(sentSection)).safeParse(values),
      );
  }
}

/**
 * The errors the resolver reports for the fields react-hook-form asks about, the duration held to
 * the institution's maximum. One question's field only needs that question checked, which keeps
 * typing into a 250-question exam cheap.
 */
export function errorsForFields(
  values: ExamWizardValues,
  names: readonly string[] | undefined,
  maxDuration: number,
): Record<string, string> {
  const single = names?.length === 1 ? QUESTION_PATH.exec(names[0] ?? '') : null;
  if (single) {
    const [section, position] = [Number(single[1]), Number(single[2])];
    const question = values.questions[section]?.[position];
    return errorsOf(questionSchema.safeParse(question), ['questions', section, position]);
  }
  const steps = names
    ? STEP_IDS.filter((step) => names.some((name) => stepOfPath(name) === step))
    : STEP_IDS;
  return Object.assign({}, ...steps.map((step) => stepErrors(step, values, maxDuration)));
}

interface WizardStatus {
  validity: StepValidity;
  warnings: MarksWarning[];
  /** The paper's marks by Bloom's level and by difficulty, worked out with the flags. */
  shares: PaperShares;
}

/**
 * Each step's validity flag (spec section 4) and the non-blocking marks warnings. A step holding
 * a field the server refused stays invalid until that field is edited. The questions step needs
 * at least one section to be complete.
 */
export function wizardStatus(
  values: ExamWizardValues,
  maxDuration: number,
  serverErrorPaths: Iterable<string> = [],
): WizardStatus {
  const refused = new Set([...serverErrorPaths].map(stepOfPath));
  const validity = Object.fromEntries(
    STEP_IDS.map((step) => [
      step,
      !refused.has(step) && Object.keys(stepErrors(step, values, maxDuration)).length === 0,
    ]),
  ) as StepValidity;
  validity.questions &&= values.examSections.length > 0;
  return { validity, warnings: marksWarnings(enteredMarks(values)), shares: paperShares(values) };
}

/** An emptied marks input holds NaN, which is not a mark to add up. */
function enteredMarks({ totalMarks, examSections, questions }: ExamWizardValues) {
  const entered = (marks: number) => (Number.isFinite(marks) ? marks : undefined);
  return {
    totalMarks: entered(totalMarks),
    examSections: examSections.map((section) => ({ marks: entered(section.marks) })),
    questions: questions.map((list) =>
      list.map((question) => ({ marks: entered(question.marks) })),
    ),
  };
}

export function sameStatus(a: WizardStatus, b: WizardStatus): boolean {
  return (
    STEP_IDS.every((step) => a.validity[step] === b.validity[step]) &&
    JSON.stringify(a.warnings) === JSON.stringify(b.warnings) &&
    JSON.stringify(a.shares) === JSON.stringify(b.shares)
  );
}

/** Every step's slice of the form, without which there is nothing to send. */
function hasAllStepData(values: Partial<ExamWizardValues>): values is ExamWizardValues {
  return STEP_IDS.every((step) => STEP_FIELDS[step].every((field) => values[field] !== undefined));
}

type PayloadResult =
  | { ok: true; payload: ExamPayload }
  | { ok: false; reason: 'missing' | 'invalid' };

/**
 * The POST /admin/create-exam body. The schedule carries the chosen mode's fields only, faculty
 * and proctoring rules are sent for PROCTORING exams only, and the sections as `sentSection` says.
 */
export function buildPayload(values: Partial<ExamWizardValues>, status: ExamStatus): PayloadResult {
  if (!hasAllStepData(values)) return { ok: false, reason: 'missing' };
  const parsed = createExamSchema.safeParse({
    ...values,
    examStatus: status,
    assignedFacultyIds: facultyOf(values),
    proctoringThresholds: thresholdsOf(values),
    scheduleDetails: scheduleOf(values),
    examSections: values.examSections.map(sentSection),
    // A bank question is sent as its reference: the server copies the bank's Ready version.
    questions: values.questions.map((list) =>
      list.map((question) =>
        question.fromBank ? { bankQuestionId: question.fromBank.bankQuestionId } : question,
      ),
    ),
  });
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  // An exam for one branch is sent as the spec's payload, without the empty list of others.
  const { additionalAudiences, ...spec } = parsed.data;
  const exam = additionalAudiences.length > 0 ? { ...spec, additionalAudiences } : spec;
  if (values.examMode === 'PROCTORING') return { ok: true, payload: exam };
  const { assignedFacultyIds: _proctorsOnly, proctoringThresholds: _rulesOnly, ...payload } = exam;
  return { ok: true, payload };
}
