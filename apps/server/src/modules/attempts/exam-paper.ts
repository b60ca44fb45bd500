import type { QuestionType } from '@examiq/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { examSections, questions } from '../../db/schema';

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
  questions: PaperQuestion[];
}

/**
 * An exam's sections and questions as students see them, and apart from them the correct option
 * of each choice question, which scores an answer as it is saved and is never sent to a student.
 */
export interface ExamPaper {
  sections: PaperSection[];
  sectionById: Map<string, PaperSection>;
  questionById: Map<string, PaperQuestion>;
  correctOptionById: Map<string, number>;
}

/** Every question of an exam in order, with the correct option but no written answer's key. */
const paperRows = perDatabase((db) =>
  db
    .select({
      section: {
        id: examSections.id,
        name: examSections.name,
        questionType: examSections.questionType,
        totalQuestions: examSections.totalQuestions,
        marks: examSections.marks,
        timeLimit: examSections.timeLimitMinutes,
        isOptional: examSections.isOptional,
        instructions: examSections.instructions,
      },
      question: {
        id: questions.id,
        questionText: questions.questionText,
        questionType: questions.questionType,
        marks: questions.marks,
        options: questions.options,
        minWordCount: questions.minWordCount,
        maxWordCount: questions.maxWordCount,
      },
      correctOption: questions.correctOption,
    })
    .from(examSections)
    .leftJoin(questions, eq(questions.sectionId, examSections.id))
    .where(eq(examSections.examId, sql.placeholder('examId')))
    .orderBy(asc(examSections.position), asc(questions.position))
    .prepare('exam_paper'),
);

async function readPaper(db: AppDatabase, examId: string): Promise<ExamPaper> {
  const rows = await paperRows(db).execute({ examId });
  const sectionById = new Map<string, PaperSection>();
  const questionById = new Map<string, PaperQuestion>();
  const correctOptionById = new Map<string, number>();
  for (const { section, question, correctOption } of rows) {
    let paperSection = sectionById.get(section.id);
    if (!paperSection) {
      paperSection = { ...section, questions: [] };
      sectionById.set(section.id, paperSection);
    }
    if (question) {
      const paperQuestion = { ...question, sectionId: section.id };
      paperSection.questions.push(paperQuestion);
      questionById.set(question.id, paperQuestion);
      if (correctOption !== null) correctOptionById.set(question.id, correctOption);
    }
  }
  return { sections: [...sectionById.values()], sectionById, questionById, correctOptionById };
}

/**
 * The papers of the exams being sat, read once per server process: every student of an exam gets
 * the same paper, so a thousand students starting at once cost one read. Only a regrade changes
 * a paper (its answer key) after creation, and it forgets the paper; an exam deleted meanwhile
 * has no attempts left to use it.
 */
const papers = perDatabase(
  (db) =>
    new LRUCache<string, ExamPaper>({
      max: 500,
      fetchMethod: (examId) => readPaper(db, examId),
    }),
);

export async function examPaper(db: AppDatabase, examId: string): Promise<ExamPaper> {
  const paper = await papers(db).fetch(examId);
  if (!paper) throw new Error(`The paper of exam ${examId} could not be read`);
  return paper;
}

/** Reads the exam's paper anew when next asked for: its answer key was corrected. */
export function forgetPaper(db: AppDatabase, examId: string): void {
  papers(db).delete(examId);
}
