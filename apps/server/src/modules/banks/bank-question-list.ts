import {
  type BankCategory,
  type BankQuestionListItem,
  type BankQuestionListQuery,
  type BankQuestionStatistics,
  CATEGORY_SEPARATOR,
  type CappedPagination,
} from '@examiq/contracts';
import { and, count, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { cappedPaginationOf, countCapOf, findPage, sortedBy } from '../../db/paging';
import { bankQuestionStatistics, bankQuestions } from '../../db/schema';
import { holdsSearch, plannedForTheirParameters } from '../../db/search';
import { type BankUser, rightsIn } from './bank-access';
import { neverUsed, usedInCount, usedInLastMonths } from './bank-question-uses';
import { currentStatistics, toStatistics } from './bank-statistics';

type BankQuestionRow = typeof bankQuestions.$inferSelect;

export function toBankQuestionListItem(
  row: BankQuestionRow,
  usedIn: number,
  statistics: BankQuestionStatistics | null,
): BankQuestionListItem {
  return {
    _id: row.id,
    courseId: row.courseId,
    category: row.category,
    tags: row.tags,
    bloomLevel: row.bloomLevel,
    courseOutcomes: row.courseOutcomes,
    status: row.status,
    questionType: row.questionType,
    difficulty: row.difficulty,
    marks: row.content.marks,
    questionText: row.content.questionText,
    version: row.version,
    revision: row.revision,
    usedIn,
    statistics,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `path` itself, and with its subcategories every path under it ('' holds every category). */
export function inCategory(path: string, withSubcategories: boolean): SQL | undefined {
  if (!withSubcategories) return eq(bankQuestions.category, path);
  if (path === '') return undefined;
  const under = `${path.replace(/[\\%_]/g, '\\$&')}${CATEGORY_SEPARATOR}%`;
  return or(eq(bankQuestions.category, path), sql`${bankQuestions.category} like ${under}`);
}

function bankQuestionConditions(query: BankQuestionListQuery): (SQL | undefined)[] {
  const { category, search, questionType, difficulty, bloomLevel, courseOutcome, tag, status } =
    query;
  const { usedInLastMonths: months } = query;
  return [
    eq(bankQuestions.courseId, query.courseId),
    category === undefined ? undefined : inCategory(category, query.includeSubcategories),
    search === undefined ? undefined : holdsSearch(bankQuestions.searchText, search),
    questionType === undefined ? undefined : eq(bankQuestions.questionType, questionType),
    difficulty === undefined ? undefined : eq(bankQuestions.difficulty, difficulty),
    bloomLevel === undefined ? undefined : eq(bankQuestions.bloomLevel, bloomLevel),
    // The array's GIN index answers containment.
    courseOutcome === undefined
      ? undefined
      : sql`${bankQuestions.courseOutcomes} @> array[${courseOutcome}]::text[]`,
    // Tags are distinct ignoring case, and found so.
    tag === undefined
      ? undefined
      : sql`exists (select from unnest(${bankQuestions.tags}) as tag where lower(tag) = lower(${tag}))`,
    status === undefined ? undefined : eq(bankQuestions.status, status),
    query.neverUsed ? neverUsed : undefined,
    months === undefined ? undefined : usedInLastMonths(months),
    query.facilityAbove === undefined
      ? undefined
      : gt(bankQuestionStatistics.facility, query.facilityAbove),
    query.facilityBelow === undefined
      ? undefined
      : lt(bankQuestionStatistics.facility, query.facilityBelow),
    query.discriminationBelow === undefined
      ? undefined
      : lt(bankQuestionStatistics.discrimination, query.discriminationBelow),
  ];
}

/** Whether the query narrows by a statistic, which only the statistics' join can answer. */
const filtersStatistics = (query: BankQuestionListQuery) =>
  query.facilityAbove !== undefined ||
  query.facilityBelow !== undefined ||
  query.discriminationBelow !== undefined;

const STATISTIC_COLUMNS = {
  facility: bankQuestionStatistics.facility,
  discrimination: bankQuestionStatistics.discrimination,
  timesUsed: bankQuestionStatistics.timesUsed,
} as const;

/** Newest first, or by a statistic with the questions never sat last either way. */
function listOrder({ sort, order }: BankQuestionListQuery): SQL[] {
  if (sort === 'newest') return sortedBy(order, bankQuestions.id);
  return [
    sql`${STATISTIC_COLUMNS[sort]} is null`,
    ...sortedBy(order, STATISTIC_COLUMNS[sort], bankQuestions.id),
  ];
}

/**
 * One page of a course's bank, newest first (ids are time-ordered) or by a statistic of each
 * question's current version, as the filters narrow it.
 */
export async function listBankQuestions(
  db: AppDatabase,
  user: BankUser,
  query: BankQuestionListQuery,
): Promise<{ questions: BankQuestionListItem[]; pagination: CappedPagination }> {
  await rightsIn(db, user, query.courseId);
  const matching = and(...bankQuestionConditions(query));
  // Counted apart: beside each row (count(*) over ()), the count makes the page read every
  // question a search finds, where the page alone walks the list's order and stops at its last.
  // The count stops past what anyone pages through, and joins the statistics only to filter.
  const { items, pagination } = await plannedForTheirParameters(db, (db) =>
    findPage(
      query,
      ({ limit, offset }) =>
        db
          .select({ row: bankQuestions, usedIn: usedInCount, statistics: bankQuestionStatistics })
          .from(bankQuestions)
          .leftJoin(bankQuestionStatistics, currentStatistics)
          .where(matching)
          .orderBy(...listOrder(query))
          .limit(limit)
          .offset(offset),
      async () => {
        const matches = db.select({ id: bankQuestions.id }).from(bankQuestions).$dynamic();
        const filtered = filtersStatistics(query)
          ? matches.leftJoin(bankQuestionStatistics, currentStatistics)
          : matches;
        const found = filtered
          .where(matching)
          .limit(countCapOf(query) + 1)
          .as('found');
        const [counted] = await db.select({ total: count() }).from(found);
        return counted?.total ?? 0;
      },
    ),
  );
  return {
    questions: items.map(({ row, usedIn, statistics }) =>
      toBankQuestionListItem(row, usedIn, statistics && toStatistics(statistics)),
    ),
    pagination: cappedPaginationOf(query, pagination.totalCount),
  };
}

/**
 * A course's category tree read depth first, each category with its own questions and those of
 * every category under it. Every level of a stored path is in the tree, even one holding no
 * question itself ('Unit 3' of 'Unit 3/Kirchhoff').
 */
export async function listBankCategories(
  db: AppDatabase,
  user: BankUser,
  courseId: string,
): Promise<{ categories: BankCategory[] }> {
  await rightsIn(db, user, courseId);
  const counts = await db
    .select({ category: bankQuestions.category, count: sql<number>`count(*)`.mapWith(Number) })
    .from(bankQuestions)
    .where(eq(bankQuestions.courseId, courseId))
    .groupBy(bankQuestions.category);
  const nodes = new Map<string, BankCategory & { childPaths: Set<string> }>();
  const nodeOf = (path: string) => {
    let node = nodes.get(path);
    if (!node) {
      const levels = path === '' ? [] : path.split(CATEGORY_SEPARATOR);
      node = {
        path,
        name: levels.at(-1) ?? '',
        depth: levels.length,
        questionCount: 0,
        totalCount: 0,
        childPaths: new Set(),
      };
      nodes.set(path, node);
    }
    return node;
  };
  nodeOf('');
  for (const { category, count } of counts) {
    nodeOf(category).questionCount += count;
    const levels = category === '' ? [] : category.split(CATEGORY_SEPARATOR);
    for (let depth = 0; depth <= levels.length; depth += 1) {
      const path = levels.slice(0, depth).join(CATEGORY_SEPARATOR);
      const node = nodeOf(path);
      node.totalCount += count;
      if (depth < levels.length) {
        node.childPaths.add(levels.slice(0, depth + 1).join(CATEGORY_SEPARATOR));
      }
    }
  }
  const categories: BankCategory[] = [];
  const visit = (path: string) => {
    const { childPaths, ...category } = nodeOf(path);
    categories.push(category);
    const children = [...childPaths].sort((a, b) =>
      nodeOf(a).name.localeCompare(nodeOf(b).name, 'en', { sensitivity: 'base' }),
    );
    for (const child of children) visit(child);
  };
  visit('');
  return { categories };
}
