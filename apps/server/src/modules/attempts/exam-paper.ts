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

/** An exam's sections and questions as students see them: never a column of the answer key. */
export interface ExamPaper {
  sections: PaperSection[];
  sectionById: Map<string, PaperSection>;
  questionById: Map<string, PaperQuestion>;
}

/** Every question of an exam in order, from a projection without the key columns: one query. */
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
  for (const { section, question } of rows) {
    let paperSection = sectionById.get(section.id);
    if (!paperSection) {
      paperSection = { ...section, questions: [] };
      sectionById.set(section.id, paperSection);
    }
    if (question) {
      const paperQuestion = { ...question, sectionId: section.id };
      paperSection.questions.push(paperQuestion);
      questionById.set(question.id, paperQuestion);
    }
  }
  return { sections: [...sectionById.values()], sectionById, questionById };
}

/**
 * The papers of the exams being sat, read once per server process: every student of an exam gets
 * the same paper, so a thousand students starting at once cost one read. Exams are never changed
 * after creation, so a paper read once stays right; an exam deleted meanwhile has no attempts
 * left to use it.
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
