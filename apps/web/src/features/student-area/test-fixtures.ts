import type {
  AttemptView,
  LobbyData,
  MyExam,
  SaveAnswersResult,
  StudentSection,
} from '@examiq/contracts';

/** The server's time in every fixture: the exams below are scheduled around it. */
export const SERVER_NOW = '2030-03-14T09:40:00.000Z';

export const ids = {
  exam: '40000000-0000-4000-8000-000000000001',
  attempt: '50000000-0000-4000-8000-000000000001',
  sectionA: '60000000-0000-4000-8000-00000000000a',
  sectionB: '60000000-0000-4000-8000-00000000000b',
  sectionC: '60000000-0000-4000-8000-00000000000c',
  mcq1: '70000000-0000-4000-8000-000000000001',
  mcq2: '70000000-0000-4000-8000-000000000002',
  trueFalse: '70000000-0000-4000-8000-000000000003',
  short: '70000000-0000-4000-8000-000000000004',
  essay: '70000000-0000-4000-8000-000000000005',
  multiSelect: '70000000-0000-4000-8000-000000000006',
  numerical: '70000000-0000-4000-8000-000000000007',
  fillIn: '70000000-0000-4000-8000-000000000008',
  matching: '70000000-0000-4000-8000-000000000009',
  ordering: '70000000-0000-4000-8000-00000000000a',
  upload: '70000000-0000-4000-8000-00000000000b',
};

export function makeMyExam(overrides: Partial<MyExam> = {}): MyExam {
  return {
    _id: ids.exam,
    examId: 'EXM-2030-00001',
    examTitle: 'Data Structures Mid-term',
    subject: 'Data Structures',
    examMode: 'PROCTORING',
    duration: 60,
    totalMarks: 50,
    passingMarks: 20,
    scheduleDetails: {
      examDate: '2030-03-14',
      startTime: '09:30',
      endTime: '11:00',
      bufferTime: { beforeExam: 15, afterExam: 0 },
    },
    availability: 'OPEN',
    lobbyOpensAt: '2030-03-14T09:15:00.000Z',
    startsAt: '2030-03-14T09:30:00.000Z',
    endsAt: '2030-03-14T11:00:00.000Z',
    attempt: null,
    resultsPublished: false,
    ...overrides,
  };
}

export function makeLobby(overrides: Partial<LobbyData['exam']> = {}, serverNow = SERVER_NOW) {
  return {
    exam: {
      ...makeMyExam(),
      examDescription: 'Arrays, linked lists, stacks and queues.',
      generalInstructions: ['Answer every question.', 'Calculators are not allowed.'],
      sections: [
        {
          _id: ids.sectionA,
          name: 'Multiple choice',
          questionType: 'MCQ',
          totalQuestions: 2,
          marks: 10,
          timeLimit: 0,
          isOptional: false,
          instructions: [],
          answerAny: null,
        },
        {
          _id: ids.sectionC,
          name: 'Essay',
          questionType: 'LONG_ANSWER',
          totalQuestions: 1,
          marks: 20,
          timeLimit: 20,
          isOptional: true,
          instructions: [],
          answerAny: null,
        },
      ],
      ...overrides,
    },
    serverNow,
  } satisfies LobbyData;
}

const sections: StudentSection[] = [
  {
    _id: ids.sectionA,
    name: 'Multiple choice',
    instructions: ['Choose one option.'],
    timeLimit: 0,
    isOptional: false,
    deadlineAt: null,
    totalQuestions: 2,
    answerAny: null,
    questions: [
      {
        _id: ids.mcq1,
        questionText: 'Which structure removes the newest item first?',
        questionType: 'MCQ',
        marks: 2,
        options: [
          { _id: '2', text: 'Heap' },
          { _id: '0', text: 'Stack' },
          { _id: '1', text: 'Queue' },
        ],
      },
      {
        _id: ids.mcq2,
        questionText: 'Which structure serves requests in arrival order?',
        questionType: 'MCQ',
        marks: 2,
        options: [
          { _id: '0', text: 'Stack' },
          { _id: '1', text: 'Queue' },
        ],
      },
    ],
  },
  {
    _id: ids.sectionB,
    name: 'Short questions',
    instructions: [],
    timeLimit: 0,
    isOptional: false,
    deadlineAt: null,
    totalQuestions: 2,
    answerAny: null,
    questions: [
      {
        _id: ids.trueFalse,
        questionText: 'A queue removes the oldest item first.',
        questionType: 'TRUE_FALSE',
        marks: 1,
        options: [
          { _id: '0', text: 'True' },
          { _id: '1', text: 'False' },
        ],
      },
      {
        _id: ids.short,
        questionText: 'Name the structure behind recursion.',
        questionType: 'SHORT_ANSWER',
        marks: 2,
      },
    ],
  },
  {
    _id: ids.sectionC,
    name: 'Essay',
    instructions: ['Write in full sentences.'],
    timeLimit: 0,
    isOptional: false,
    deadlineAt: null,
    totalQuestions: 1,
    answerAny: null,
    questions: [
      {
        _id: ids.essay,
        questionText: 'Compare arrays and linked lists.',
        questionType: 'LONG_ANSWER',
        marks: 5,
        minWordCount: 5,
        maxWordCount: 10,
      },
    ],
  },
];

/** A section with a multiple select question (its options shuffled) and a numerical one. */
export const newTypesSection = makeSection(0, {
  name: 'Circuits',
  instructions: [],
  questions: [
    {
      _id: ids.multiSelect,
      questionText: 'Which of these conduct electricity?',
      questionType: 'MULTI_SELECT',
      marks: 2,
      options: [
        { _id: '2', text: 'Aluminium' },
        { _id: '0', text: 'Copper' },
        { _id: '1', text: 'Glass' },
      ],
    },
    {
      _id: ids.numerical,
      questionText: 'What current flows through 1 kΩ at 12 V?',
      questionType: 'NUMERICAL',
      marks: 2,
      units: ['A', 'mA'],
    },
  ],
});

/** A section with a fill-in-the-blanks, a matching and an ordering question, as shuffled for one student. */
export const partsSection = makeSection(0, {
  name: 'Circuits',
  instructions: [],
  totalQuestions: 3,
  questions: [
    {
      _id: ids.fillIn,
      questionText: 'Resistance is measured in [[1]]; 12 V across 1 kΩ drives [[2]] mA.',
      questionType: 'FILL_IN_BLANKS',
      marks: 2,
      blankCount: 2,
    },
    {
      _id: ids.matching,
      questionText: 'Match each material with what it is.',
      questionType: 'MATCHING',
      marks: 2,
      prompts: [
        { _id: 'p-cu', text: 'Copper' },
        { _id: 'p-glass', text: 'Glass' },
      ],
      matches: [
        { _id: 'm-ins', text: 'Insulator' },
        { _id: 'm-super', text: 'Superconductor' },
        { _id: 'm-con', text: 'Conductor' },
      ],
    },
    {
      _id: ids.ordering,
      questionText: 'Put the steps of the measurement in order.',
      questionType: 'ORDERING',
      marks: 2,
      items: [
        { _id: 'i-read', text: 'Read the ammeter' },
        { _id: 'i-on', text: 'Switch the supply on' },
        { _id: 'i-off', text: 'Switch the supply off' },
      ],
    },
  ],
});

/** A section with a file upload question: up to 2 files, PDF or images, 5 MB each. */
export const uploadSection = makeSection(0, {
  name: 'Working',
  instructions: [],
  totalQuestions: 1,
  questions: [
    {
      _id: ids.upload,
      questionText: 'Show your working for the circuit, on paper.',
      questionType: 'FILE_UPLOAD',
      marks: 5,
      fileTypes: ['PDF', 'IMAGE'],
      maxFiles: 2,
      maxFileMb: 5,
    },
  ],
});

export function makeSection(index: number, overrides: Partial<StudentSection> = {}) {
  return { ...(sections[index] as StudentSection), ...overrides };
}

export function makeAttemptView(overrides: Partial<AttemptView> = {}): AttemptView {
  return {
    attempt: {
      _id: ids.attempt,
      status: 'IN_PROGRESS',
      startedAt: '2030-03-14T09:30:00.000Z',
      deadlineAt: '2030-03-14T10:30:00.000Z',
      submittedAt: null,
      submitTrigger: null,
      lastSeq: 7,
    },
    exam: {
      _id: ids.exam,
      examTitle: 'Data Structures Mid-term',
      subject: 'Data Structures',
      examMode: 'AUTO',
      duration: 60,
      totalMarks: 50,
    },
    serverNow: SERVER_NOW,
    remainingMs: 50 * 60_000,
    sections,
    answers: [],
    files: [],
    ...overrides,
  };
}

/** A save's answer as the server would give it for `seq`, 50 minutes before the deadline. */
export function makeSaveResult(
  ackSeq: number,
  overrides: Partial<SaveAnswersResult> = {},
): SaveAnswersResult {
  return {
    ackSeq,
    remainingMs: 50 * 60_000,
    status: 'IN_PROGRESS',
    deadlineAt: '2030-03-14T10:30:00.000Z',
    conflict: false,
    closedSectionIds: [],
    ...overrides,
  };
}
