import { mediaIdsIn, type Question, type QuestionType } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { getExam } from '../exams/exam-view';
import { readMedia, type StoredMedia } from '../media/media.service';
import { contentOf } from './interchange';

/**
 * What a question file is written from: the exam's sections in order, with answer keys (or a
 * bank's questions, a section per category).
 */
export interface ExportedExam {
  /** Names the file, and the package's manifest. */
  examId: string;
  examTitle: string;
  sections: {
    name: string;
    questionType?: QuestionType;
    /** The bank path its questions are filed under; an exam's: its title, then the section's name. */
    category?: string;
    questions: Question[];
  }[];
  /** The images the questions show, by media id. */
  media: ReadonlyMap<string, StoredMedia>;
}

/** Moodle's top category of a course: where a file written for the bank itself is filed. */
export const MOODLE_TOP_CATEGORY = '$course$/top';

/** The category a section's questions are filed under in a file, as a bank's path. */
export const categoryOf = (exam: ExportedExam, section: ExportedExam['sections'][number]) =>
  section.category ?? `${exam.examTitle}/${section.name}`;

/** The stored images the questions show, by media id. */
export async function mediaOf(
  db: AppDatabase,
  questions: readonly Question[],
): Promise<Map<string, StoredMedia>> {
  const ids = new Set(questions.flatMap((question) => contentOf(question).flatMap(mediaIdsIn)));
  const media = new Map<string, StoredMedia>();
  for (const mediaId of ids) {
    const stored = await readMedia(db, mediaId);
    if (stored) media.set(mediaId, stored);
  }
  return media;
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
  const media = await mediaOf(db, exam.questions.flat());
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
