import type {
  ExamResultStatus,
  Pagination,
  ResultStatus,
  ResultStatusesData,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { exams } from '../../db/schema';
import { examHeaderWithMarksOf } from '../exams/exam-header';

/**
 * The published exams whose sittings are over at the wall-clock minute $1, with where their
 * results stand, newest window first, one page ($3, $4) of those of status $2 (or of any), and
 * how many are over in all and how many of them await publication. Sittings and marks are counted
 * only for exams not yet published, and an exam's audience only while its window is open (it is
 * over early once everyone has submitted), so the published history costs a row each.
 */
const completedExamsStatement = preparedSql<{
  id: string;
  result_status: ResultStatus;
  answers_to_mark: number;
  submitted: number;
  total: number;
  pending: number;
}>(
  'completed_exams',
  `with started as (
    select exam.id, exam.window_end, exam.window_end <= $1::timestamp as closed,
      exam.results_published_at is not null as published
    from exams as exam
    where exam.status = 'PUBLISH' and exam.window_start <= $1::timestamp
  ), judged as (
    select started.*, sittings.in_progress, sittings.submitted, sittings.to_mark
    from started
    left join lateral (
      select count(*) filter (where attempt.status = 'IN_PROGRESS') as in_progress,
        count(*) filter (where attempt.status = 'SUBMITTED') as submitted,
        coalesce(sum((select count(*) from attempt_answers as answer
          where answer.attempt_id = attempt.id and answer.awarded_marks is null)
          ) filter (where attempt.status = 'SUBMITTED'), 0) as to_mark
      from exam_attempts as attempt
      where attempt.exam_id = started.id and not started.published
    ) as sittings on true
  ), completed as (
    select id, window_end, coalesce(to_mark, 0)::int as answers_to_mark,
      case when published then 'Published'
        when to_mark = 0 then 'Ready to Publish' else 'Evaluating' end as result_status
    from judged
    where published or (in_progress = 0 and (closed or (submitted > 0 and submitted >= (
      select count(*) from exam_target_sections as target
      inner join students as student on student.section_id = target.section_id
      where target.exam_id = judged.id))))
  ), counted as (
    select completed.*,
      count(*) filter (where result_status <> 'Published') over ()::int as pending
    from completed
  )
  select id, result_status, answers_to_mark, pending, count(*) over ()::int as total,
    (select count(*)::int from exam_attempts as attempt
      where attempt.exam_id = counted.id and attempt.status = 'SUBMITTED') as submitted
  from counted
  where $2::text is null or result_status = $2::text
  order by window_end desc, id desc
  limit $3 offset $4`,
);

const examsByIds = perDatabase((db) =>
  db
    .select()
    .from(exams)
    .where(sql`${exams.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('exams_by_ids'),
);

/**
 * One page of the completed exams (of one result status, or of any) with where their results
 * stand, and how many completed exams await publication.
 */
export async function completedExams(
  db: AppDatabase,
  asOf: string,
  query: { page: number; limit: number; status?: ResultStatus | undefined },
): Promise<{ exams: ExamResultStatus[]; pagination: Pagination; pending: number }> {
  const {
    items: rows,
    pagination,
    counted,
  } = await findPage(query, ({ limit, offset }) =>
    completedExamsStatement(db, [asOf, query.status ?? null, limit, offset]),
  );
  const examRows = await examsByIds(db).execute({ ids: rows.map((row) => row.id) });
  const examOf = new Map(examRows.map((exam) => [exam.id, exam]));
  return {
    exams: rows.flatMap((row) => {
      const exam = examOf.get(row.id);
      return exam
        ? [
            examHeaderWithMarksOf(exam, {
              resultStatus: row.result_status,
              submitted: row.submitted,
              answersToMark: row.answers_to_mark,
            }),
          ]
        : [];
    }),
    pagination,
    pending: counted?.pending ?? 0,
  };
}

export async function resultStatuses(
  db: AppDatabase,
  query: { page: number; limit: number; status?: ResultStatus | undefined },
  asOf: string,
): Promise<ResultStatusesData> {
  const { exams: page, pagination } = await completedExams(db, asOf, query);
  return { exams: page, pagination };
}
