import type { ResultSummary } from '@examiq/contracts';
import type { AttemptScore, ResultFacts } from './scores';

const hundredths = (value: number) => Math.round(value * 100) / 100;

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * How many students who never started the figures count as a score of 0 (and a fail): none
 * unless the institution's setting says so, and only once the exam has `ended`, when they are
 * absent.
 */
export function absentScoredAsZero(
  facts: ResultFacts,
  ended: boolean,
  countAbsentAsZero: boolean,
): number {
  return ended && countAbsentAsZero ? facts.notStarted : 0;
}

/**
 * The figures of an exam over every submitted attempt: the results page and the report show the
 * same ones. `scores` holds the attempts that answered something (as `examScores` reads them);
 * a submitted attempt that answered nothing is in `facts.submitted` only, and counts as 0, failed.
 * Students who never started are counted apart, as absent once the exam has `ended`; they count
 * as a score of 0, failed, too only where the institution's setting `countAbsentAsZero` says so.
 */
export function resultSummary(
  facts: ResultFacts,
  scores: Iterable<Pick<AttemptScore, 'total' | 'passed'>>,
  ended: boolean,
  countAbsentAsZero: boolean,
): ResultSummary {
  const totals: number[] = [];
  let passed = 0;
  for (const score of scores) {
    totals.push(score.total);
    if (score.passed) passed += 1;
  }
  const scored = facts.submitted + absentScoredAsZero(facts, ended, countAbsentAsZero);
  while (totals.length < scored) totals.push(0);
  totals.sort((a, b) => a - b);
  const count = totals.length;
  return {
    participants: facts.participants,
    submitted: facts.submitted,
    absent: ended ? facts.notStarted : 0,
    average: count ? hundredths(totals.reduce((sum, total) => sum + total, 0) / count) : null,
    median: median(totals),
    highest: count ? (totals[count - 1] as number) : null,
    lowest: count ? (totals[0] as number) : null,
    passRate: count ? passed / count : null,
    answersToMark: facts.answersToMark,
  };
}
