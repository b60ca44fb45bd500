import type {
  AnswerFile,
  AnswersToGradeData,
  AnswerToGrade,
  FacultyExam,
  QuestionToGrade,
} from '@examiq/contracts';

export const EXAM_ID = '50000000-0000-4000-8000-000000000001';
const ATTEMPT = (n: number) => `60000000-0000-4000-8000-00000000000${n}`;
export const ESSAY_ID = '70000000-0000-4000-8000-000000000002';
export const SHORT_ID = '70000000-0000-4000-8000-000000000001';
export const UPLOAD_ID = '70000000-0000-4000-8000-000000000003';

const head = {
  _id: EXAM_ID,
  examId: 'EXM-2030-00001',
  examTitle: 'Data Structures Mid-term',
  subject: 'Data Structures',
  examMode: 'AUTO' as const,
  totalMarks: 10,
  passingMarks: 4,
  scheduleDetails: {
    startDate: '2030-03-14',
    endDate: '2030-03-16',
    bufferTime: { beforeExam: 0, afterExam: 0 },
  },
};

export function makeFacultyExam(overrides: Partial<FacultyExam> = {}): FacultyExam {
  return {
    ...head,
    roles: ['EVALUATOR'],
    resultStatus: 'Evaluating',
    gradingProgress: { marked: 3, total: 8 },
    ...overrides,
  };
}

export const shortQuestion: QuestionToGrade = {
  _id: SHORT_ID,
  sectionName: 'Short answers',
  position: 1,
  questionText: 'Define a binary search tree.',
  questionType: 'SHORT_ANSWER',
  marks: 2,
  modelAnswer: null,
  sampleAnswer: 'A binary tree whose in-order traversal is sorted.',
  keywords: ['binary tree', 'sorted'],
  minWordCount: null,
  maxWordCount: null,
  progress: { marked: 2, total: 2 },
};

export const essayQuestion: QuestionToGrade = {
  _id: ESSAY_ID,
  sectionName: 'Essay',
  position: 1,
  questionText: 'Compare quicksort and merge sort.',
  questionType: 'LONG_ANSWER',
  marks: 5,
  modelAnswer: 'Both divide and conquer; merge sort is stable.',
  sampleAnswer: null,
  keywords: ['divide and conquer', 'stable'],
  minWordCount: 150,
  maxWordCount: 500,
  progress: { marked: 0, total: 2 },
};

export const uploadQuestion: QuestionToGrade = {
  _id: UPLOAD_ID,
  sectionName: 'Working',
  position: 1,
  questionText: 'Trace quicksort on the array by hand and upload your working.',
  questionType: 'FILE_UPLOAD',
  marks: 5,
  modelAnswer: null,
  sampleAnswer: null,
  keywords: [],
  minWordCount: null,
  maxWordCount: null,
  progress: { marked: 0, total: 2 },
};

/** A file the first student uploaded to the file upload question. */
export function makeAnswerFile(
  fileName: string,
  contentType: string,
  bytes: number,
  n: number,
): AnswerFile {
  const id = `80000000-0000-4000-8000-00000000000${n}`;
  return {
    _id: id,
    questionId: UPLOAD_ID,
    fileName,
    contentType,
    bytes,
    uploadedAt: '2030-03-14T10:20:00.000Z',
    url: `/api/answer-files/${id}?aud=grading&exp=1900000000&sig=abc`,
  };
}

export function makeAnswer(
  attempt: number,
  questionId: string,
  overrides: Partial<AnswerToGrade> = {},
): AnswerToGrade {
  return {
    _id: `${ATTEMPT(attempt)}.${questionId}`,
    attemptCode: `AAAA-000${attempt}`,
    studentName: null,
    questionId,
    text: 'Merge sort is Stable; both divide and conquer.',
    marks: null,
    comment: null,
    markedAt: null,
    ...overrides,
  };
}

export function makeAnswersData(
  answers: AnswerToGrade[],
  overrides: Partial<AnswersToGradeData> = {},
): AnswersToGradeData {
  return {
    exam: { ...head, resultStatus: 'Evaluating' },
    questions: [shortQuestion, essayQuestion],
    scripts: [
      { attemptCode: 'AAAA-0001', progress: { marked: 1, total: 2 } },
      { attemptCode: 'AAAA-0002', progress: { marked: 1, total: 2 } },
    ],
    answers,
    scoredAnswers: [],
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: answers.length,
      hasNextPage: false,
      hasPreviousPage: false,
    },
    scriptsHeld: false,
    ...overrides,
  };
}
