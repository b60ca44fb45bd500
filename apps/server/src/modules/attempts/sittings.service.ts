import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  audienceSectionLabel,
  type GrantExtraTimePayload,
  type Sitting,
  type SittingsData,
  type SittingsQuery,
} from '@examiq/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { findPage } from '../../db/paging';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import {
  branches,
  examAllowances,
  examAttempts,
  exams,
  examTargetSections,
  sections,
  students,
  users,
} from '../../db/schema';
import { containing } from '../../db/search';
import { SINGLE_ROW } from '../../db/single-row';
import { ApiError, FieldErrors } from '../../errors';
import { auditInsertText } from '../audit/audit';
import { audienceSections } from '../exams/audience-sections';
import { examHeaderOf, scheduleDetailsOf } from '../exams/exam-header';
import { type AttemptRow, examById } from './attempt-records';
import { examPaper, questionsOfAttempt } from './exam-paper';
import { attemptSummary } from './student-view';

const answered = sql`(selected_option is not null or text <> '' or response is not null)`;

/** Who the search matches: a name, a roll number or a student ID containing it. */
export const matchesSearch = sql`(${sql.placeholder('pattern')}::text is null
  or (${students.firstName} || ' ' || ${students.lastName}) ilike ${sql.placeholder('pattern')}
  or ${students.rollNumber} ilike ${sql.placeholder('pattern')}
  or ${students.studentId} ilike ${sql.placeholder('pattern')})`;

/** Who the section filter keeps: everyone without one. */
const inSection = sql`(${sql.placeholder('sectionId')}::uuid is null or ${examTargetSections.sectionId} = ${sql.placeholder('sectionId')}::uuid)`;

/** The students of an exam's target sections, each with their attempt and extra time. */
const sittingRows = perDatabase((db) =>
  db
    .select({
      student: {
        _id: students.id,
        studentId: students.studentId,
        rollNumber: students.rollNumber,
        firstName: students.firstName,
        lastName: students.lastName,
        email: users.email,
      },
      section: { branchCode: branches.code, name: sections.name },
      attempt: examAttempts,
      extraMinutes: examAllowances.extraMinutes,
      answersSaved:
        sql<number>`(select count(*) from attempt_answers where attempt_id = ${examAttempts.id} and ${answered})`.mapWith(
          Number,
        ),
    })
    .from(examTargetSections)
    .innerJoin(students, eq(students.sectionId, examTargetSections.sectionId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
    .innerJoin(branches, eq(branches.id, sections.branchId))
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.examId, examTargetSections.examId),
        eq(examAttempts.studentUserId, students.userId),
      ),
    )
    .leftJoin(
      examAllowances,
      and(
        eq(examAllowances.examId, examTargetSections.examId),
        eq(examAllowances.studentUserId, students.userId),
      ),
    )
    .where(and(eq(examTargetSections.examId, sql.placeholder('examId')), matchesSearch, inSection))
    .orderBy(asc(students.rollNumber), asc(students.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('exam_sittings'),
);

const sittingCount = perDatabase((db) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(examTargetSections)
    .innerJoin(students, eq(students.sectionId, examTargetSections.sectionId))
    .where(and(eq(examTargetSections.examId, sql.placeholder('examId')), matchesSearch, inSection))
    .prepare('exam_sitting_count'),
);

function sittingStatus(attempt: typeof examAttempts.$inferSelect | null): Sitting['status'] {
  if (!attempt) return 'NOT_STARTED';
  if (attempt.status === 'IN_PROGRESS') return 'IN_PROGRESS';
  return attempt.submitTrigger === 'DEADLINE' ? 'SUBMITTED_BY_DEADLINE' : 'SUBMITTED';
}

/** Every targeted student of an exam and where their sitting stands, one page at a time. */
export async function listSittings(
  db: AppDatabase,
  examId: string,
  query: SittingsQuery,
): Promise<SittingsData> {
  const pattern = query.search ? containing(query.search) : null;
  const sectionId = query.section ?? null;
  const [[exam], { items: rows, pagination }, sectionsOfExam] = await Promise.all([
    examById(db).execute({ examId }),
    findPage(
      query,
      (window) => sittingRows(db).execute({ examId, pattern, sectionId, ...window }),
      async () => {
        const [count] = await sittingCount(db).execute({ examId, pattern, sectionId });
        return count?.total ?? 0;
      },
    ),
    audienceSections(db, examId),
  ]);
  if (!exam) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  // Before the start the paper's size; once started, the student's own questions.
  const questionCount = (attempt: AttemptRow | null) =>
    paper.sections.reduce(
      (sum, section) =>
        sum +
        (attempt
          ? questionsOfAttempt(paper, attempt.layout, section).length
          : section.totalQuestions),
      0,
    );
  return {
    exam: examHeaderOf(exam, {
      duration: exam.durationMinutes,
      scheduleDetails: scheduleDetailsOf(exam),
    }),
    attempts: rows.map(({ student, section, attempt, extraMinutes, answersSaved }) => ({
      student: { ...student, section: audienceSectionLabel(section) },
      status: sittingStatus(attempt),
      attemptId: attempt?.id ?? null,
      startedAt: attempt?.startedAt.toISOString() ?? null,
      submittedAt: attempt?.submittedAt?.toISOString() ?? null,
      deadlineAt: attempt?.deadlineAt.toISOString() ?? null,
      lastSeenAt: attempt?.lastSeenAt?.toISOString() ?? null,
      answersSaved: attempt ? answersSaved : 0,
      totalQuestions: questionCount(attempt),
      extraMinutes: extraMinutes ?? 0,
    })),
    audienceSections: sectionsOfExam,
    pagination,
  };
}

/** The exam, the student's account, whether the student is in its audience, and the attempt. */
const extraTimeTarget = perDatabase((db) =>
  db
    .select({
      examFound: sql<boolean>`exists (select from ${exams} where ${exams.id} = ${sql.placeholder('examId')})`,
      studentUserId: students.userId,
      targeted: sql<boolean>`exists (select from ${examTargetSections} where ${examTargetSections.examId} = ${sql.placeholder('examId')} and ${examTargetSections.sectionId} = ${students.sectionId})`,
      attemptStatus: examAttempts.status,
      attemptDeadlineAt: examAttempts.deadlineAt,
    })
    .from(SINGLE_ROW)
    .leftJoin(students, eq(students.id, sql.placeholder('studentId')))
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.examId, sql.placeholder('examId')),
        eq(examAttempts.studentUserId, students.userId),
      ),
    )
    .prepare('extra_time_target'),
);

/**
 * Sets the student's extra time on the exam and, when they are sitting it, moves their deadline
 * (and the sweep's due time) to the attempt's base deadline plus it, and records it among the
 * proctors' actions and in the audit log, in one statement.
 */
const grantStatement = preparedSql<{ id: string }>(
  'grant_extra_time',
  `
  with allowance as (
    insert into exam_allowances (exam_id, student_user_id, extra_minutes, granted_by, granted_at)
    values ($1, $2, $3, $4, $5)
    on conflict (exam_id, student_user_id) do update set
      extra_minutes = excluded.extra_minutes, granted_by = excluded.granted_by,
      granted_at = excluded.granted_at
  ), attempt as (
    update exam_attempts
    set deadline_at = base_deadline_at + make_interval(mins => $3),
      due_at = base_deadline_at + make_interval(mins => $3) + make_interval(secs => $6)
    where exam_id = $1 and student_user_id = $2 and status = 'IN_PROGRESS'
      and deadline_at + make_interval(secs => $6) >= $5
    returning id
  ), event as (
    insert into attempt_events (attempt_id, type, at, data)
    select id, 'extra_time', $5, json_build_object('minutes', $3::int, 'grantedBy', $4::uuid)
    from attempt
  ), action as (
    insert into proctor_actions (exam_id, attempt_id, student_user_id, type, actor_user_id, detail, at)
    values ($1, (select id from attempt), $2, 'EXTRA_TIME', $4, json_build_object('minutes', $3::int), $5)
  ), audit as (
    ${auditInsertText(
      {
        at: '$5',
        actorUserId: '$4',
        action: "'exam.grant-extra-time'",
        recordType: "'exam'",
        recordId: 'exam.id',
        recordLabel: 'exam.title',
        summary: `'Set the extra time of ' || student.first_name || ' ' || student.last_name
          || ' (' || student.student_id || ') to ' || $3 || ' minutes'`,
        changes: `json_build_object('student', student.student_id, 'extraMinutes', $3::int)`,
      },
      'exams as exam, students as student where exam.id = $1 and student.user_id = $2',
    )}
  )
  select id from attempt`,
);

const attemptOfStudent = perDatabase((db) =>
  db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.examId, sql.placeholder('examId')),
        eq(examAttempts.studentUserId, sql.placeholder('studentUserId')),
      ),
    )
    .prepare('attempt_of_student'),
);

export async function grantExtraTime(
  db: AppDatabase,
  { examId, studentId, minutes }: GrantExtraTimePayload,
  grantedBy: string,
  now: Date,
) {
  const [target] = await extraTimeTarget(db).execute({ examId, studentId });
  if (!target?.examFound) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  if (!target.studentUserId) throw new ApiError(404, ATTEMPT_MESSAGES.studentNotFound);
  if (!target.targeted) throw new FieldErrors({ studentId: ATTEMPT_MESSAGES.studentNotInAudience });
  if (target.attemptStatus === 'SUBMITTED') {
    throw new ApiError(409, ATTEMPT_MESSAGES.attemptSubmittedNoExtraTime);
  }
  // Past its deadline and grace the attempt is over, swept or not: extra time cannot revive it.
  if (
    target.attemptStatus === 'IN_PROGRESS' &&
    target.attemptDeadlineAt &&
    target.attemptDeadlineAt.getTime() + ATTEMPT_LIMITS.saveGraceMs < now.getTime()
  ) {
    throw new ApiError(409, ATTEMPT_MESSAGES.timeAlreadyOver);
  }
  const studentUserId = target.studentUserId;
  await grantStatement(db, [
    examId,
    studentUserId,
    minutes,
    grantedBy,
    now,
    ATTEMPT_LIMITS.saveGraceMs / 1000,
  ]);
  const [attempt] = await attemptOfStudent(db).execute({ examId, studentUserId });
  return {
    allowance: { examId, studentId, extraMinutes: minutes },
    attempt: attempt ? attemptSummary(attempt) : null,
  };
}
