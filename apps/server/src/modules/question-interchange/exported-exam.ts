import type { Question, QuestionType } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { getExam } from '../exams/exam-records.service';

/** What a question file is written from: the exam's sections in order, with answer keys. */
export interface ExportedExam {
  examId: string;
  examTitle: string;
  sections: { name: string; questionType: QuestionType; questions: Question[] }[];
}

export async function exportedExam(db: AppDatabase, id: string, now: Date): Promise<ExportedExam> {
  const exam = await getExam(db, id, now);
  return {
    examId: exam.examId,
    examTitle: exam.examTitle,
    sections: exam.examSections.map((section, index) => ({
      name: section.name,
      questionType: section.questionType,
      questions: exam.questions[index] ?? [],
    })),
  };
}
