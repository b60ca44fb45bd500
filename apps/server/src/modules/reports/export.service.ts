import type { ExportFormat } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { exams } from '../../db/schema';
import { type Cell, spreadsheetStream } from '../../spreadsheets/write';
import { examPaper } from '../attempts/exam-paper';
import { examScores, publishedExam, scoreAttempt } from '../results/scores';

type ExamRow = typeof exams.$inferSelect;

/** Attempts read per statement: the file is written page by page, never held whole. */
const EXPORT_PAGE = 1_000;

/** The next page of submitted attempts by roll number, after the last one written (keyset). */
const exportPageStatement = preparedSql<{
  id: string;
  student_id: string;
  roll_number: string;
  first_name: string;
  last_name: string;
}>(
  'export_results_page',
  `select attempt.id, student.student_id, student.roll_number, student.first_name,
    student.last_name
  from exam_attempts as attempt
  inner join students as student on student.user_id = attempt.student_user_id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and ($2::text is null or (student.roll_number, attempt.id) > ($2::text, $3::uuid))
  order by student.roll_number, attempt.id
  limit $4`,
);

/** The header and then every submitted attempt's row, a page of rows at a time. */
async function* resultRows(db: AppDatabase, exam: ExamRow): AsyncGenerator<Cell[][]> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  yield [
    [
      'Student ID',
      'Roll Number',
      'Name',
      ...paper.sections.map((section) => section.name),
      'Total',
      'Result',
    ],
  ];
  let after: { rollNumber: string; id: string } | null = null;
  for (;;) {
    const page = await exportPageStatement(db, [
      exam.id,
      after?.rollNumber ?? null,
      after?.id ?? null,
      EXPORT_PAGE,
    ]);
    if (page.length === 0) return;
    const scores = await examScores(
      db,
      exam,
      page.map((attempt) => attempt.id),
    );
    yield page.map((attempt) => {
      const score = scores.get(attempt.id) ?? scoreAttempt(exam, paper, undefined);
      return [
        attempt.student_id,
        attempt.roll_number,
        `${attempt.first_name} ${attempt.last_name}`,
        ...score.sections.map((section) => section.marks),
        score.total,
        score.passed ? 'Pass' : 'Fail',
      ];
    });
    const last = page.at(-1) as (typeof page)[number];
    after = { rollNumber: last.roll_number, id: last.id };
    if (page.length < EXPORT_PAGE) return;
  }
}

/** The exam's results as a file streamed page by page, with the name it is saved under. */
export async function exportResults(db: AppDatabase, examId: string, format: ExportFormat) {
  const exam = await publishedExam(db, examId);
  const rows = resultRows(db, exam);
  return {
    fileName: `${exam.examId}-results.${format}`,
    stream: spreadsheetStream(format, 'Results', rows),
  };
}
