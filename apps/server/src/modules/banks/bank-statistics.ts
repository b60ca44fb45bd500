import type { BankQuestionStatistics } from '@examiq/contracts';
import { and, desc, eq, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { bankQuestionExamStatistics, bankQuestionStatistics, bankQuestions } from '../../db/schema';
import { givenTo } from '../results/given-questions';

/**
 * Per bank question version in the exam: the submitted sittings given it, the sum of the share of
 * its marks they scored (unanswered scores 0), the correlation of that share with the rest of the
 * script's marks, and the number of its options.
 */
const versionSittingsStatement = preparedSql<{
  bank_question_id: string;
  version: number;
  sittings: number;
  score_share_sum: number;
  discrimination: number | null;
  options: number | null;
}>(
  'bank_version_sittings',
  `with given as (
    select attempt.id as attempt_id, question.bank_question_id, question.bank_version,
      question.options, coalesce(answer.awarded_marks, 0)::float8 as awarded,
      coalesce(answer.awarded_marks, 0)::float8 / question.marks as share
    from exam_attempts as attempt
    inner join exam_sections as section on section.exam_id = attempt.exam_id
    inner join questions as question on question.section_id = section.id
    left join attempt_answers as answer
      on answer.attempt_id = attempt.id and answer.question_id = question.id
    where attempt.exam_id = $1 and attempt.status = 'SUBMITTED' and question.marks > 0
      and ${givenTo('attempt', 'question')}
  ), scripts as (
    select attempt_id, sum(awarded) as total from given group by attempt_id
  )
  select given.bank_question_id, given.bank_version as version, count(*)::int as sittings,
    sum(given.share)::float8 as score_share_sum,
    corr(given.share, scripts.total - given.awarded)::float8 as discrimination,
    max(cardinality(given.options))::int as options
  from given inner join scripts on scripts.attempt_id = given.attempt_id
  where given.bank_question_id is not null
  group by given.bank_question_id, given.bank_version`,
);

/** How many submitted sittings chose each option of each bank question version in the exam. */
const versionChoicesStatement = preparedSql<{
  bank_question_id: string;
  version: number;
  option: number;
  times: number;
}>(
  'bank_version_choices',
  `select question.bank_question_id, question.bank_version as version, chosen.option,
    count(*)::int as times
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  inner join questions as question on question.id = answer.question_id
  cross join lateral (
    select answer.selected_option as option where answer.selected_option is not null
    union all
    select id.value::int from jsonb_array_elements_text(answer.response -> 'selectedOptionIds')
      as id(value)
  ) as chosen
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and question.bank_question_id is not null and ${givenTo('attempt', 'question')}
  group by 1, 2, 3`,
);

const versionKey = (id: string, version: number) => `${id} ${version}`;

type ExamStatisticRow = typeof bankQuestionExamStatistics.$inferSelect;

/** A version's figures over its exams: sums of sittings, each exam's discrimination weighed by them. */
function combined(rows: ExamStatisticRow[], updatedAt: Date) {
  const [first] = rows;
  if (!first) throw new Error('A version with no exam has no statistics');
  const timesUsed = rows.reduce((sum, row) => sum + row.sittings, 0);
  const discriminating = rows.filter((row) => row.discrimination !== null);
  const weight = discriminating.reduce((sum, row) => sum + row.sittings, 0);
  const optionCounts = rows.find((row) => row.optionCounts)?.optionCounts;
  return {
    bankQuestionId: first.bankQuestionId,
    version: first.version,
    exams: rows.length,
    timesUsed,
    facility:
      timesUsed > 0 ? rows.reduce((sum, row) => sum + row.scoreShareSum, 0) / timesUsed : null,
    discrimination:
      weight > 0
        ? discriminating.reduce((sum, row) => sum + (row.discrimination ?? 0) * row.sittings, 0) /
          weight
        : null,
    optionShares: optionCounts
      ? optionCounts.map(
          (_count, option) =>
            rows.reduce((sum, row) => sum + (row.optionCounts?.[option] ?? 0), 0) / timesUsed,
        )
      : null,
    updatedAt,
  };
}

/**
 * Writes again what the exam's sittings say of each bank question version it used, and each such
 * version's figures over all its exams. Called when the exam's results are published and when
 * their marks change after (a regrade, a corrected mark), never when a page is read.
 */
export async function refreshBankStatistics(
  db: AppDatabase,
  examId: string,
  now: Date,
): Promise<void> {
  const [sittings, choices] = await Promise.all([
    versionSittingsStatement(db, [examId]),
    versionChoicesStatement(db, [examId]),
  ]);
  const counts = new Map<string, number[]>();
  for (const row of sittings) {
    if (row.options !== null) {
      counts.set(versionKey(row.bank_question_id, row.version), new Array(row.options).fill(0));
    }
  }
  for (const { bank_question_id, version, option, times } of choices) {
    const optionCounts = counts.get(versionKey(bank_question_id, version));
    if (optionCounts && option < optionCounts.length) optionCounts[option] = times;
  }
  await db.transaction(async (tx) => {
    const dropped = await tx
      .delete(bankQuestionExamStatistics)
      .where(eq(bankQuestionExamStatistics.examId, examId))
      .returning({
        bankQuestionId: bankQuestionExamStatistics.bankQuestionId,
        version: bankQuestionExamStatistics.version,
      });
    if (sittings.length > 0) {
      await tx.insert(bankQuestionExamStatistics).values(
        sittings.map((row) => ({
          bankQuestionId: row.bank_question_id,
          version: row.version,
          examId,
          sittings: row.sittings,
          scoreShareSum: row.score_share_sum,
          discrimination: row.discrimination,
          optionCounts: counts.get(versionKey(row.bank_question_id, row.version)) ?? null,
        })),
      );
    }
    const touched = [
      ...dropped,
      ...sittings.map((row) => ({ bankQuestionId: row.bank_question_id, version: row.version })),
    ];
    if (touched.length === 0) return;
    const ofTouched = (table: typeof bankQuestionStatistics | typeof bankQuestionExamStatistics) =>
      or(
        ...touched.map(({ bankQuestionId, version }) =>
          and(eq(table.bankQuestionId, bankQuestionId), eq(table.version, version)),
        ),
      );
    const perExam = await tx
      .select()
      .from(bankQuestionExamStatistics)
      .where(ofTouched(bankQuestionExamStatistics));
    const byVersion = new Map<string, ExamStatisticRow[]>();
    for (const row of perExam) {
      const key = versionKey(row.bankQuestionId, row.version);
      byVersion.set(key, [...(byVersion.get(key) ?? []), row]);
    }
    await tx.delete(bankQuestionStatistics).where(ofTouched(bankQuestionStatistics));
    if (byVersion.size > 0) {
      await tx
        .insert(bankQuestionStatistics)
        .values([...byVersion.values()].map((rows) => combined(rows, now)));
    }
  });
}

type StatisticsRow = typeof bankQuestionStatistics.$inferSelect;

export function toStatistics(row: StatisticsRow): BankQuestionStatistics {
  return {
    version: row.version,
    exams: row.exams,
    timesUsed: row.timesUsed,
    facility: row.facility,
    discrimination: row.discrimination,
    optionShares: row.optionShares,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each version's statistics of a bank question, the newest version first. */
export async function versionStatistics(
  db: AppDatabase,
  bankQuestionId: string,
): Promise<BankQuestionStatistics[]> {
  const rows = await db
    .select()
    .from(bankQuestionStatistics)
    .where(eq(bankQuestionStatistics.bankQuestionId, bankQuestionId))
    .orderBy(desc(bankQuestionStatistics.version));
  return rows.map(toStatistics);
}

/** The statistics of the listed questions' current versions, joined by the bank's list. */
export const currentStatistics = and(
  eq(bankQuestionStatistics.bankQuestionId, bankQuestions.id),
  eq(bankQuestionStatistics.version, bankQuestions.version),
);
