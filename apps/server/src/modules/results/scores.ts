import {
  hasPassed,
  RESULT_MESSAGES,
  type ResultStatus,
  type SectionScore,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { AttemptLayoutColumn, exams } from '../../db/schema';
import { ApiError } from '../../errors';
import { examById } from '../attempts/attempt-records';
import {
  type ExamPaper,
  examPaper,
  hasDrawnSections,
  type PaperQuestion,
  type PaperSection,
  questionsOfAttempt,
} from '../attempts/exam-paper';
import { sittingWindow } from '../attempts/exam-window';
import { scheduleDetailsOf } from '../exams/exam-header';

type ExamRow = typeof exams.$inferSelect;

/**
 * A published exam, for every results, grading and report call: a draft has no results to speak
 * of and is as unknown as a made-up id.
 */
export async function publishedExam(db: AppDatabase, examId: string): Promise<ExamRow> {
  const [exam] = await examById(db).execute({ examId });
  if (exam?.status !== 'PUBLISH') throw new ApiError(404, RESULT_MESSAGES.examNotFound);
  return exam;
}

export async function factsOf(db: AppDatabase, examId: string): Promise<ResultFacts> {
  const facts = (await resultFacts(db, [examId])).get(examId);
  if (!facts) throw new Error(`No result facts were read for exam ${examId}`);
  return facts;
}

export interface SectionMarks {
  marks: number;
  answered: boolean;
  toMark: number;
  /** In a section with internal choice, the marks of each answer given (0 while unmarked). */
  answerMarks: number[] | null;
}

/**
 * Whether a saved answer row (SQL alias `answer`) holds an answer: a row may hold only a mark for
 * review.
 */
export const ANSWERED = `(answer.selected_option is not null or coalesce(answer.text, '') <> ''
  or answer.response is not null)`;

/**
 * Each submitted attempt's marks by section: what was awarded, whether answered, what is left, and
 * in the sections with internal choice ($3) each answer's marks, of which the best count.
 */
const sectionMarksStatement = preparedSql<{
  attempt_id: string;
  section_id: string;
  marks: number;
  answered: boolean;
  to_mark: number;
  answer_marks: number[] | null;
}>(
  'exam_section_marks',
  `select answer.attempt_id, question.section_id,
    coalesce(sum(answer.awarded_marks), 0)::float8 as marks,
    bool_or(${ANSWERED}) as answered,
    count(*) filter (where answer.awarded_marks is null)::int as to_mark,
    array_agg(coalesce(answer.awarded_marks, 0)::float8)
      filter (where question.section_id = any($3::uuid[]) and ${ANSWERED}) as answer_marks
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  inner join questions as question on question.id = answer.question_id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and ($2::uuid[] is null or attempt.id = any($2::uuid[]))
  group by answer.attempt_id, question.section_id`,
);

/**
 * The marks of the exam's submitted attempts, by attempt and section; of the attempts named, or of
 * all of them. An attempt that answered nothing has no entry.
 */
export async function sectionMarks(
  db: AppDatabase,
  paper: ExamPaper,
  examId: string,
  attemptIds: string[] | null = null,
): Promise<Map<string, Map<string, SectionMarks>>> {
  const choiceSections = paper.sections
    .filter((section) => section.answerAny !== null)
    .map((section) => section.id);
  const rows = await sectionMarksStatement(db, [examId, attemptIds, choiceSections]);
  const byAttempt = new Map<string, Map<string, SectionMarks>>();
  for (const row of rows) {
    let sections = byAttempt.get(row.attempt_id);
    if (!sections) {
      sections = new Map();
      byAttempt.set(row.attempt_id, sections);
    }
    sections.set(row.section_id, {
      marks: row.marks,
      answered: row.answered,
      toMark: row.to_mark,
      answerMarks: row.answer_marks,
    });
  }
  return byAttempt;
}

/** Marks are stored to one decimal place: a sum of them is rounded back to it. */
const toTenths = (marks: number) => Math.round(marks * 10) / 10;

/** The sum of the `count` largest marks. */
function bestOf(count: number, marks: readonly number[]): number {
  const best = [...marks].sort((a, b) => b - a).slice(0, count);
  return toTenths(best.reduce((sum, each) => sum + each, 0));
}

/**
 * The questions whose marks make a section's maximum for an attempt: its own. Without an attempt
 * (a student absent), those of any paper: every paper drawn for a section is worth the same.
 */
function questionsForMaximum(
  paper: ExamPaper,
  section: PaperSection,
  layout: AttemptLayout,
): PaperQuestion[] {
  if (layout || section.pools.length === 0) return questionsOfAttempt(paper, layout, section);
  return section.pools.flatMap((pool) => pool.questions.slice(0, pool.count));
}

/** The most a section can earn: all its questions' marks, or under internal choice the best K. */
export function sectionMaximum(
  paper: ExamPaper,
  section: PaperSection,
  layout: AttemptLayout,
): number {
  const marks = questionsForMaximum(paper, section, layout).map((question) => question.marks);
  return bestOf(section.answerAny ?? marks.length, marks);
}

/** Whether a saved answer row holds an answer, as `ANSWERED` reads it in SQL. */
export function isAnswered(row: {
  selectedOption: number | null;
  text: string | null;
  response: unknown;
}): boolean {
  return row.selectedOption !== null || (row.text ?? '') !== '' || row.response !== null;
}

/**
 * The questions whose answers count in a section with internal choice: the best K answered, by
 * marks awarded, the earlier question first on equal marks; null when every answer counts.
 */
export function countedQuestions(
  section: Pick<PaperSection, 'answerAny'>,
  questions: readonly PaperQuestion[],
  answers: ReadonlyMap<string, { awardedMarks: number | null; answered: boolean }>,
): Set<string> | null {
  if (section.answerAny === null) return null;
  const answered = questions.filter((question) => answers.get(question.id)?.answered);
  const marksOf = (question: PaperQuestion) => answers.get(question.id)?.awardedMarks ?? 0;
  // A stable sort keeps the paper's order among equal marks.
  const best = [...answered].sort((a, b) => marksOf(b) - marksOf(a)).slice(0, section.answerAny);
  return new Set(best.map((question) => question.id));
}

/** An attempt's layout as far as its paper goes: which questions it was given. */
export type AttemptLayout = Pick<AttemptLayoutColumn, 'drawn'> | null;

export interface AttemptScore {
  sections: SectionScore[];
  total: number;
  toMark: number;
  passed: boolean;
}

/**
 * An attempt's result from its section marks. A required section always counts; an optional one
 * counts when the student answered any of its questions. A section with internal choice earns its
 * best K answers' marks. The total never exceeds the exam's total marks, which optional sections
 * may otherwise overrun. `layout` says which questions the attempt was given (null: an absent
 * student's, or a paper with no drawn section).
 */
export function scoreAttempt(
  exam: Pick<ExamRow, 'totalMarks' | 'passingMarks'>,
  paper: ExamPaper,
  marks: Map<string, SectionMarks> | undefined,
  layout: AttemptLayout,
): AttemptScore {
  let sum = 0;
  let toMark = 0;
  const sections = paper.sections.map((section) => {
    const earned = marks?.get(section.id);
    const counted = !section.isOptional || (earned?.answered ?? false);
    const sectionMarks =
      section.answerAny === null
        ? (earned?.marks ?? 0)
        : bestOf(section.answerAny, earned?.answerMarks ?? []);
    if (counted) {
      sum += sectionMarks;
      toMark += earned?.toMark ?? 0;
    }
    return {
      sectionId: section.id,
      name: section.name,
      marks: sectionMarks,
      maxMarks: sectionMaximum(paper, section, layout),
      isOptional: section.isOptional,
      counted,
    };
  });
  const total = Math.min(sum, exam.totalMarks);
  return { sections, total, toMark, passed: hasPassed(total, exam.passingMarks) };
}

const drawnPapersStatement = preparedSql<{ id: string; drawn: AttemptLayoutColumn['drawn'] }>(
  'exam_drawn_papers',
  `select attempt.id, attempt.layout->'drawn' as drawn from exam_attempts as attempt
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
    and ($2::uuid[] is null or attempt.id = any($2::uuid[]))`,
);

/**
 * The questions each submitted attempt was given in the exam's drawn sections, by attempt id;
 * empty for a paper without any, whose attempts all have the same questions.
 */
export async function drawnPapers(
  db: AppDatabase,
  paper: ExamPaper,
  examId: string,
  attemptIds: string[] | null = null,
): Promise<Map<string, AttemptLayout>> {
  if (!hasDrawnSections(paper)) return new Map();
  const rows = await drawnPapersStatement(db, [examId, attemptIds]);
  return new Map(rows.map((row) => [row.id, row.drawn ? { drawn: row.drawn } : null]));
}

/** The scores of every submitted attempt of an exam, by attempt id. */
export async function examScores(
  db: AppDatabase,
  exam: ExamRow,
  attemptIds: string[] | null = null,
): Promise<Map<string, AttemptScore>> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const [marks, layouts] = await Promise.all([
    sectionMarks(db, paper, exam.id, attemptIds),
    drawnPapers(db, paper, exam.id, attemptIds),
  ]);
  const scores = new Map<string, AttemptScore>();
  for (const [attemptId, sections] of marks) {
    scores.set(attemptId, scoreAttempt(exam, paper, sections, layouts.get(attemptId) ?? null));
  }
  return scores;
}

export interface ResultFacts {
  /** The students of the exam's target sections. */
  participants: number;
  /** Those of them with no attempt at all: absent once the exam has ended. */
  notStarted: number;
  inProgress: number;
  submitted: number;
  answersToMark: number;
}

const resultFactsStatement = preparedSql<{
  exam_id: string;
  participants: number;
  not_started: number;
  in_progress: number;
  submitted: number;
  to_mark: number;
}>(
  'exam_result_facts',
  `select exam.exam_id, audience.participants, audience.not_started, sittings.in_progress,
    sittings.submitted, sittings.to_mark
  from unnest($1::uuid[]) as exam(exam_id)
  cross join lateral (
    select count(*)::int as participants,
      count(*) filter (where not exists (select 1 from exam_attempts as attempt
        where attempt.exam_id = exam.exam_id and attempt.student_user_id = student.user_id)
      )::int as not_started
    from exam_target_sections as target
    inner join students as student on student.section_id = target.section_id
    where target.exam_id = exam.exam_id
  ) as audience
  cross join lateral (
    select count(*) filter (where attempt.status = 'IN_PROGRESS')::int as in_progress,
      count(*) filter (where attempt.status = 'SUBMITTED')::int as submitted,
      coalesce(sum((select count(*) from attempt_answers as answer
        where answer.attempt_id = attempt.id and answer.awarded_marks is null)
        ) filter (where attempt.status = 'SUBMITTED'), 0)::int as to_mark
    from exam_attempts as attempt where attempt.exam_id = exam.exam_id
  ) as sittings`,
);

/** For each exam: its audience, attempts in progress and submitted, written answers to mark. */
export async function resultFacts(
  db: AppDatabase,
  examIds: string[],
): Promise<Map<string, ResultFacts>> {
  const facts = new Map<string, ResultFacts>();
  if (examIds.length === 0) return facts;
  for (const row of await resultFactsStatement(db, [examIds])) {
    facts.set(row.exam_id, {
      participants: row.participants,
      notStarted: row.not_started,
      inProgress: row.in_progress,
      submitted: row.submitted,
      answersToMark: row.to_mark,
    });
  }
  return facts;
}

/**
 * Whether every sitting of the exam is over: nobody is still writing, and either its window has
 * closed or every student of its audience has submitted (one attempt each: nobody can start).
 */
export function examEnded(exam: ExamRow, facts: ResultFacts, now: Date): boolean {
  if (facts.inProgress > 0) return false;
  const windowClosed = sittingWindow(scheduleDetailsOf(exam)).endsAt <= now;
  return windowClosed || (facts.participants > 0 && facts.submitted >= facts.participants);
}

/**
 * Published once the admin published; Ready to Publish once every sitting is over and every
 * written answer marked; Evaluating until then.
 */
export function resultStatusOf(exam: ExamRow, facts: ResultFacts, now: Date): ResultStatus {
  if (exam.resultsPublishedAt) return 'Published';
  return examEnded(exam, facts, now) && facts.answersToMark === 0
    ? 'Ready to Publish'
    : 'Evaluating';
}
