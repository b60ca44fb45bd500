import type { z } from 'zod';
import { fieldErrors } from './api';
import { type ExamListItem, examListItemSchema } from './exams';

/** The `errors` map a request with this value would receive (empty when it is valid). */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
}

const address = {
  street: '12 College Road',
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411001',
  country: 'India',
};

const personalInfo = {
  photo: 'https://example.com/photos/asha.jpg',
  firstName: 'Asha',
  lastName: 'Patel',
  dateOfBirth: '2005-04-12',
  gender: 'FEMALE',
  nationality: 'Indian',
  religion: 'Hindu',
};

const contactInfo = {
  phone: '+91 98765 43210',
  permanentAddress: address,
  currentAddress: { ...address, street: '4 Hostel Lane' },
};

/** A complete, valid create-student payload; ids and email are the caller's. */
export function validStudentPayload(ids: {
  email: string;
  rollNumber: string;
  course: string;
  branch: string;
  section: string;
  batch: string;
}) {
  return {
    email: ids.email,
    rollNumber: ids.rollNumber,
    personalInfo,
    contactInfo,
    familyInfo: {
      father: {
        name: 'Ramesh Patel',
        occupation: 'Engineer',
        phone: '9876543211',
        email: 'ramesh@example.com',
      },
      mother: {
        name: 'Sita Patel',
        occupation: 'Teacher',
        phone: '9876543212',
        email: 'sita@example.com',
      },
      guardian: {
        name: 'Kiran Shah',
        occupation: 'Doctor',
        phone: '9876543213',
        email: 'kiran@example.com',
        relationship: 'Uncle',
      },
    },
    academicInfo: {
      course: ids.course,
      branch: ids.branch,
      section: ids.section,
      semester: 1,
      batch: ids.batch,
      admissionYear: 2024,
      expectedGraduationYear: 2028,
    },
  };
}

/** A complete, valid create-faculty payload. */
export function validFacultyPayload(ids: { email: string; employeeId: string }) {
  return {
    email: ids.email,
    joiningDate: '2020-07-01',
    personalInfo: {
      ...personalInfo,
      firstName: 'Vikram',
      lastName: 'Rao',
      maritalStatus: 'MARRIED',
    },
    contactInfo,
    professionalInfo: {
      employeeId: ids.employeeId,
      department: 'Computer Science',
      designation: 'Associate Professor',
      qualification: [
        { degree: 'M.Tech', institution: 'IIT Bombay', year: 2012, percentage: 82.5 },
      ],
      experience: {
        totalYears: 11,
        previousInstitutions: [
          {
            institutionName: 'VIT Pune',
            designation: 'Assistant Professor',
            duration: '5 years',
            from: '2013-07-01',
            to: '2018-06-30',
          },
        ],
      },
    },
  };
}

const explanation = 'Explained in the lecture notes of week three.';

/** One valid question of each type, numbered by `order`. */
export const validQuestions = {
  MCQ: (order = 1) => ({
    questionText: `Which data structure gives O(1) average lookup? (${order})`,
    questionType: 'MCQ' as const,
    marks: 1,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    options: [
      { text: 'Hash table', isCorrect: true },
      { text: 'Linked list', isCorrect: false },
      { text: 'Binary heap', isCorrect: false },
    ],
  }),
  TRUE_FALSE: (order = 1) => ({
    questionText: `A stack is last in, first out. (${order})`,
    questionType: 'TRUE_FALSE' as const,
    marks: 1,
    order,
    difficulty: 'EASY' as const,
    explanation,
    options: [
      { text: 'True', isCorrect: true },
      { text: 'False', isCorrect: false },
    ],
  }),
  SHORT_ANSWER: (order = 1) => ({
    questionText: `Define a binary search tree. (${order})`,
    questionType: 'SHORT_ANSWER' as const,
    marks: 2,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    sampleAnswer: 'A binary tree whose in-order traversal is sorted.',
    keywords: ['binary tree', 'sorted'],
  }),
  LONG_ANSWER: (order = 1) => ({
    questionText: `Compare quicksort and merge sort. (${order})`,
    questionType: 'LONG_ANSWER' as const,
    marks: 5,
    order,
    difficulty: 'HARD' as const,
    explanation,
    modelAnswer:
      'Both are divide and conquer; merge sort is stable with O(n log n) worst case, quicksort sorts in place.',
    minWordCount: 150,
    maxWordCount: 500,
    keywords: ['divide and conquer', 'stable'],
  }),
  MULTI_SELECT: (order = 1) => ({
    questionText: `Which of these sorts are stable? (${order})`,
    questionType: 'MULTI_SELECT' as const,
    marks: 3,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    options: [
      { text: 'Merge sort', isCorrect: true },
      { text: 'Quicksort', isCorrect: false },
      { text: 'Insertion sort', isCorrect: true },
      { text: 'Heap sort', isCorrect: false },
    ],
    scoring: 'PARTIAL' as const,
  }),
  NUMERICAL: (order = 1) => ({
    questionText: `A 12 V source drives a 1 kΩ resistor. What current flows? (${order})`,
    questionType: 'NUMERICAL' as const,
    marks: 4,
    order,
    difficulty: 'EASY' as const,
    explanation,
    numericAnswers: [
      { value: 0.012, tolerance: 2, toleranceType: 'PERCENT' as const, fraction: 1 },
      { value: 12, tolerance: 0, toleranceType: 'ABSOLUTE' as const, fraction: 0.5 },
    ],
    units: [
      { unit: 'A', factor: 1 },
      { unit: 'mA', factor: 0.001 },
    ],
    unitPenalty: 0.25,
  }),
  FILL_IN_BLANKS: (order = 1) => ({
    questionText: `The unit of resistance is the [[1]], and 1 kΩ carries [[2]] mA at 3.3 V. (${order})`,
    questionType: 'FILL_IN_BLANKS' as const,
    marks: 2,
    order,
    difficulty: 'EASY' as const,
    explanation,
    blanks: [
      { accepted: ['ohm', 'Ω'], caseSensitive: false, tolerance: null },
      { accepted: ['3.3'], caseSensitive: false, tolerance: 0.1 },
    ],
  }),
  MATCHING: (order = 1) => ({
    questionText: `Match each quantity to its SI unit. (${order})`,
    questionType: 'MATCHING' as const,
    marks: 3,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    pairs: [
      { prompt: 'Current', match: 'ampere' },
      { prompt: 'Voltage', match: 'volt' },
      { prompt: 'Resistance', match: 'ohm' },
    ],
    distractors: ['watt'],
  }),
  ORDERING: (order = 1) => ({
    questionText: `Put the stages of a compiler in the order they run. (${order})`,
    questionType: 'ORDERING' as const,
    marks: 3,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    items: ['Lexing', 'Parsing', 'Type checking', 'Code generation'],
    scoring: 'PARTIAL' as const,
  }),
  FILE_UPLOAD: (order = 1) => ({
    questionText: `Derive the current in each branch of the circuit; upload your working. (${order})`,
    questionType: 'FILE_UPLOAD' as const,
    marks: 5,
    order,
    difficulty: 'MEDIUM' as const,
    explanation,
    fileTypes: ['PDF' as const, 'IMAGE' as const],
    maxFiles: 3,
    maxFileMb: 5,
  }),
};

type SectionType = keyof typeof validQuestions;

function section(name: string, order: string, questionType: SectionType, totalQuestions: number) {
  return {
    name,
    order,
    marks: totalQuestions * validQuestions[questionType]().marks,
    questionType,
    totalQuestions,
    timeLimit: 30,
    isOptional: false,
    instructions: ['Answer every question.'],
  };
}

/**
 * A complete, valid create-exam payload with one section of each question type; master data
 * and faculty ids are the caller's. PROCTORING when faculty ids are given, AUTO otherwise.
 */
export function validExamPayload(ids: {
  batchId: string;
  courseId: string;
  branchId: string;
  sectionIds: string[];
  assignedFacultyIds?: string[];
  examStatus?: 'DRAFT' | 'PUBLISH';
}) {
  const proctored = (ids.assignedFacultyIds?.length ?? 0) > 0;
  const sections = [
    section('Multiple choice', '1', 'MCQ', 2),
    section('True or false', '2', 'TRUE_FALSE', 1),
    section('Short answers', 'A', 'SHORT_ANSWER', 1),
    section('Essay', 'B', 'LONG_ANSWER', 1),
  ];
  return {
    examStatus: ids.examStatus ?? 'DRAFT',
    examTitle: 'Data Structures Mid-term',
    examDescription: 'Mid-term examination covering weeks one to six.',
    subject: 'Data Structures',
    totalMarks: 10,
    passingMarks: 4,
    duration: 90,
    examMode: proctored ? ('PROCTORING' as const) : ('AUTO' as const),
    generalInstructions: ['Read every question carefully.', 'No calculators.'],
    batchId: ids.batchId,
    courseId: ids.courseId,
    branchId: ids.branchId,
    sectionIds: ids.sectionIds,
    assignedFacultyIds: ids.assignedFacultyIds ?? [],
    scheduleDetails: proctored
      ? {
          examDate: '2030-03-14',
          startTime: '09:30',
          endTime: '11:00',
          bufferTime: { beforeExam: 15, afterExam: 10 },
        }
      : {
          startDate: '2030-03-14',
          endDate: '2030-03-16',
          bufferTime: { beforeExam: 0, afterExam: 0 },
        },
    examSections: sections,
    questions: sections.map((s) =>
      Array.from({ length: s.totalQuestions }, (_, i) => validQuestions[s.questionType](i + 1)),
    ),
  };
}

/**
 * The list row the API answers for a created exam: the payload's list fields plus what the server
 * assigns. Settings the payload leaves out take the create's defaults.
 */
export function examListItemOf(
  payload: object,
  assigned: { _id: string; examId: string; createdAt: string },
): ExamListItem {
  return examListItemSchema.parse({
    shuffleQuestions: false,
    shuffleOptions: false,
    showAnswersAfterPublish: true,
    ...payload,
    ...assigned,
  });
}
