import {
  DRAW_MESSAGES,
  type DrawRule,
  EXAM_LIMITS,
  marksPerQuestion,
  type PreviewDrawData,
  type QuestionType,
} from '@examiq/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bankQuestions } from '../../db/schema';
import { type BankUser, rightsIn } from './bank-access';
import { inCategory } from './bank-question-list';

/** What of a bank question an exam copies, and the checks before it does. */
export const copiedColumns = {
  id: bankQuestions.id,
  courseId: bankQuestions.courseId,
  status: bankQuestions.status,
  content: bankQuestions.content,
  version: bankQuestions.version,
};
export type BankQuestionRow = Pick<
  typeof bankQuestions.$inferSelect,
  'id' | 'courseId' | 'status' | 'content' | 'version'
>;

/** What a drawn section's pools depend on besides its rules. */
interface DrawnSection {
  questionType: QuestionType;
  marks: number;
  totalQuestions: number;
  answerAny?: number;
  draw?: DrawRule[];
}

/**
 * The bank questions a rule may draw: its course's, in its category (and subcategories unless it
 * says otherwise), Ready, of the section's type, worth the section's marks per question, with the
 * rule's difficulty, Bloom's level and outcome when it names them and every tag it lists (tags are
 * distinct ignoring case). In the bank's order, one more than the exam may hold, so a pool too
 * large is known without reading all of it.
 */
function ruleMatches(db: AppDatabase, rule: DrawRule, section: DrawnSection) {
  const conditions: (SQL | undefined)[] = [
    eq(bankQuestions.courseId, rule.courseId),
    inCategory(rule.category, rule.includeSubcategories),
    eq(bankQuestions.status, 'READY'),
    eq(bankQuestions.questionType, section.questionType),
    sql`(${bankQuestions.content}->>'marks')::numeric = ${marksPerQuestion(section)}`,
    rule.difficulty === undefined ? undefined : eq(bankQuestions.difficulty, rule.difficulty),
    rule.bloomLevel === undefined ? undefined : eq(bankQuestions.bloomLevel, rule.bloomLevel),
    rule.courseOutcome === undefined
      ? undefined
      : sql`${bankQuestions.courseOutcomes} @> array[${rule.courseOutcome}]::text[]`,
    ...rule.tags.map(
      (tag) =>
        sql`exists (select from unnest(${bankQuestions.tags}) as tag where lower(tag) = lower(${tag}))`,
    ),
  ];
  return db
    .select(copiedColumns)
    .from(bankQuestions)
    .where(and(...conditions))
    .orderBy(asc(bankQuestions.id))
    .limit(EXAM_LIMITS.drawPool + 1);
}

/** A rule's pool, or why it cannot be the rule's. */
export interface Pool {
  questions: BankQuestionRow[];
  message: string | null;
}

/**
 * Each rule's pool, section by section and rule by rule. A bank question goes to the first pool
 * it matches, after the questions `taken` (an exam's listed bank questions): a later rule, or a
 * later section, that matches it too draws from the rest, so no paper holds a question twice. The
 * user must have access to each rule's course bank: an unknown course is a 404 (or, with
 * `fieldOf`, a 400 at the rule's course), a course not granted to a faculty member a 403.
 */
export async function poolsOf(
  db: AppDatabase,
  user: BankUser,
  sections: readonly DrawnSection[],
  taken: Set<string>,
  fieldOf?: (section: number, rule: number) => string,
): Promise<Pool[][]> {
  const checked = new Set<string>();
  const pools: Pool[][] = [];
  let held = 0;
  for (const [sectionIndex, section] of sections.entries()) {
    const sectionPools: Pool[] = [];
    for (const [ruleIndex, rule] of (section.draw ?? []).entries()) {
      if (!checked.has(rule.courseId)) {
        await rightsIn(db, user, rule.courseId, fieldOf?.(sectionIndex, ruleIndex));
        checked.add(rule.courseId);
      }
      const questions = (await ruleMatches(db, rule, section)).filter((row) => !taken.has(row.id));
      for (const row of questions) taken.add(row.id);
      held += questions.length;
      sectionPools.push({
        questions,
        message:
          held > EXAM_LIMITS.drawPool
            ? DRAW_MESSAGES.poolTooLarge
            : questions.length < rule.count
              ? DRAW_MESSAGES.cannotFill(rule, questions.length)
              : null,
      });
    }
    pools.push(sectionPools);
  }
  return pools;
}

/** C(n, k) as a float: the ways to draw k of n. */
function choices(n: number, k: number): number {
  let ways = 1;
  for (let i = 1; i <= k; i += 1) ways = (ways * (n - k + i)) / i;
  return Math.round(ways);
}

/**
 * How many bank questions each rule of a section being built can draw from, after the rules
 * before it took theirs, why a rule cannot be saved, and how many different papers the rules
 * allow (the product of each rule's choices; none when one cannot fill).
 */
export async function previewDraw(
  db: AppDatabase,
  user: BankUser,
  section: DrawnSection,
): Promise<PreviewDrawData> {
  const [pools = []] = await poolsOf(db, user, [section], new Set());
  const rules = pools.map((pool) => ({
    available: pool.questions.length,
    message: pool.message,
  }));
  const fills = rules.every((rule) => rule.message === null);
  const papers = (section.draw ?? []).reduce(
    (product, rule, index) => product * choices(rules[index]?.available ?? 0, rule.count),
    1,
  );
  return { rules, distinctPapers: fills ? Math.min(papers, Number.MAX_VALUE) : 0 };
}
