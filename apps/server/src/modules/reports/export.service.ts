import { audienceSectionLabel, type ExportFormat } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { exams } from '../../db/schema';
import { type Cell, spreadsheetStream } from '../../spreadsheets/write';
import { examPaper } from '../attempts/exam-paper';
import { RESULT_ROWS, type ResultRow } from '../results/exam-results';
import { examEnded, examScores, publishedExam, resultFacts, scoreAttempt } from '../results/scores';
import { countsAbsentAsZero } from '../settings/settings.service';

type ExamRow = typeof exams.$inferSelect;

/** Attempts read per statement: the file is written page by page, never held whole. */
const EXPORT_PAGE = 1_000;

/** The next page of results by roll number, after the last one written (keyset). */
const exportPageStatement = preparedSql<ResultRow>(
  'export_results_page',
  `select * from (${RESULT_ROWS}) as row
  where $4::text is null or (row.roll_number, row.row_key) > ($4::text, $5::uuid)
  order by row.roll_number, row.row_key
  limit $6`,
);

/**
 * The header and then every submitted attempt's row, and once the exam has ended every absent
 * student's, a page of rows at a time. An absent student's total is 0 where the institution counts
 * the absent as 0, so that the file's totals give the results' figures, and blank otherwise.
 */
async function* resultRows(db: AppDatabase, exam: ExamRow, now: Date): AsyncGenerator<Cell[][]> {
  const [paper, facts, absentAsZero] = await Promise.all([
    examPaper(db, exam.id, exam.paperVersion),
    resultFacts(db, [exam.id]),
    countsAbsentAsZero(db),
  ]);
  const examFacts = facts.get(exam.id);
  const ended = examFacts !== undefined && examEnded(exam, examFacts, now);
  yield [
    [
      'Student ID',
      'Roll Number',
      'Name',
      'Section',
      ...paper.sections.map((section) => section.name),
      'Total',
      'Result',
    ],
  ];
  const absentTotal = absentAsZero ? 0 : '';
  let after: { rollNumber: string; key: string } | null = null;
  for (;;) {
    const page = await exportPageStatement(db, [
      exam.id,
      ended,
      null,
      after?.rollNumber ?? null,
      after?.key ?? null,
      EXPORT_PAGE,
    ]);
    if (page.length === 0) return;
    const scores = await examScores(
      db,
      exam,
      page.flatMap((row) => (row.attempt_id === null ? [] : [row.attempt_id])),
    );
    yield page.map((row) => {
      const student = [
        row.student_id,
        row.roll_number,
        `${row.first_name} ${row.last_name}`,
        audienceSectionLabel({ branchCode: row.branch_code, name: row.section_name }),
      ];
      if (row.attempt_id === null) {
        return [...student, ...paper.sections.map(() => ''), absentTotal, 'Absent'];
      }
      const score = scores.get(row.attempt_id) ?? scoreAttempt(exam, paper, undefined);
      return [
        ...student,
        ...score.sections.map((section) => section.marks),
        score.total,
        score.passed ? 'Pass' : 'Fail',
      ];
    });
    const last = page.at(-1) as (typeof page)[number];
    after = { rollNumber: last.roll_number, key: last.row_key };
    if (page.length < EXPORT_PAGE) return;
  }
}

/** The exam's results as a file streamed page by page, with the name it is saved under. */
export async function exportResults(
  db: AppDatabase,
  examId: string,
  format: ExportFormat,
  now: Date,
) {
  const exam = await publishedExam(db, examId);
  const rows = resultRows(db, exam, now);
  return {
    fileName: `${exam.examId}-results.${format}`,
    stream: spreadsheetStream(format, 'Results', rows),
  };
}
