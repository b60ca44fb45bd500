// The interchange tests' fixtures and expected questions, one file past the usual size: every
// format's tests read the same questions, written once here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createContentParser, type Question, type QuestionDraft } from '@examiq/contracts';
import { zipSync } from 'fflate';
import type { ExportedExam } from './exported-exam';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

/** A fixture file's bytes, by its path under fixtures/. */
export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES, name));
}

/** A folder of fixtures zipped as it stands, e.g. the QTI content package. */
export function zippedFixture(folder: string): Uint8Array {
  const root = path.join(FIXTURES, folder);
  const files: Record<string, Uint8Array> = {};
  const add = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const full = path.join(directory, entry);
      if (statSync(full).isDirectory()) add(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full);
    }
  };
  add(root);
  return zipSync(files);
}

const explanation = 'Explained in week 3: see the notes {page 4} & the "slides".';

/**
 * An exam whose texts hold what each format must escape: GIFT's ~ = # { } : and backslash, XML's
 * < > & and quotes, line breaks, a short answer whose only keyword is its sample answer.
 */
export const trickyExam: ExportedExam = {
  examId: 'EXM-2030-00001',
  examTitle: 'Data Structures: mid-term',
  sections: [
    {
      name: 'Choices',
      questionType: 'MCQ',
      questions: [
        {
          questionText: 'If a = b {and} b ~ c, is #a: a\\b <= c & "d"?\nAnswer on one line.',
          questionType: 'MCQ',
          marks: 3,
          order: 1,
          difficulty: 'HARD',
          explanation,
          options: [
            { text: 'Yes: a = c', isCorrect: false },
            { text: '<never> & {always}', isCorrect: true },
            { text: '~maybe #3', isCorrect: false },
          ],
        },
        {
          questionText: 'Which structure gives O(1) average lookup?',
          questionType: 'MCQ',
          marks: 1,
          order: 2,
          difficulty: 'EASY',
          explanation,
          options: [
            { text: 'Hash table', isCorrect: true },
            { text: 'Linked list', isCorrect: false },
          ],
        },
      ],
    },
    {
      name: 'True or false',
      questionType: 'TRUE_FALSE',
      questions: [
        {
          questionText: 'A queue is last in, first out.',
          questionType: 'TRUE_FALSE',
          marks: 1,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          options: [
            { text: 'True', isCorrect: false },
            { text: 'False', isCorrect: true },
          ],
        },
      ],
    },
    {
      name: 'Short answers',
      questionType: 'SHORT_ANSWER',
      questions: [
        {
          questionText: 'Define a binary search tree.',
          questionType: 'SHORT_ANSWER',
          marks: 2,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          sampleAnswer: 'A binary tree whose in-order traversal is sorted.',
          keywords: ['binary tree', 'sorted = ordered'],
        },
        {
          questionText: 'Name the traversal that visits the root first.',
          questionType: 'SHORT_ANSWER',
          marks: 4,
          order: 2,
          difficulty: 'EASY',
          explanation,
          sampleAnswer: 'Pre-order traversal',
          keywords: ['Pre-order traversal'],
        },
      ],
    },
    {
      name: 'Essay',
      questionType: 'LONG_ANSWER',
      questions: [
        {
          questionText: 'Compare quicksort and merge sort.',
          questionType: 'LONG_ANSWER',
          marks: 10,
          order: 1,
          difficulty: 'HARD',
          explanation,
          modelAnswer:
            'Both divide and conquer.\nMerge sort is stable with O(n log n) worst case; quicksort sorts in place & is O(n^2) at worst.',
          minWordCount: 120,
          maxWordCount: 600,
          keywords: ['divide and conquer', 'stable'],
        },
      ],
    },
    {
      name: 'Select all that apply',
      questionType: 'MULTI_SELECT',
      questions: [
        {
          questionText: 'Which structures keep their keys in order?',
          questionType: 'MULTI_SELECT',
          marks: 3,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          options: [
            { text: 'Red-black tree', isCorrect: true },
            { text: 'Hash table {open ~addressing}', isCorrect: false },
            { text: 'B-tree', isCorrect: true },
            { text: 'Skip list = 50% less code', isCorrect: true },
          ],
          scoring: 'PARTIAL',
        },
        {
          questionText: 'Which sorts are stable?',
          questionType: 'MULTI_SELECT',
          marks: 2,
          order: 2,
          difficulty: 'HARD',
          explanation,
          options: [
            { text: 'Merge sort', isCorrect: true },
            { text: 'Heapsort', isCorrect: false },
          ],
          scoring: 'ALL_OR_NOTHING',
        },
      ],
    },
    {
      name: 'Numbers',
      questionType: 'NUMERICAL',
      questions: [
        {
          questionText: 'What current flows through 1 kΩ at 12 V?',
          questionType: 'NUMERICAL',
          marks: 4,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          numericAnswers: [
            { value: 0.012, tolerance: 0.0005, toleranceType: 'ABSOLUTE', fraction: 1 },
            { value: 12, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 0.5 },
          ],
          units: [
            { unit: 'A', factor: 1 },
            { unit: 'mA', factor: 0.001 },
            { unit: 'µA', factor: 0.000001 },
          ],
          unitPenalty: 0.25,
        },
        {
          questionText: 'How far is the charge of an electron below zero, in coulombs?',
          questionType: 'NUMERICAL',
          marks: 2,
          order: 2,
          difficulty: 'HARD',
          explanation,
          numericAnswers: [
            { value: -1.602e-19, tolerance: 1e-21, toleranceType: 'ABSOLUTE', fraction: 1 },
          ],
          units: [],
          unitPenalty: 0.1,
        },
      ],
    },
  ],
  media: new Map(),
};

/** Blanks of text (one case-sensitive, one with GIFT's and Cloze's special characters) and of a number. */
const blanksQuestion: Extract<Question, { questionType: 'FILL_IN_BLANKS' }> = {
  questionText:
    'Water is [[1]], and a 3.3 kΩ resistor at 1 mA drops [[2]] volts; write [[3]] as given.',
  questionType: 'FILL_IN_BLANKS',
  marks: 3,
  order: 1,
  difficulty: 'MEDIUM',
  explanation,
  blanks: [
    { accepted: ['H2O', 'H₂O'], caseSensitive: true, tolerance: null },
    { accepted: ['3.3', '3.30'], caseSensitive: false, tolerance: 0.1 },
    { accepted: ['a ~ b = {c} #1 / "d"'], caseSensitive: false, tolerance: null },
  ],
};

/** The blanks of partsExam's question: plain text, which every format keeps as it is. */
export const blanksOfParts = blanksQuestion.blanks;

/**
 * One question of each type with parts: blanks of text (one case-sensitive, one with GIFT's and
 * Cloze's special characters) and of a number, pairs with a distractor, items in order.
 */
export const partsExam: ExportedExam = {
  examId: 'EXM-2030-00003',
  examTitle: 'Chemistry: parts',
  sections: [
    {
      name: 'Blanks',
      questionType: 'FILL_IN_BLANKS',
      questions: [blanksQuestion],
    },
    {
      name: 'Pairs',
      questionType: 'MATCHING',
      questions: [
        {
          questionText: 'Match each element with its symbol.',
          questionType: 'MATCHING',
          marks: 2,
          order: 1,
          difficulty: 'EASY',
          explanation,
          pairs: [
            { prompt: 'Sodium', match: 'Na' },
            { prompt: 'Potassium -> K?', match: 'K' },
            { prompt: 'Iron', match: 'Fe' },
          ],
          distractors: ['So'],
        },
      ],
    },
    {
      name: 'Order',
      questionType: 'ORDERING',
      questions: [
        {
          questionText: 'Order these by atomic number, lowest first.',
          questionType: 'ORDERING',
          marks: 4,
          order: 1,
          difficulty: 'HARD',
          explanation,
          items: ['Hydrogen', 'Helium', 'Lithium'],
          scoring: 'PARTIAL',
        },
        {
          questionText: 'Order the halogens down the group.',
          questionType: 'ORDERING',
          marks: 2,
          order: 2,
          difficulty: 'MEDIUM',
          explanation,
          items: ['Fluorine', 'Chlorine', 'Bromine', 'Iodine'],
          scoring: 'ALL_OR_NOTHING',
        },
      ],
    },
  ],
  media: new Map(),
};

/** A numerical question whose tolerance is a percent, which GIFT and Moodle XML have not. */
export const percentExam: ExportedExam = {
  examId: 'EXM-2030-00002',
  examTitle: 'Circuits',
  sections: [
    {
      name: 'Numbers',
      questionType: 'NUMERICAL',
      questions: [
        {
          questionText: 'What current flows through 1 kΩ at 12 V, in amperes?',
          questionType: 'NUMERICAL',
          marks: 2,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          numericAnswers: [
            { value: 0.012, tolerance: 2, toleranceType: 'PERCENT', fraction: 1 },
            { value: -0.012, tolerance: 5, toleranceType: 'PERCENT', fraction: 0.5 },
          ],
          units: [],
          unitPenalty: 0.1,
        },
      ],
    },
  ],
  media: new Map(),
};

/** File upload questions: one PDF, several files of both kinds, the most images of the least size. */
export const uploadsExam: ExportedExam = {
  examId: 'EXM-2030-00004',
  examTitle: 'Mechanics: working',
  sections: [
    {
      name: 'Uploads',
      questionType: 'FILE_UPLOAD',
      questions: [
        {
          questionText: 'Draw the free body diagram of the block on the slope.',
          questionType: 'FILE_UPLOAD',
          marks: 5,
          order: 1,
          difficulty: 'MEDIUM',
          explanation,
          fileTypes: ['PDF'],
          maxFiles: 1,
          maxFileMb: 10,
        },
        {
          questionText: 'Show your working for the speed at the foot of the ramp.',
          questionType: 'FILE_UPLOAD',
          marks: 6,
          order: 2,
          difficulty: 'HARD',
          explanation,
          fileTypes: ['PDF', 'IMAGE'],
          maxFiles: 3,
          maxFileMb: 20,
        },
        {
          questionText: 'Photograph each stage of the titration.',
          questionType: 'FILE_UPLOAD',
          marks: 4,
          order: 3,
          difficulty: 'EASY',
          explanation,
          fileTypes: ['IMAGE'],
          maxFiles: 5,
          maxFileMb: 1,
        },
      ],
    },
  ],
  media: new Map(),
};

/** percentExam's question as GIFT and Moodle XML give it back: each percent of its value. */
export const percentAsAbsolute = [
  { value: 0.012, tolerance: 0.00024, toleranceType: 'ABSOLUTE', fraction: 1 },
  { value: -0.012, tolerance: 0.0006, toleranceType: 'ABSOLUTE', fraction: 0.5 },
];

/** The exam's questions as a file read back should give them: in file order, numbered 1..n. */
export function questionsInFileOrder(exam: ExportedExam) {
  return exam.sections
    .flatMap((section) => section.questions)
    .map((question, index) => ({ ...question, order: index + 1 }));
}

const reader = createContentParser();
const readAs = (source: string) => reader.render(source);

/**
 * Questions as a student sees them: every content field as the shared parser renders it. A file
 * written as HTML and read back gives the same content up to how its Markdown is written
 * (`_a_` or `*a*`, which characters are escaped): the same rendering.
 */
export function asRendered<Q extends QuestionDraft>(questions: Q[]): Q[] {
  return questions.map((question) => ({
    ...question,
    questionText: readAs(question.questionText),
    explanation: readAs(question.explanation),
    ...(question.options
      ? { options: question.options.map((option) => ({ ...option, text: readAs(option.text) })) }
      : {}),
    ...(question.sampleAnswer === undefined ? {} : { sampleAnswer: readAs(question.sampleAnswer) }),
    ...(question.modelAnswer === undefined ? {} : { modelAnswer: readAs(question.modelAnswer) }),
    ...(question.pairs
      ? {
          pairs: question.pairs.map((pair) => ({
            prompt: readAs(pair.prompt),
            match: readAs(pair.match),
          })),
        }
      : {}),
    ...(question.distractors ? { distractors: question.distractors.map(readAs) } : {}),
    ...(question.items ? { items: question.items.map(readAs) } : {}),
  }));
}
