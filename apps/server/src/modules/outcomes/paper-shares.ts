import {
  BLOOM_LEVELS,
  type BloomShare,
  DIFFICULTIES,
  type DifficultyShare,
  type DrawRule,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { outcomeKey } from './attainment';

/** The exam's questions (a drawn section's whole pool) with their bank labels, if from a bank. */
const paperQuestionsStatement = preparedSql<{
  question_id: string;
  section_id: string;
  marks: number;
  difficulty: (typeof DIFFICULTIES)[number];
  draw_rule: number | null;
  draw: DrawRule[] | null;
  bloom_level: (typeof BLOOM_LEVELS)[number] | null;
  course_id: string | null;
  course_outcomes: string[] | null;
}>(
  'exam_paper_labels',
  `select question.id as question_id, question.section_id, question.marks, question.difficulty,
    question.draw_rule, section.draw, bank.bloom_level, bank.course_id, bank.course_outcomes
  from exam_sections as section
  inner join questions as question on question.section_id = section.id
  left join bank_questions as bank on bank.id = question.bank_question_id
  where section.exam_id = $1`,
);

export interface PaperShares {
  bloomLevels: BloomShare[];
  difficulties: DifficultyShare[];
  /** The marks a paper holds toward each outcome, by `outcomeKey`. */
  outcomeMarks: Map<string, number>;
  /** The courses whose outcomes the paper's questions carry. */
  courseIds: Set<string>;
}

/**
 * Where a paper's marks lie, by Bloom's level, difficulty and course outcome. A listed question
 * is on every paper; a pool question on a paper with the chance its rule draws it (the rule's
 * count out of its pool), so a drawn section weighs what its average paper holds.
 */
export async function paperShares(db: AppDatabase, examId: string): Promise<PaperShares> {
  const rows = await paperQuestionsStatement(db, [examId]);
  const poolSize = new Map<string, number>();
  for (const row of rows) {
    if (row.draw_rule === null) continue;
    const pool = `${row.section_id} ${row.draw_rule}`;
    poolSize.set(pool, (poolSize.get(pool) ?? 0) + 1);
  }
  const bloom = new Map<BloomShare['key'], number>();
  const difficulty = new Map<DifficultyShare['key'], number>();
  const outcomeMarks = new Map<string, number>();
  const courseIds = new Set<string>();
  let total = 0;
  for (const row of rows) {
    const chance =
      row.draw_rule === null
        ? 1
        : Math.min(
            1,
            (row.draw?.[row.draw_rule]?.count ?? 0) /
              (poolSize.get(`${row.section_id} ${row.draw_rule}`) ?? 1),
          );
    const marks = row.marks * chance;
    total += marks;
    const level = row.bloom_level ?? 'UNLABELLED';
    bloom.set(level, (bloom.get(level) ?? 0) + marks);
    difficulty.set(row.difficulty, (difficulty.get(row.difficulty) ?? 0) + marks);
    if (row.course_id === null) continue;
    courseIds.add(row.course_id);
    for (const code of row.course_outcomes ?? []) {
      const key = outcomeKey(row.course_id, code);
      outcomeMarks.set(key, (outcomeMarks.get(key) ?? 0) + marks);
    }
  }
  const shareOf = (marks: number) => (total > 0 ? Math.round((marks / total) * 1000) / 1000 : 0);
  const entry = <Key>(key: Key, marks: number) => ({
    key,
    marks: Math.round(marks * 100) / 100,
    share: shareOf(marks),
  });
  return {
    bloomLevels: [...BLOOM_LEVELS, 'UNLABELLED' as const]
      .filter((level) => level !== 'UNLABELLED' || bloom.has(level))
      .map((level) => entry(level, bloom.get(level) ?? 0)),
    difficulties: DIFFICULTIES.map((level) => entry(level, difficulty.get(level) ?? 0)),
    outcomeMarks,
    courseIds,
  };
}
