import {
  DEFAULT_PROCTORING_THRESHOLDS,
  type ExamChangeScope,
  type ExamDetail,
  type ExamListItem,
  examDetailSchema,
  type FacultyOption,
} from '@examiq/contracts';
import { examListItemOf, validExamPayload } from '@examiq/contracts/test-support';
import { type ExamWizardValues, emptyExamValues } from '@/features/exams/wizard/exam-values';
import { ids } from './master-data-fixtures';

export const examIds = {
  section2: '00000000-0000-4000-8000-000000000032',
  facultyUser1: '30000000-0000-4000-8000-000000000001',
  facultyUser2: '30000000-0000-4000-8000-000000000002',
  bankQuestion: '20000000-0000-4000-8000-000000000001',
};

export function makeFacultyOption(overrides: Partial<FacultyOption> = {}): FacultyOption {
  return {
    _id: '20000000-0000-4000-8000-000000000001',
    facultyId: 'FAC-2025-00001',
    userId: { _id: examIds.facultyUser1 },
    personalInfo: { firstName: 'Vikram', lastName: 'Rao' },
    professionalInfo: { department: 'Computer Science', designation: 'Associate Professor' },
    ...overrides,
  };
}

/** A valid create payload for the master data fixtures; PROCTORING when faculty are given. */
export function makeExamPayload(
  options: { assignedFacultyIds?: string[]; examStatus?: 'DRAFT' | 'PUBLISH' } = {},
) {
  return validExamPayload({
    batchId: ids.batch1,
    courseId: ids.course1,
    branchId: ids.branch1,
    sectionIds: [ids.section1],
    ...options,
  });
}

type ExamPayload = ReturnType<typeof makeExamPayload>;

/** The stored exam the server answers a create with. */
export function makeExamRecord(payload: ExamPayload): ExamListItem {
  return examListItemOf(payload, {
    _id: '40000000-0000-4000-8000-000000000001',
    examId: 'EXM-2025-00001',
    createdAt: '2025-01-01T00:00:00.000Z',
  });
}

const emptySchedule = {
  examDate: '',
  startTime: '',
  endTime: '',
  startDate: '',
  endDate: '',
};

/**
 * The wizard's value for a payload, as an admin would have typed it in: sections and questions
 * get ids (`section-1`, `question-1-2`), section cards are open, settings the payload leaves out
 * take the wizard's defaults.
 */
export function wizardValuesOf(payload: ExamPayload): ExamWizardValues {
  const { examStatus: _chosenAtSave, scheduleDetails, ...exam } = payload;
  return {
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswersAfterPublish: true,
    proctoringThresholds: emptyExamValues().proctoringThresholds,
    additionalAudiences: [],
    ...exam,
    scheduleDetails: { ...emptySchedule, ...scheduleDetails },
    examSections: payload.examSections.map((section, index) => ({
      source: 'LISTED' as const,
      draw: [],
      answerAny: Number.NaN,
      ...section,
      id: `section-${index + 1}`,
      isExpanded: true,
    })),
    questions: payload.questions.map((list, section) =>
      list.map((question, position) => ({
        ...question,
        id: `question-${section + 1}-${position + 1}`,
      })),
    ),
  };
}

/** The exam of the exam page's tests. */
export const EXAM_ID = '30000000-0000-4000-8000-000000000001';
const PROCTOR = '50000000-0000-4000-8000-000000000001';

/** A published exam as get-exam answers it, its sections and questions with the server's ids. */
export function makeExamDetail(
  mode: 'PROCTORING' | 'AUTO',
  changeScope: ExamChangeScope,
): ExamDetail {
  const payload = validExamPayload({
    batchId: '00000000-0000-4000-8000-000000000001',
    courseId: '00000000-0000-4000-8000-000000000011',
    branchId: '00000000-0000-4000-8000-000000000021',
    sectionIds: ['00000000-0000-4000-8000-000000000031'],
    assignedFacultyIds: mode === 'PROCTORING' ? [PROCTOR] : [],
    examStatus: 'PUBLISH',
  });
  return examDetailSchema.parse({
    ...payload,
    additionalAudiences: [],
    _id: EXAM_ID,
    examId: 'EXM-0001',
    createdAt: '2025-01-01T00:00:00.000Z',
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswersAfterPublish: true,
    audience: {
      batch: '2024-2028',
      course: 'Bachelor of Technology',
      branch: 'Computer Science (CSE)',
      sections: ['A'],
      groups: [
        { course: 'Bachelor of Technology', branch: 'Computer Science (CSE)', sections: ['A'] },
      ],
      faculty: mode === 'PROCTORING' ? [{ userId: PROCTOR, name: 'Vikram Rao' }] : [],
    },
    proctoringThresholds: mode === 'PROCTORING' ? DEFAULT_PROCTORING_THRESHOLDS : null,
    examSections: payload.examSections.map((section, index) => ({
      ...section,
      id: `section-${index}`,
    })),
    questions: payload.questions.map((list, index) =>
      list.map((question, position) => ({ ...question, id: `question-${index}-${position}` })),
    ),
    startedCount: changeScope === 'FULL' ? 0 : 1,
    inProgressCount: 0,
    canEndNow: false,
    resultsPublished: false,
    changeScope,
  });
}
