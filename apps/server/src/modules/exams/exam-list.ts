import {
  defaultOrderOf,
  type ExamListItem,
  type ExamListQuery,
  type ExamSort,
  FIND_MESSAGES,
  type Pagination,
} from '@examiq/contracts';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { refuseUnknownRecords } from '../../db/list-filters';
import {
  byCreation,
  findPage,
  listTotal,
  matchingTotal,
  paginate,
  preparedInBothOrders,
  sortedBy,
} from '../../db/paging';
import { batches, examFaculty, exams } from '../../db/schema';
import { holdsSearch } from '../../db/search';
import { listColumns, toExamListItem } from './exam-header';

/** The columns of an exam list row, with its assigned faculty in their order. */
const examPageColumns = {
  ...listColumns,
  assignedFacultyIds: sql<
    string[]
  >`array(select ${examFaculty.facultyUserId} from ${examFaculty} where ${examFaculty.examId} = ${exams.id} order by ${examFaculty.position})`,
};

/** Each exam of the page with its assigned faculty, in the order chosen: one query. */
const examPages = preparedInBothOrders('exam_page', (db, direction, name) =>
  db
    .select({ ...examPageColumns, total: listTotal('exams') })
    .from(exams)
    .orderBy(...byCreation(direction, exams.createdAt, exams.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name),
);

/** How each sort orders exams; each ends with the id, so pages never overlap. */
const EXAM_SORT_COLUMNS: Record<ExamSort, (SQL | AnyColumn)[]> = {
  createdAt: [exams.createdAt, exams.id],
  // When the exam opens: its date and start time, or the first day of its range.
  schedule: [exams.windowStart, exams.id],
  title: [sql`lower(${exams.title})`, exams.id],
};

function examConditions(query: ExamListQuery): SQL[] {
  return [
    query.search === undefined ? [] : holdsSearch(exams.searchText, query.search),
    query.mode === undefined ? [] : eq(exams.mode, query.mode),
    query.status === undefined ? [] : eq(exams.status, query.status),
    query.batch === undefined ? [] : eq(exams.batchId, query.batch),
  ].flat();
}

/** One page of the exams a search, filters and sort find (the spec's list when none is given). */
export async function listExams(
  db: AppDatabase,
  query: ExamListQuery,
): Promise<{ exams: ExamListItem[]; pagination: Pagination }> {
  const conditions = examConditions(query);
  const order = query.order ?? defaultOrderOf(query.sort);
  const { items, pagination } =
    conditions.length === 0 && query.sort === 'createdAt' && order === 'desc'
      ? await paginate(db, 'exams', query, async (window) => {
          const page = await examPages[window.order](db).execute(window);
          return { items: page, totalCount: page[0]?.total };
        })
      : await findPage(query, ({ limit, offset }) =>
          db
            .select({
              ...examPageColumns,
              total: conditions.length > 0 ? matchingTotal : listTotal('exams'),
            })
            .from(exams)
            .where(and(...conditions))
            .orderBy(...sortedBy(order, ...EXAM_SORT_COLUMNS[query.sort]))
            .limit(limit)
            .offset(offset),
        );
  if (items.length === 0) {
    await refuseUnknownRecords(db, [
      { field: 'batch', id: query.batch, table: batches, message: FIND_MESSAGES.batchNotFound },
    ]);
  }
  return { exams: items.map((row) => toExamListItem(row, row.assignedFacultyIds)), pagination };
}
