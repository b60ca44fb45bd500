import {
  type ExamReportData,
  isWrittenQuestion,
  type QuestionStatistic,
  REPORT_LIMITS,
  RESULT_MESSAGES,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { QuestionPart } from '../../db/schema';
import {
  type ExamPaper,
  examPaper,
  type PaperQuestion,
  type QuestionKey,
  questionsOfAttempt,
  questionsOfSection,
} from '../attempts/exam-paper';
import { audienceSections } from '../exams/audience-sections';
import { examHeaderWithMarksOf } from '../exams/exam-header';
import { type MediaLinks, mediaUrlsFor } from '../media/media-links';
import { absentScoredAsZero, resultSummary } from '../results/result-summary';
import {
  type AttemptLayout,
  type AttemptScore,
  drawnPapers,
  examEnded,
  examScores,
  publishedExam,
  resultFacts,
  resultStatusOf,
  scoreAttempt,
  sectionMaximum,
} from '../results/scores';
import { countsAbsentAsZero } from '../settings/settings.service';
import { answerSpread } from './answer-spread';

const multiSelectKey = (key: QuestionKey | undefined) =>
  key?.questionType === 'MULTI_SELECT' ? [...key.correctOptions].map(String) : null;

const numericalKey = (key: QuestionKey | undefined) =>
  key?.questionType === 'NUMERICAL'
    ? { numericAnswers: key.numericAnswers, answerUnit: key.units[0]?.unit ?? null }
    : { numericAnswers: null, answerUnit: null };

const idAndText = (parts: QuestionPart[] | null) =>
  parts?.map(({ id, text }) => ({ _id: id, text })) ?? null;

/** The key in force of a question with parts, with the parts it names; null for the others. */
function partsKey(question: PaperQuestion, key: QuestionKey | undefined) {
  return {
    blanks: key?.questionType === 'FILL_IN_BLANKS' ? key.blanks : null,
    prompts: idAndText(question.prompts),
    matchChoices: idAndText(question.matches),
    correctMatches:
      key?.questionType === 'MATCHING'
        ? Object.fromEntries(key.pairs.map(({ prompt, match }) => [prompt, match]))
        : null,
    items: idAndText(question.items),
    correctOrder: key?.questionType === 'ORDERING' ? key.order : null,
  };
}

/** The exam's submitted attempts, each with the section its student is in. */
const submittedAttemptsStatement = preparedSql<{ id: string; section_id: string }>(
  'exam_submitted_attempts_by_section',
  `select attempt.id, student.section_id from exam_attempts as attempt
  inner join students as student on student.user_id = attempt.student_user_id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'`,
);

/**
 * Per question of the exam: how many submitted attempts answered it, how many earned its full
 * marks, and how many of those are in the upper (side 1) and lower (side -1) groups, which come
 * as a list joined by hash rather than searched for each answer.
 */
const questionCountsStatement = preparedSql<{
  question_id: string;
  answered: number;
  correct: number;
  correct_upper: number;
  correct_lower: number;
}>(
  'exam_question_counts',
  `select answer.question_id,
    count(*) filter (where answer.selected_option is not null
      or coalesce(answer.text, '') <> '' or answer.response is not null)::int as answered,
    count(*) filter (where answer.awarded_marks >= question.marks)::int as correct,
    count(*) filter (where answer.awarded_marks >= question.marks and grp.side = 1)::int
      as correct_upper,
    count(*) filter (where answer.awarded_marks >= question.marks and grp.side = -1)::int
      as correct_lower
  from exam_attempts as attempt
  inner join attempt_answers as answer on answer.attempt_id = attempt.id
  inner join questions as question on question.id = answer.question_id
  left join unnest($2::uuid[], $3::int[]) as grp(attempt_id, side) on grp.attempt_id = attempt.id
  where attempt.exam_id = $1 and attempt.status = 'SUBMITTED'
  group by answer.question_id`,
);

const averageOf = (values: readonly number[]) =>
  values.length === 0
    ? null
    : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;

/** Counts of totals in equal bins from 0 to the total marks; full marks fall in the last one. */
function histogramOf(totals: readonly number[], totalMarks: number) {
  const bins = REPORT_LIMITS.histogramBins;
  const edge = (index: number) => Math.round(((index * totalMarks) / bins) * 100) / 100;
  const counts = new Array<number>(bins).fill(0);
  for (const total of totals) {
    const index = Math.min(bins - 1, Math.floor((total * bins) / totalMarks));
    counts[index] = (counts[index] as number) + 1;
  }
  return counts.map((count, index) => ({ from: edge(index), to: edge(index + 1), count }));
}

interface Given {
  all: number;
  upper: number;
  lower: number;
}

const NOBODY: Given = { all: 0, upper: 0, lower: 0 };

/**
 * How many submitted attempts were given each question, of all and of the upper (side 1) and
 * lower (side -1) groups: every one for a listed question, those whose paper drew it for a drawn
 * one. A question's rates are over the attempts that were given it.
 */
function attemptsGiven(
  paper: ExamPaper,
  ranked: readonly { id: string }[],
  groups: readonly { id: string; side: number }[],
  layouts: ReadonlyMap<string, AttemptLayout>,
): Map<string, Given> {
  const sideOf = new Map(groups.map((member) => [member.id, member.side]));
  const given = new Map<string, Given>();
  for (const { id } of ranked) {
    const side = sideOf.get(id);
    const layout = layouts.get(id) ?? null;
    for (const section of paper.sections) {
      for (const question of questionsOfAttempt(paper, layout, section)) {
        const counts = given.get(question.id) ?? { ...NOBODY };
        counts.all += 1;
        if (side === 1) counts.upper += 1;
        if (side === -1) counts.lower += 1;
        given.set(question.id, counts);
      }
    }
  }
  return given;
}

/**
 * How the exam went: the results' figures, a histogram of totals, each section's average over the
 * attempts it counts for (with the absent where the institution counts them as 0), and per question its difficulty (the share of submitted attempts
 * earning its full marks) and discrimination index (that share in the top 27% of totals minus
 * that share in the bottom 27%).
 */
export async function examReport(
  db: AppDatabase,
  examId: string,
  now: Date,
  links: MediaLinks,
): Promise<ExamReportData> {
  const exam = await publishedExam(db, examId);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const [facts, scores, submitted, absentAsZero, sectionsOfExam, layouts] = await Promise.all([
    resultFacts(db, [exam.id]),
    examScores(db, exam),
    submittedAttemptsStatement(db, [exam.id]),
    countsAbsentAsZero(db),
    audienceSections(db, exam.id),
    drawnPapers(db, paper, exam.id),
  ]);
  const examFacts = facts.get(exam.id) ?? {
    participants: 0,
    notStarted: 0,
    inProgress: 0,
    submitted: 0,
    answersToMark: 0,
  };
  const ended = examEnded(exam, examFacts, now);
  const empty = scoreAttempt(exam, paper, undefined, null);
  // An attempt that answered nothing has no marks read: it scores as an empty script.
  const ranked: { id: string; score: AttemptScore }[] = submitted
    .map(({ id }) => ({ id, score: scores.get(id) ?? empty }))
    .sort((a, b) => a.score.total - b.score.total || a.id.localeCompare(b.id));

  // The absent the institution counts as 0 weigh in the figures as empty scripts; the questions'
  // statistics stay those of the scripts submitted, since the absent answered no question.
  const scored = [
    ...ranked.map(({ score }) => score),
    ...Array.from({ length: absentScoredAsZero(examFacts, ended, absentAsZero) }, () => empty),
  ];

  const groupSize =
    ranked.length >= REPORT_LIMITS.discriminationMinimum
      ? Math.round(ranked.length * REPORT_LIMITS.discriminationGroup)
      : 0;
  const groups = [
    ...ranked.slice(0, groupSize).map(({ id }) => ({ id, side: -1 })),
    ...ranked.slice(ranked.length - groupSize).map(({ id }) => ({ id, side: 1 })),
  ];
  const [countRows, spread] = await Promise.all([
    questionCountsStatement(db, [
      exam.id,
      groups.map((member) => member.id),
      groups.map((member) => member.side),
    ]),
    answerSpread(db, exam.id, paper),
  ]);
  const counts = new Map(countRows.map((row) => [row.question_id, row]));
  const given = attemptsGiven(paper, ranked, groups, layouts);

  const questions: QuestionStatistic[] = paper.sections.flatMap((section) =>
    questionsOfSection(section).map((question, index) => {
      const count = counts.get(question.id);
      const correct = count?.correct ?? 0;
      const { all, upper, lower } = given.get(question.id) ?? NOBODY;
      const discrimination =
        groupSize > 0 && upper > 0 && lower > 0
          ? (count?.correct_upper ?? 0) / upper - (count?.correct_lower ?? 0) / lower
          : null;
      let flag: string | null = null;
      if (discrimination !== null && discrimination < 0) flag = RESULT_MESSAGES.flagReversed;
      else if (all > 0 && correct === 0 && !isWrittenQuestion(question.questionType))
        flag = RESULT_MESSAGES.flagNobodyCorrect;
      return {
        questionId: question.id,
        sectionName: section.name,
        position: index + 1,
        questionText: question.questionText,
        questionType: question.questionType,
        marks: question.marks,
        answered: count?.answered ?? 0,
        given: all,
        correctRate: all > 0 ? correct / all : null,
        discrimination,
        flag,
        options: question.options?.map((text, option) => ({ _id: String(option), text })) ?? null,
        correctOptionId: paper.correctOptionById.has(question.id)
          ? String(paper.correctOptionById.get(question.id))
          : null,
        correctOptionIds: multiSelectKey(paper.keyById.get(question.id)),
        ...numericalKey(paper.keyById.get(question.id)),
        ...partsKey(question, paper.keyById.get(question.id)),
        optionChoices: spread.get(question.id)?.optionChoices ?? null,
        commonValues: spread.get(question.id)?.commonValues ?? null,
        partsRight: spread.get(question.id)?.partsRight ?? null,
      };
    }),
  );

  return {
    exam: examHeaderWithMarksOf(exam),
    resultStatus: resultStatusOf(exam, examFacts, now),
    summary: resultSummary(examFacts, scored, ended, absentAsZero),
    histogram: histogramOf(
      scored.map((score) => score.total),
      exam.totalMarks,
    ),
    sections: paper.sections.map((section, index) => ({
      sectionId: section.id,
      name: section.name,
      maxMarks: sectionMaximum(paper, section, null),
      average: averageOf(
        scored
          .map((score) => score.sections[index])
          .filter((marks) => marks?.counted)
          .map((marks) => marks?.marks ?? 0),
      ),
    })),
    audienceSections: sectionsOfExam.map((section) => {
      const totals = submitted
        .filter((attempt) => attempt.section_id === section._id)
        .map(({ id }) => scores.get(id) ?? empty);
      return {
        ...section,
        submitted: totals.length,
        average: averageOf(totals.map((score) => score.total)),
        passRate:
          totals.length > 0 ? totals.filter((score) => score.passed).length / totals.length : null,
      };
    }),
    questions,
    ...mediaUrlsFor(
      links,
      paper.sections.flatMap((section) =>
        questionsOfSection(section).flatMap((question) => question.mediaIds),
      ),
      exam.id,
      now,
    ),
  };
}
