import { mediaIdsIn, type Question, type QuestionType } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { getExam } from '../exams/exam-view';
import { readMedia, type StoredMedia } from '../media/media.service';
import { contentOf } from './interchange';

/** What a question file is written from: the exam's sections in order, with answer keys. */
export interface ExportedExam {
  examId: string;
  examTitle: string;
  sections: { name: string; questionType: QuestionType; questions: Question[] }[];
  /** The images the questions show, by media id. */
  media: ReadonlyMap<string, StoredMedia>;
}

const EXTENSIONS: Record<StoredMedia['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** An image's file name in a file written: its media id, which no two images share. */
export function mediaFileName(id: string, stored: StoredMedia): string {
  return `${id}.${EXTENSIONS[stored.contentType]}`;
}

export async function exportedExam(db: AppDatabase, id: string, now: Date): Promise<ExportedExam> {
  const exam = await getExam(db, id, now);
  const questions = exam.questions.flat();
  const ids = new Set(questions.flatMap((question) => contentOf(question).flatMap(mediaIdsIn)));
  const media = new Map<string, StoredMedia>();
  for (const mediaId of ids) {
    const stored = await readMedia(db, mediaId);
    if (stored) media.set(mediaId, stored);
  }
  return {
    examId: exam.examId,
    examTitle: exam.examTitle,
    sections: exam.examSections.map((section, index) => ({
      name: section.name,
      questionType: section.questionType,
      questions: exam.questions[index] ?? [],
    })),
    media,
  };
}
