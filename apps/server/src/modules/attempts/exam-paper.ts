import {
  type BlankKey,
  blankNumbers,
  type FileKind,
  type NumericAnswer,
  type NumericUnit,
  type QuestionType,
  type ScoringRule,
} from '@examiq/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  blanksOf,
  correctOptionsOf,
  itemsOf,
  matchingPartsOf,
  numericAnswersOf,
  orderOf,
  pairsOf,
  scoringRuleOf,
  unitsOf,
  uploadSettingsOf,
} from '../../db/question-columns';
import {
  type AttemptLayoutColumn,
  examSections,
  exams,
  type MatchingKeyPair,
  type QuestionPart,
  questions,
} from '../../db/schema';
import { mediaIdsOf } from '../media/media-links';

export interface PaperQuestion {
  id: string;
  sectionId: string;
  questionText: string;
  questionType: QuestionType;
  marks: number;
  /** The options' texts in their stored order (choice questions), else null. */
  options: string[] | null;
  minWordCount: number | null;
  maxWordCount: number | null;
  /** A numerical question's units as a student chooses them, else null. */
  units: string[] | null;
  /** A fill-in-the-blanks question's number of blanks, else null. */
  blankCount: number | null;
  /** A matching question's prompts and the matches offered (pairs' then distractors), else null. */
  prompts: QuestionPart[] | null;
  matches: QuestionPart[] | null;
  /** An ordering question's items, in an order that is not the key's, else null. */
  items: QuestionPart[] | null;
  /** A file upload question's kinds of file, how many it takes and the size of each, else null. */
  upload: { fileTypes: FileKind[]; maxFiles: number; maxFileMb: number } | null;
  /** The images its text and options show, read once per paper rather than per request. */
  mediaIds: string[];
  /** In a drawn section's pool, its rule's index (a student gets it only if drawn); else null. */
  drawRule: number | null;
  /** The bank question it is a copy of, if any: never shown to a student. */
  bankQuestionId: string | null;
}

/** A draw rule's pool: the questions the rule draws `count` of for each attempt. */
export interface DrawPool {
  courseId: string;
  count: number;
  questions: PaperQuestion[];
}

export interface PaperSection {
  id: string;
  name: string;
  questionType: QuestionType;
  totalQuestions: number;
  marks: number;
  timeLimit: number;
  isOptional: boolean;
  instructions: string[];
  /** Internal choice: the student's best K answers count; null when every question counts. */
  answerAny: number | null;
  /** The images its instructions show. */
  mediaIds: string[];
  /** Its listed questions, which every student gets; none in a drawn section. */
  questions: PaperQuestion[];
  /** A drawn section's pools, by rule; none in a listed section. */
  pools: DrawPool[];
}

/** The key of a question whose answer is more than one option. */
export type QuestionKey =
  | { questionType: 'MULTI_SELECT'; correctOptions: ReadonlySet<number>; scoring: ScoringRule }
  | {
      questionType: 'NUMERICAL';
      numericAnswers: NumericAnswer[];
      units: NumericUnit[];
      unitPenalty: number;
    }
  | { questionType: 'FILL_IN_BLANKS'; blanks: BlankKey[] }
  /** Each prompt's id with its match's, in the prompts' order. */
  | { questionType: 'MATCHING'; pairs: MatchingKeyPair[] }
  /** The items' ids in the right order. */
  | { questionType: 'ORDERING'; order: string[]; scoring: ScoringRule };

/**
 * An exam's sections and questions as students see them, and apart from them the keys: the correct
 * option of each single-choice question and the key of each other scored one, which score an
 * answer as it is saved and are never sent to a student. `version` is the exam's paper version the
 * rows were read with.
 */
export interface ExamPaper {
  version: string;
  sections: PaperSection[];
  sectionById: Map<string, PaperSection>;
  questionById: Map<string, PaperQuestion>;
  correctOptionById: Map<string, number>;
  keyById: Map<string, QuestionKey>;
}

/** The key a question scored by more than one option is scored by, from its stored columns. */
export function keyOf(row: {
  questionType: QuestionType;
  settings: typeof questions.$inferSelect.settings;
  answerKey: typeof questions.$inferSelect.answerKey;
}): QuestionKey | null {
  switch (row.questionType) {
    case 'MULTI_SELECT':
      return {
        questionType: 'MULTI_SELECT',
        correctOptions: new Set(correctOptionsOf(row.answerKey)),
        scoring: scoringRuleOf(row.settings),
      };
    case 'NUMERICAL':
      return {
        questionType: 'NUMERICAL',
        numericAnswers: numericAnswersOf(row.answerKey),
        ...unitsOf(row.settings),
      };
    case 'FILL_IN_BLANKS':
      return { questionType: 'FILL_IN_BLANKS', blanks: blanksOf(row.answerKey) };
    case 'MATCHING':
      return { questionType: 'MATCHING', pairs: pairsOf(row.answerKey) };
    case 'ORDERING':
      return {
        questionType: 'ORDERING',
        order: orderOf(row.answerKey),
        scoring: scoringRuleOf(row.settings),
      };
    default:
      return null;
  }
}

/**
 * What a student is shown of a question beyond its text and options. Matches are offered in
 * alphabetical order and items sorted by their random ids unless the attempt shuffles them: the
 * order they were written in is the key's.
 */
function partsOf(
  row: Pick<typeof questions.$inferSelect, 'questionType' | 'questionText' | 'settings'>,
  key: QuestionKey | null,
) {
  const { prompts, matches } = matchingPartsOf(row.settings);
  const byText = (a: QuestionPart, b: QuestionPart) => a.text.localeCompare(b.text);
  return {
    units: key?.questionType === 'NUMERICAL' ? key.units.map(({ unit }) => unit) : null,
    blankCount:
      row.questionType === 'FILL_IN_BLANKS' ? blankNumbers(row.questionText).length : null,
    prompts: row.questionType === 'MATCHING' ? prompts : null,
    matches: row.questionType === 'MATCHING' ? [...matches].sort(byText) : null,
    items:
      row.questionType === 'ORDERING'
        ? [...itemsOf(row.settings)].sort((a, b) => (a.id < b.id ? -1 : 1))
        : null,
    upload: row.questionType === 'FILE_UPLOAD' ? uploadSettingsOf(row.settings) : null,
  };
}

/**
 * Every question of an exam in order (a drawn section's pools too), with the correct option but no
 * written answer's key, and the paper version of the same snapshot. An exam without sections gives one row of nulls.
 */
const paperRows = perDatabase((db) =>
  db
    .select({
      version: exams.paperVersion,
      section: {
        id: examSections.id,
        name: examSections.name,
        questionType: examSections.questionType,
        totalQuestions: examSections.totalQuestions,
        marks: examSections.marks,
        timeLimit: examSections.timeLimitMinutes,
        isOptional: examSections.isOptional,
        instructions: examSections.instructions,
        answerAny: examSections.answerAny,
      },
      draw: examSections.draw,
      question: {
        id: questions.id,
        questionText: questions.questionText,
        questionType: questions.questionType,
        marks: questions.marks,
        options: questions.options,
        minWordCount: questions.minWordCount,
        maxWordCount: questions.maxWordCount,
        drawRule: questions.drawRule,
        bankQuestionId: questions.bankQuestionId,
      },
      correctOption: questions.correctOption,
      settings: questions.settings,
      answerKey: questions.answerKey,
    })
    .from(exams)
    .leftJoin(examSections, eq(examSections.examId, exams.id))
    .leftJoin(questions, eq(questions.sectionId, examSections.id))
    .where(eq(exams.id, sql.placeholder('examId')))
    .orderBy(asc(examSections.position), asc(questions.position))
    .prepare('exam_paper'),
);

/** The paper of an exam that is gone: nothing in it, and a version no exam has. */
const NO_PAPER_VERSION = '';

async function readPaper(db: AppDatabase, examId: string): Promise<ExamPaper> {
  const rows = await paperRows(db).execute({ examId });
  const sectionById = new Map<string, PaperSection>();
  const questionById = new Map<string, PaperQuestion>();
  const correctOptionById = new Map<string, number>();
  const keyById = new Map<string, QuestionKey>();
  for (const { section, draw, question, correctOption, settings, answerKey } of rows) {
    if (!section) continue;
    let paperSection = sectionById.get(section.id);
    if (!paperSection) {
      paperSection = {
        ...section,
        mediaIds: [...mediaIdsOf(section.instructions)],
        questions: [],
        pools: (draw ?? []).map((rule) => ({
          courseId: rule.courseId,
          count: rule.count,
          questions: [],
        })),
      };
      sectionById.set(section.id, paperSection);
    }
    if (question) {
      const key = keyOf({ questionType: question.questionType, settings, answerKey });
      const parts = partsOf({ ...question, settings }, key);
      const partTexts = [parts.prompts, parts.matches, parts.items].flatMap(
        (list) => list?.map((item) => item.text) ?? [],
      );
      const paperQuestion = {
        ...question,
        ...parts,
        sectionId: section.id,
        mediaIds: [
          ...mediaIdsOf([question.questionText, ...(question.options ?? []), ...partTexts]),
        ],
      };
      const list =
        question.drawRule === null
          ? paperSection.questions
          : paperSection.pools[question.drawRule]?.questions;
      list?.push(paperQuestion);
      questionById.set(question.id, paperQuestion);
      if (correctOption !== null) correctOptionById.set(question.id, correctOption);
      if (key) keyById.set(question.id, key);
    }
  }
  return {
    version: rows[0]?.version ?? NO_PAPER_VERSION,
    sections: [...sectionById.values()],
    sectionById,
    questionById,
    correctOptionById,
    keyById,
  };
}

/**
 * The newest paper this server process has read of each exam being sat: every student of an exam
 * gets the same paper, or one drawn from its pools, so a thousand students starting at once cost
 * one read. Any process may
 * edit the exam, so a paper is used only for the version its caller read with the exam (or, on
 * the save path, checked against it by the save's own statement) and read again when that
 * differs. Kept as the read in flight, which callers asking meanwhile share.
 */
const papers = perDatabase(() => new LRUCache<string, Promise<ExamPaper>>({ max: 500 }));

/** Reads the exam's paper anew and keeps it as the newest, for the callers that come after. */
function readAndKeep(db: AppDatabase, examId: string): Promise<ExamPaper> {
  const kept = papers(db);
  const reading = readPaper(db, examId);
  kept.set(examId, reading);
  reading.catch(() => {
    if (kept.get(examId) === reading) kept.delete(examId);
  });
  return reading;
}

/**
 * The exam's paper as it stands at `version`, the paper version read with the exam. A caller whose
 * exam was read just before an edit may get the edited paper: it is as if it had come a moment
 * later.
 */
export async function examPaper(
  db: AppDatabase,
  examId: string,
  version: string,
): Promise<ExamPaper> {
  const kept = papers(db);
  const held = kept.get(examId);
  if (held) {
    const paper = await held;
    if (paper.version === version) return paper;
    // Another caller that found the same old paper may have started the new read already.
    const newer = kept.get(examId);
    if (newer && newer !== held) {
      const newerPaper = await newer;
      if (newerPaper.version === version) return newerPaper;
    }
  }
  return readAndKeep(db, examId);
}

/**
 * The newest paper of the exam this process has, unchecked: for the save path, whose statement
 * writes only while the exam's paper version is still this paper's.
 */
export function newestPaper(db: AppDatabase, examId: string): Promise<ExamPaper> {
  return papers(db).get(examId) ?? readAndKeep(db, examId);
}

const paperVersionOf = perDatabase((db) =>
  db
    .select({ version: exams.paperVersion })
    .from(exams)
    .where(eq(exams.id, sql.placeholder('examId')))
    .prepare('exam_paper_version'),
);

/**
 * The exam's paper as it stands now, for a caller that has not read the exam: one look at its
 * paper version, and the paper read again only when that changed.
 */
export async function currentPaper(db: AppDatabase, examId: string): Promise<ExamPaper> {
  const [exam] = await paperVersionOf(db).execute({ examId });
  return examPaper(db, examId, exam?.version ?? NO_PAPER_VERSION);
}

type DrawnLayout = Pick<AttemptLayoutColumn, 'drawn'> | null;

/**
 * The questions of a section on an attempt's paper, in the paper's order before any shuffle: a
 * listed section's own, a drawn section's those drawn for the attempt (none for an attempt never
 * drawn: a pool is nobody's paper). Every view of one student's sitting (marking, results,
 * reports, exports, the monitor) reads the attempt's questions through this one function.
 */
export function questionsOfAttempt(
  paper: ExamPaper,
  layout: DrawnLayout | undefined,
  section: PaperSection,
): PaperQuestion[] {
  if (section.pools.length === 0) return section.questions;
  return (layout?.drawn?.[section.id] ?? []).flatMap((id) => paper.questionById.get(id) ?? []);
}

/**
 * The question ids of each section on an attempt's paper (section id → ids, the paper's order):
 * what the attempt was asked, drawn or listed, for whatever grades or reports it.
 */
export function attemptQuestionIds(paper: ExamPaper, layout: DrawnLayout): Map<string, string[]> {
  return new Map(
    paper.sections.map((section) => [
      section.id,
      questionsOfAttempt(paper, layout, section).map((question) => question.id),
    ]),
  );
}

/** Whether an exam question is on the attempt's paper: listed, or drawn for it. */
export function isOnPaper(layout: DrawnLayout, question: PaperQuestion): boolean {
  return (
    question.drawRule === null ||
    (layout?.drawn?.[question.sectionId]?.includes(question.id) ?? false)
  );
}

/** Every question a section holds: its listed ones, then each pool's, in the paper's order. */
export const questionsOfSection = (section: PaperSection): PaperQuestion[] => [
  ...section.questions,
  ...section.pools.flatMap((pool) => pool.questions),
];

export const hasDrawnSections = (paper: ExamPaper) =>
  paper.sections.some((section) => section.pools.length > 0);

/** The paper version set by an edit of the exam's sections, questions or answer key, as it writes. */
export const newPaperVersion = sql<string>`gen_random_uuid()`;
