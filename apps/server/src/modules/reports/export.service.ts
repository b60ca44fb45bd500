import { audienceSectionLabel, type ExportFormat, QUESTION_TYPE_LABELS } from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { exams } from '../../db/schema';
import { type Cell, spreadsheetStream } from '../../spreadsheets/write';
import { fileIdsOf, filesByIds } from '../attempts/answer-files';
import { type AnswerColumns, answerText } from '../attempts/answer-text';
import { type ExamPaper, examPaper, questionsOfAttempt } from '../attempts/exam-paper';
import { RESULT_ROWS, type ResultRow } from '../results/exam-results';
import {
  type AttemptLayout,
  drawnPapers,
  examEnded,
  examScores,
  publishedExam,
  resultFacts,
  scoreAttempt,
} from '../results/scores';
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
      const score = scores.get(row.attempt_id) ?? scoreAttempt(exam, paper, undefined, null);
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

// --- Every answer ------------------------------------------------------------------------------

interface StoredAnswer extends AnswerColumns {
  attempt_id: string;
  question_id: string;
  awarded_marks: number | null;
}

/** Attempts read per page of the answers: each brings a row per question, up to 250. */
const ANSWERS_PAGE = 100;

const answersOfAttempts = preparedSql<StoredAnswer>(
  'export_answers_of_attempts',
  `select attempt_id, question_id, selected_option, text, response, awarded_marks::float8
  from attempt_answers where attempt_id = any($1::uuid[])`,
);

/** An attempt's questions in the paper's order, numbered through it as the report numbers them. */
const numberedQuestions = (paper: ExamPaper, layout: AttemptLayout) =>
  paper.sections
    .flatMap((section) => questionsOfAttempt(paper, layout, section))
    .map((question, index) => ({
      label: `Q${index + 1}`,
      question,
    }));

/**
 * A row per submitted attempt and question, by roll number then question: who answered, which
 * question of which type, the answer as a reader reads it, the marks it earned (blank while an
 * evaluator has not marked it) and the question's marks.
 */
async function* answerRows(db: AppDatabase, exam: ExamRow): AsyncGenerator<Cell[][]> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  yield [
    [
      'Student ID',
      'Roll Number',
      'Name',
      'Section',
      'Question',
      'Question Type',
      'Answer',
      'Marks',
      'Out Of',
    ],
  ];
  let after: { rollNumber: string; key: string } | null = null;
  for (;;) {
    const page = await exportPageStatement(db, [
      exam.id,
      false,
      null,
      after?.rollNumber ?? null,
      after?.key ?? null,
      ANSWERS_PAGE,
    ]);
    if (page.length === 0) return;
    const attemptIds = page.flatMap((row) => (row.attempt_id === null ? [] : [row.attempt_id]));
    const [answers, layouts] = await Promise.all([
      answersOfAttempts(db, [attemptIds]),
      drawnPapers(db, paper, exam.id, attemptIds),
    ]);
    const answerOf = new Map(
      answers.map((answer) => [`${answer.attempt_id} ${answer.question_id}`, answer]),
    );
    const files = await filesByIds(
      db,
      answers.flatMap((answer) => fileIdsOf(answer.response)),
    );
    yield page.flatMap((row) => {
      const student = [
        row.student_id,
        row.roll_number,
        `${row.first_name} ${row.last_name}`,
        audienceSectionLabel({ branchCode: row.branch_code, name: row.section_name }),
      ];
      // Each student's own questions: in a drawn section, those their paper drew.
      const layout = (row.attempt_id && layouts.get(row.attempt_id)) || null;
      return numberedQuestions(paper, layout).map(({ label, question }) => {
        const answer = answerOf.get(`${row.attempt_id} ${question.id}`);
        return [
          ...student,
          label,
          QUESTION_TYPE_LABELS[question.questionType],
          answerText(question, answer, files),
          // Unanswered scores 0, as the results count it; an answer not marked yet is blank.
          answer ? (answer.awarded_marks ?? '') : 0,
          question.marks,
        ];
      });
    });
    const last = page.at(-1) as (typeof page)[number];
    after = { rollNumber: last.roll_number, key: last.row_key };
    if (page.length < ANSWERS_PAGE) return;
  }
}

/** Every submitted answer of the exam as a file streamed page by page, with its name. */
export async function exportAnswers(db: AppDatabase, examId: string, format: ExportFormat) {
  const exam = await publishedExam(db, examId);
  return {
    fileName: `${exam.examId}-answers.${format}`,
    stream: spreadsheetStream(format, 'Answers', answerRows(db, exam)),
  };
}
