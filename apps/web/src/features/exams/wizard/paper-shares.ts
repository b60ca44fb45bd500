import {
  BLOOM_LEVEL_LABELS,
  BLOOM_LEVELS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  marksPerQuestion,
} from '@examiq/contracts';
import { drawnTotal, type ExamWizardValues } from './exam-values';

/** What a question without the label counts under: a written question has no Bloom's level. */
export const NOT_CLASSIFIED = 'Not classified';

export interface Share {
  label: string;
  marks: number;
  /** Of the paper's question marks, rounded to a whole percent. */
  percent: number;
}

export interface PaperShares {
  /** The marks of every question the paper holds, listed or drawn. */
  totalMarks: number;
  bloom: Share[];
  difficulty: Share[];
}

/** One question's marks, or a drawn rule's, with the labels it is known to carry. */
interface MarkedPart {
  marks: number;
  bloomLevel?: string;
  difficulty?: string;
}

function partsOf({ examSections, questions }: ExamWizardValues): MarkedPart[] {
  return examSections.flatMap((section, index) => {
    if (section.source !== 'DRAWN') {
      return (questions[index] ?? [])
        .filter((question) => Number.isFinite(question.marks))
        .map(({ marks, bloomLevel, difficulty }) => ({ marks, bloomLevel, difficulty }));
    }
    const each = marksPerQuestion({
      marks: section.marks,
      totalQuestions: drawnTotal(section.draw),
      answerAny: Number.isFinite(section.answerAny) ? section.answerAny : undefined,
    });
    if (!Number.isFinite(each)) return [];
    // Only a rule's filter says what its questions carry; a rule without one may draw any.
    return section.draw
      .filter((rule) => Number.isFinite(rule.count))
      .map((rule) => ({
        marks: rule.count * each,
        bloomLevel: rule.bloomLevel || undefined,
        difficulty: rule.difficulty || undefined,
      }));
  });
}

function sharesBy(
  parts: readonly MarkedPart[],
  total: number,
  labels: readonly [string | undefined, string][],
  labelOf: (part: MarkedPart) => string | undefined,
): Share[] {
  const marks = new Map<string | undefined, number>();
  for (const part of parts) {
    const key = labelOf(part);
    marks.set(key, (marks.get(key) ?? 0) + part.marks);
  }
  return labels
    .filter(([key]) => (marks.get(key) ?? 0) > 0)
    .map(([key, label]) => {
      const value = marks.get(key) ?? 0;
      return { label, marks: value, percent: Math.round((value / total) * 100) };
    });
}

/**
 * The share of the paper's marks at each Bloom's level and each difficulty (an accreditation
 * check made while the paper is built). A question counts where its label is known: a bank
 * question's level, a rule's filter; the rest is "Not classified".
 */
export function paperShares(values: ExamWizardValues): PaperShares {
  const parts = partsOf(values);
  const totalMarks = parts.reduce((sum, part) => sum + part.marks, 0);
  const unknown: [undefined, string] = [undefined, NOT_CLASSIFIED];
  return {
    totalMarks,
    bloom: sharesBy(
      parts,
      totalMarks,
      [
        ...BLOOM_LEVELS.map((level): [string, string] => [level, BLOOM_LEVEL_LABELS[level]]),
        unknown,
      ],
      (part) => part.bloomLevel,
    ),
    difficulty: sharesBy(
      parts,
      totalMarks,
      [
        ...DIFFICULTIES.map((level): [string, string] => [level, DIFFICULTY_LABELS[level]]),
        unknown,
      ],
      (part) => part.difficulty,
    ),
  };
}
