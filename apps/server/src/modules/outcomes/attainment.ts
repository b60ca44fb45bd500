import {
  type AttainmentLevels,
  attainmentLevelOf,
  type OutcomeAttainment,
  reachesTarget,
} from '@examiq/contracts';
import type { AppDatabase } from '../../db/client';
import { preparedSql } from '../../db/prepared-sql';
import type { courseOutcomes } from '../../db/schema';
import { givenTo, paperPosition } from '../results/given-questions';
import { ANSWERED } from '../results/scores';

/**
 * Per student and course outcome, over the exams named ($1): the marks their own papers held
 * toward the outcome and the marks they scored there, unanswered questions scoring 0. A question of
 * an optional section counts only for a student who answered some of that section, and under
 * internal choice only the K questions that count, as their result counts them: the best K
 * answered, the earlier on equal marks, then (when fewer were answered) the first unanswered ones,
 * which score 0. Narrowed to the students of a section ($2) and to one course's outcomes ($3).
 */
const studentOutcomeMarksStatement = preparedSql<{
  student_user_id: string;
  course_id: string;
  code: string;
  available: number;
  scored: number;
}>(
  'student_outcome_marks',
  `with given as (
    select attempt.student_user_id, question.bank_question_id, question.marks, section.answer_any,
      coalesce(answer.awarded_marks, 0)::float8 as awarded,
      row_number() over (
        partition by attempt.id, section.id
        order by ${ANSWERED} desc, coalesce(answer.awarded_marks, 0) desc,
          ${paperPosition('attempt', 'question')}
      ) as choice_rank
    from exam_attempts as attempt
    inner join students as student on student.user_id = attempt.student_user_id
    inner join exam_sections as section on section.exam_id = attempt.exam_id
    inner join questions as question on question.section_id = section.id
    left join attempt_answers as answer
      on answer.attempt_id = attempt.id and answer.question_id = question.id
    where attempt.exam_id = any($1::uuid[]) and attempt.status = 'SUBMITTED'
      and ($2::uuid is null or student.section_id = $2)
      and ${givenTo('attempt', 'question')}
      and (not section.is_optional or exists (
        select from attempt_answers as other
        inner join questions as sibling on sibling.id = other.question_id
        where other.attempt_id = attempt.id and sibling.section_id = section.id
          and (other.selected_option is not null or coalesce(other.text, '') <> ''
            or other.response is not null)))
  )
  select given.student_user_id, bank.course_id, outcome.code,
    sum(given.marks)::float8 as available, sum(given.awarded)::float8 as scored
  from given
  inner join bank_questions as bank on bank.id = given.bank_question_id
  cross join unnest(bank.course_outcomes) as outcome(code)
  where (given.answer_any is null or given.choice_rank <= given.answer_any)
    and ($3::uuid is null or bank.course_id = $3)
  group by 1, 2, 3`,
);

type Outcome = typeof courseOutcomes.$inferSelect;

export const outcomeKey = (courseId: string, code: string) => `${courseId} ${code}`;
const rounded = (value: number) => Math.round(value * 100) / 100;

/**
 * Each outcome's attainment over the students who sat the exams: a student counts for an outcome
 * when their papers held marks toward it, and reaches it when they scored at least its target
 * percent of those marks. An outcome no paper held marks toward shows `paperMarks` (what the paper
 * is expected to hold), no students and no level.
 */
export async function outcomeAttainment(
  db: AppDatabase,
  scope: { examIds: string[]; sectionId: string | null; courseId: string | null },
  outcomes: Outcome[],
  levelsOf: (courseId: string) => AttainmentLevels,
  paperMarks: Map<string, number> = new Map(),
): Promise<OutcomeAttainment[]> {
  const rows =
    scope.examIds.length === 0
      ? []
      : await studentOutcomeMarksStatement(db, [scope.examIds, scope.sectionId, scope.courseId]);
  const students = new Map<string, { available: number; scored: number }[]>();
  for (const row of rows) {
    const key = outcomeKey(row.course_id, row.code);
    students.set(key, [...(students.get(key) ?? []), row]);
  }
  return outcomes.map((outcome) => {
    const marks = students.get(outcomeKey(outcome.courseId, outcome.code)) ?? [];
    const counted = marks.filter((student) => student.available > 0);
    const reaching = counted.filter((student) =>
      reachesTarget(student.scored, student.available, outcome.targetPercent),
    ).length;
    const mean = (pick: (student: { available: number; scored: number }) => number) =>
      counted.reduce((sum, student) => sum + pick(student), 0) / counted.length;
    const attainmentPercent =
      counted.length > 0 ? rounded((reaching * 100) / counted.length) : null;
    return {
      courseId: outcome.courseId,
      code: outcome.code,
      description: outcome.description,
      targetPercent: outcome.targetPercent,
      marksAvailable:
        counted.length > 0
          ? rounded(mean((student) => student.available))
          : rounded(paperMarks.get(outcomeKey(outcome.courseId, outcome.code)) ?? 0),
      averageMarks: counted.length > 0 ? rounded(mean((student) => student.scored)) : null,
      studentsReaching: reaching,
      studentsTotal: counted.length,
      attainmentPercent,
      level:
        attainmentPercent === null
          ? null
          : attainmentLevelOf(attainmentPercent, levelsOf(outcome.courseId)),
    };
  });
}
