// A drawn section gives each attempt its own questions: drawn at the start from the section's
// pools with a seed kept in the attempt's layout, so the same paper can be drawn again from the
// data for a dispute.
import { createHash, randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ATTEMPT_MESSAGES, type AttemptDrawData } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import { attemptById, notFound } from './attempt-records';
import { currentPaper, type ExamPaper } from './exam-paper';

/** A new attempt's seed: 128 random bits. */
export const newDrawSeed = () => randomBytes(16).toString('base64url');

/**
 * Whole numbers below a bound from a seed: sfc32 (a small fast counting generator) keyed by the
 * SHA-256 of the seed, so any seed gives a stream of its own and the same seed the same one.
 */
function seededBelow(seed: string): (bound: number) => number {
  const key = createHash('sha256').update(seed).digest();
  let a = key.readUInt32LE(0);
  let b = key.readUInt32LE(4);
  let c = key.readUInt32LE(8);
  let d = key.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let warmUp = 0; warmUp < 12; warmUp += 1) next();
  return (bound) => Math.floor((next() / 2 ** 32) * bound);
}

/** `count` of the items, each set of them as likely as any other (a partial Fisher-Yates). */
function pick<Item>(items: readonly Item[], count: number, below: (bound: number) => number) {
  const result = [...items];
  const taken = Math.min(count, result.length);
  for (let i = 0; i < taken; i += 1) {
    const j = i + below(result.length - i);
    [result[i], result[j]] = [result[j] as Item, result[i] as Item];
  }
  return result.slice(0, taken);
}

/** What a draw reads of a paper: each drawn section's pools, in the paper's order. */
export interface DrawSource {
  id: string;
  pools: readonly {
    count: number;
    questions: readonly { id: string; bankQuestionId: string | null }[];
  }[];
}

/**
 * Each drawn section's questions for one attempt (section id → exam question ids): from each rule's
 * pool its count, questions whose bank question the student has not `seen` first, in the pool's
 * order. A pure function of its arguments: the seed, the exam's pools and the seen set kept or
 * read again give the same paper.
 */
export function drawPaper(
  seed: string,
  sections: readonly DrawSource[],
  seen: ReadonlySet<string>,
): Record<string, string[]> {
  const below = seededBelow(seed);
  const drawn: Record<string, string[]> = {};
  for (const section of sections) {
    if (section.pools.length === 0) continue;
    drawn[section.id] = section.pools.flatMap((pool) => {
      const position = new Map(pool.questions.map((question, index) => [question.id, index]));
      const isSeen = (question: { bankQuestionId: string | null }) =>
        question.bankQuestionId !== null && seen.has(question.bankQuestionId);
      const fresh = pick(
        pool.questions.filter((question) => !isSeen(question)),
        pool.count,
        below,
      );
      const again = pick(pool.questions.filter(isSeen), pool.count - fresh.length, below);
      return [...fresh, ...again]
        .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
        .map((question) => question.id);
    });
  }
  return drawn;
}

/**
 * The bank questions a student saw in the attempts they started before `before`, in other exams of
 * the courses given: each listed question of those exams, and each question drawn for them.
 */
const seenStatement = preparedSql<{ bank_question_id: string }>(
  'seen_bank_questions',
  `
  select distinct question.bank_question_id
  from exam_attempts as attempt
  inner join exams as exam on exam.id = attempt.exam_id
  inner join exam_sections as section on section.exam_id = exam.id
  inner join questions as question on question.section_id = section.id
  where attempt.student_user_id = $1 and attempt.started_at < $2 and attempt.exam_id <> $3
    and exam.course_id = any($4::uuid[])
    and question.bank_question_id is not null
    and (question.draw_rule is null
      or coalesce(attempt.layout -> 'drawn' -> (section.id::text) ? (question.id::text), false))`,
);

/** The bank questions of the paper's pools' courses the student saw before `before`. */
export async function seenBankQuestions(
  db: AppDatabase,
  paper: ExamPaper,
  attempt: { studentUserId: string; examId: string; startedAt: Date },
): Promise<Set<string>> {
  const courses = new Set(
    paper.sections.flatMap((section) => section.pools.map((pool) => pool.courseId)),
  );
  const rows = await seenStatement(db, [
    attempt.studentUserId,
    attempt.startedAt,
    attempt.examId,
    [...courses],
  ]);
  return new Set(rows.map((row) => row.bank_question_id));
}

/**
 * An attempt's drawn paper as stored, each drawn section's questions with their bank questions, and
 * whether drawing again from its seed, the exam's pools and what the student had seen before the
 * start gives the same: for a dispute. An exam's pools do not change once anyone has started it.
 */
export async function attemptDraw(db: AppDatabase, attemptId: string): Promise<AttemptDrawData> {
  const [attempt] = await attemptById(db).execute({ attemptId });
  if (!attempt) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  const paper = await currentPaper(db, attempt.examId);
  const seed = attempt.layout?.seed ?? null;
  const redrawn =
    seed === null
      ? {}
      : drawPaper(seed, paper.sections, await seenBankQuestions(db, paper, attempt));
  return {
    seed,
    sections: paper.sections
      .filter((section) => section.pools.length > 0)
      .map((section) => {
        const questionIds = attempt.layout?.drawn?.[section.id] ?? [];
        return {
          sectionId: section.id,
          questionIds,
          bankQuestionIds: questionIds.map(
            (id) => paper.questionById.get(id)?.bankQuestionId ?? null,
          ),
          reproduced: isDeepStrictEqual(redrawn[section.id] ?? [], questionIds),
        };
      }),
  };
}
