import { isDeepStrictEqual } from 'node:util';
import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  type AudienceGroupNames,
  type CreateExamPayload,
  DEFAULT_PROCTORING_THRESHOLDS,
  EXAM_RECORD_MESSAGES,
  type ExamChangeScope,
  type ExamDetail,
  type ExamListItem,
  type Question,
} from '@examiq/contracts';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  batches,
  branches,
  courses,
  examAttempts,
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  faculty,
  questions,
  sections,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { endNowRefusal } from '../attempts/end-exam-now';
import { newPaperVersion } from '../attempts/exam-paper';
import { availabilityAt, sittingWindow } from '../attempts/exam-window';
import { recordAudit } from '../audit/audit';
import {
  checkAudience,
  checkDuration,
  createExam,
  listColumns,
  rowsOf,
  scheduleDetailsOf,
  toExamListItem,
  withCanonicalIds,
} from './exams.service';

type Reader = Pick<AppDatabase, 'select'>;
type ExamRow = Awaited<ReturnType<typeof examRow>>[number];

function examRow(db: Reader, id: string) {
  return db
    .select({
      ...listColumns,
      description: exams.description,
      generalInstructions: exams.generalInstructions,
      batchId: exams.batchId,
      courseId: exams.courseId,
      branchId: exams.branchId,
      proctoringThresholds: exams.proctoringThresholds,
      resultsPublishedAt: exams.resultsPublishedAt,
      startedCount: sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.examId} = ${id})`,
      inProgressCount: sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.examId} = ${id} and ${examAttempts.status} = 'IN_PROGRESS')`,
    })
    .from(exams)
    .where(eq(exams.id, id));
}

function changeScopeOf(row: ExamRow, now: Date): ExamChangeScope {
  if (row.resultsPublishedAt) return 'NONE';
  if (row.status === 'DRAFT') return 'FULL';
  const notOpened = availabilityAt(sittingWindow(scheduleDetailsOf(row)), now) === 'UPCOMING';
  return notOpened && row.startedCount === 0 ? 'FULL' : 'SCHEDULE_END';
}

/** A stored question as the wizard writes it, with its answer key. */
function questionOf(row: typeof questions.$inferSelect): Question {
  const base = {
    id: row.id,
    questionText: row.questionText,
    marks: row.marks,
    order: row.questionOrder,
    difficulty: row.difficulty,
    explanation: row.explanation,
  };
  switch (row.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE':
      return {
        ...base,
        questionType: row.questionType,
        options: (row.options ?? []).map((text, index) => ({
          text,
          isCorrect: index === row.correctOption,
        })),
      };
    case 'SHORT_ANSWER':
      return {
        ...base,
        questionType: 'SHORT_ANSWER',
        sampleAnswer: row.sampleAnswer ?? '',
        keywords: row.keywords ?? [],
      };
    case 'LONG_ANSWER':
      return {
        ...base,
        questionType: 'LONG_ANSWER',
        modelAnswer: row.modelAnswer ?? '',
        minWordCount: row.minWordCount ?? 0,
        maxWordCount: row.maxWordCount ?? 0,
        keywords: row.keywords ?? [],
      };
  }
}

interface TargetRow {
  id: string;
  name: string;
  branchId: string;
  branch: string;
  code: string;
  courseId: string;
  course: string;
}

/**
 * The audience's groups rebuilt from its sections, one per branch, in the order the rows come:
 * a section's branch and course never change, so the sections say which groups were chosen.
 */
function groupsOf(targets: TargetRow[]) {
  const groups = new Map<
    string,
    { courseId: string; branchId: string; sectionIds: string[]; names: AudienceGroupNames }
  >();
  for (const target of targets) {
    let group = groups.get(target.branchId);
    if (!group) {
      group = {
        courseId: target.courseId,
        branchId: target.branchId,
        sectionIds: [],
        names: { course: target.course, branch: `${target.branch} (${target.code})`, sections: [] },
      };
      groups.set(target.branchId, group);
    }
    group.sectionIds.push(target.id);
    group.names.sections.push(target.name);
  }
  return [...groups.values()];
}

async function readDetail(db: Reader, id: string, now: Date): Promise<ExamDetail> {
  const [row] = await examRow(db, id);
  if (!row) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  const [placement] = await db
    .select({
      batch: batches.name,
      course: courses.fullName,
      branch: branches.name,
      code: branches.code,
    })
    .from(batches)
    .innerJoin(courses, eq(courses.id, row.courseId))
    .innerJoin(branches, eq(branches.id, row.branchId))
    .where(eq(batches.id, row.batchId));
  const targets = await db
    .select({
      id: sections.id,
      name: sections.name,
      branchId: branches.id,
      branch: branches.name,
      code: branches.code,
      courseId: courses.id,
      course: courses.fullName,
    })
    .from(examTargetSections)
    .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
    .innerJoin(branches, eq(branches.id, sections.branchId))
    .innerJoin(courses, eq(courses.id, branches.courseId))
    .where(eq(examTargetSections.examId, id))
    .orderBy(
      sql`${branches.id} <> ${row.branchId}`,
      sql`lower(${courses.fullName})`,
      sql`lower(${branches.name})`,
      branches.id,
      sql`lower(${sections.name})`,
    );
  const groups = groupsOf(targets);
  const first = groups.find((group) => group.branchId === row.branchId);
  const added = groups.filter((group) => group !== first);
  const proctors = await db
    .select({ userId: faculty.userId, firstName: faculty.firstName, lastName: faculty.lastName })
    .from(examFaculty)
    .innerJoin(faculty, eq(faculty.userId, examFaculty.facultyUserId))
    .where(eq(examFaculty.examId, id))
    .orderBy(asc(examFaculty.position));
  const parts = await db
    .select({ section: examSections, question: questions })
    .from(examSections)
    .leftJoin(questions, eq(questions.sectionId, examSections.id))
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.position), asc(questions.position));

  const examSectionsById = new Map<
    string,
    { section: ExamDetail['examSections'][number]; questions: Question[] }
  >();
  for (const { section, question } of parts) {
    let entry = examSectionsById.get(section.id);
    if (!entry) {
      entry = {
        section: {
          id: section.id,
          name: section.name,
          order: section.orderLabel,
          marks: section.marks,
          questionType: section.questionType,
          totalQuestions: section.totalQuestions,
          timeLimit: section.timeLimitMinutes,
          isOptional: section.isOptional,
          instructions: section.instructions,
        },
        questions: [],
      };
      examSectionsById.set(section.id, entry);
    }
    if (question) entry.questions.push(questionOf(question));
  }
  const entries = [...examSectionsById.values()];
  return {
    ...toExamListItem(
      row,
      proctors.map((proctor) => proctor.userId),
    ),
    examDescription: row.description,
    generalInstructions: row.generalInstructions,
    batchId: row.batchId,
    courseId: row.courseId,
    branchId: row.branchId,
    sectionIds: first?.sectionIds ?? [],
    additionalAudiences: added.map(({ courseId, branchId, sectionIds }) => ({
      courseId,
      branchId,
      sectionIds,
    })),
    audience: {
      batch: placement?.batch ?? '',
      course: placement?.course ?? '',
      branch: placement ? `${placement.branch} (${placement.code})` : '',
      sections: first?.names.sections ?? [],
      groups: groups.map((group) => group.names),
      faculty: proctors.map((proctor) => ({
        userId: proctor.userId,
        name: `${proctor.firstName} ${proctor.lastName}`,
      })),
    },
    // An exam stored before it chose its own thresholds (null) applies the defaults.
    proctoringThresholds:
      row.mode === 'PROCTORING'
        ? (row.proctoringThresholds ?? DEFAULT_PROCTORING_THRESHOLDS)
        : null,
    examSections: entries.map((entry) => entry.section),
    questions: entries.map((entry) => entry.questions),
    startedCount: row.startedCount,
    inProgressCount: row.inProgressCount,
    canEndNow:
      endNowRefusal(
        { ...row, scheduleDetails: scheduleDetailsOf(row) },
        row.inProgressCount,
        now,
      ) === null,
    resultsPublished: row.resultsPublishedAt !== null,
    changeScope: changeScopeOf(row, now),
  };
}

export function getExam(db: AppDatabase, id: string, now: Date): Promise<ExamDetail> {
  return readDetail(db, id, now);
}

/** The exam as a create payload would give it again. */
function payloadOf(detail: ExamDetail): CreateExamPayload {
  return {
    examStatus: detail.examStatus,
    examTitle: detail.examTitle,
    examDescription: detail.examDescription,
    subject: detail.subject,
    totalMarks: detail.totalMarks,
    passingMarks: detail.passingMarks,
    duration: detail.duration,
    examMode: detail.examMode,
    generalInstructions: detail.generalInstructions,
    shuffleQuestions: detail.shuffleQuestions,
    shuffleOptions: detail.shuffleOptions,
    showAnswersAfterPublish: detail.showAnswersAfterPublish,
    batchId: detail.batchId,
    courseId: detail.courseId,
    branchId: detail.branchId,
    sectionIds: detail.sectionIds,
    additionalAudiences: detail.additionalAudiences,
    assignedFacultyIds: detail.assignedFacultyIds,
    proctoringThresholds: detail.proctoringThresholds,
    scheduleDetails: detail.scheduleDetails as CreateExamPayload['scheduleDetails'],
    examSections: detail.examSections,
    questions: detail.questions,
  };
}

/**
 * Everything but the end of the schedule and its buffers, in a form two payloads of the same exam
 * compare equal in: ids are the server's, and the sections and faculty chosen are sets.
 */
function lockedPartOf(exam: CreateExamPayload) {
  const { scheduleDetails: schedule, examSections: parts, questions: list, ...rest } = exam;
  const start =
    'examDate' in schedule
      ? [schedule.examDate, schedule.startTime]
      : [schedule.startDate, schedule.startTime ?? null];
  return JSON.parse(
    JSON.stringify({
      ...rest,
      sectionIds: [...new Set(rest.sectionIds)].sort(),
      additionalAudiences: rest.additionalAudiences
        .map((group) => ({ ...group, sectionIds: [...new Set(group.sectionIds)].sort() }))
        .sort((a, b) => a.branchId.localeCompare(b.branchId)),
      assignedFacultyIds: [...new Set(rest.assignedFacultyIds)].sort(),
      start,
      examSections: parts.map(({ id: _id, ...section }) => section),
      questions: list.map((section) => section.map(({ id: _id, ...question }) => question)),
    }),
  );
}

/** Replaces the exam's own columns and writes its sections, questions and audience anew. */
async function replaceExam(tx: AppDatabase, id: string, exam: CreateExamPayload) {
  const rows = rowsOf(exam, '', id);
  const { id: _id, createdBy: _createdBy, ...columns } = rows.exam;
  await tx
    .update(exams)
    .set({ ...columns, paperVersion: newPaperVersion })
    .where(eq(exams.id, id));
  await tx.delete(examSections).where(eq(examSections.examId, id));
  await tx.delete(examTargetSections).where(eq(examTargetSections.examId, id));
  await tx.delete(examFaculty).where(eq(examFaculty.examId, id));
  await tx.insert(examTargetSections).values(rows.targetSections);
  if (rows.faculty.length > 0) await tx.insert(examFaculty).values(rows.faculty);
  await tx.insert(examSections).values(rows.sections);
  if (rows.questions.length > 0) await tx.insert(questions).values(rows.questions);
}

/**
 * Moves the end of the schedule and the buffers, and the deadlines of the sittings in progress
 * with them: each is the earlier of its start plus the duration and the window's new end, plus
 * the extra time it had.
 */
async function moveScheduleEnd(tx: AppDatabase, id: string, exam: CreateExamPayload) {
  const schedule = exam.scheduleDetails;
  const [moved] = await tx
    .update(exams)
    .set({
      ...('examDate' in schedule
        ? { endTime: schedule.endTime }
        : { endDate: schedule.endDate, endTime: schedule.endTime ?? null }),
      bufferBeforeMinutes: schedule.bufferTime.beforeExam,
      bufferAfterMinutes: schedule.bufferTime.afterExam,
    })
    .where(eq(exams.id, id))
    .returning(listColumns);
  if (!moved) throw new Error('An update returned no row');
  const endsAt = sittingWindow(scheduleDetailsOf(moved)).endsAt;
  const base = sql`least(${examAttempts.startedAt} + make_interval(mins => ${moved.durationMinutes}), ${endsAt.toISOString()}::timestamptz)`;
  const extra = sql`(${examAttempts.deadlineAt} - ${examAttempts.baseDeadlineAt})`;
  await tx
    .update(examAttempts)
    .set({
      baseDeadlineAt: base,
      deadlineAt: sql`${base} + ${extra}`,
      dueAt: sql`${base} + ${extra} + make_interval(secs => ${ATTEMPT_LIMITS.saveGraceMs / 1000})`,
    })
    .where(and(eq(examAttempts.examId, id), eq(examAttempts.status, 'IN_PROGRESS')));
}

/**
 * Saves an exam again with the create's rules. What may change depends on where the exam stands
 * (`changeScopeOf`); the change and its audit entry commit together.
 */
export async function updateExam(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  input: CreateExamPayload,
  now: Date,
): Promise<ExamDetail> {
  const exam = withCanonicalIds(input);
  return db.transaction(async (tx) => {
    await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, id)).for('update');
    const before = await readDetail(tx, id, now);
    if (before.changeScope === 'NONE')
      throw new ApiError(409, EXAM_RECORD_MESSAGES.resultsPublished);
    if (before.changeScope === 'FULL') {
      await checkDuration(tx, exam);
      await checkAudience(tx, exam);
      await replaceExam(tx, id, exam);
    } else {
      if (!isDeepStrictEqual(lockedPartOf(exam), lockedPartOf(payloadOf(before)))) {
        throw new ApiError(409, EXAM_RECORD_MESSAGES.scheduleEndOnly);
      }
      await moveScheduleEnd(tx, id, exam);
    }
    const after = await readDetail(tx, id, now);
    const published = before.examStatus !== after.examStatus;
    await recordAudit(tx, actorUserId, {
      action: published
        ? after.examStatus === 'PUBLISH'
          ? 'exam.publish'
          : 'exam.unpublish'
        : 'exam.update',
      recordType: 'exam',
      recordId: id,
      recordLabel: after.examTitle,
      summary:
        before.changeScope === 'FULL'
          ? `Saved exam ${after.examId} as ${after.examStatus}`
          : `Moved the end of exam ${after.examId}'s schedule or its buffers`,
      changes: {
        scheduleDetails: { from: before.scheduleDetails, to: after.scheduleDetails },
        // Stricter or looser rules change what a sitting risks: the record says when and who.
        ...(isDeepStrictEqual(before.proctoringThresholds, after.proctoringThresholds)
          ? {}
          : {
              proctoringThresholds: {
                from: before.proctoringThresholds,
                to: after.proctoringThresholds,
              },
            }),
      },
    });
    return after;
  });
}

/** Deletes an exam nobody has started, with its sections, questions and audience. */
export async function deleteExam(db: AppDatabase, actorUserId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(exams)
      .where(
        and(
          eq(exams.id, id),
          notExists(tx.select().from(examAttempts).where(eq(examAttempts.examId, exams.id))),
        ),
      )
      .returning({ examId: exams.examId, title: exams.title });
    if (!removed) {
      const [found] = await tx.select({ id: exams.id }).from(exams).where(eq(exams.id, id));
      throw found
        ? new ApiError(409, EXAM_RECORD_MESSAGES.startedNoDelete)
        : new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
    }
    await recordAudit(tx, actorUserId, {
      action: 'exam.delete',
      recordType: 'exam',
      recordId: id,
      recordLabel: removed.title,
      summary: `Deleted exam ${removed.examId}`,
    });
  });
}

/** The longest title the create accepts (spec section 5). */
const TITLE_MAX = 100;

/** A new draft with everything of the exam but its sittings and results. */
export async function duplicateExam(
  db: AppDatabase,
  actorUserId: string,
  id: string,
  now: Date,
): Promise<ExamListItem> {
  const source = await readDetail(db, id, now);
  const title = source.examTitle.slice(0, TITLE_MAX - EXAM_RECORD_MESSAGES.copySuffix.length);
  return db.transaction(async (tx) => {
    const copy = await createExam(
      tx,
      {
        ...payloadOf(source),
        examStatus: 'DRAFT',
        examTitle: `${title}${EXAM_RECORD_MESSAGES.copySuffix}`,
      },
      actorUserId,
    );
    await recordAudit(tx, actorUserId, {
      action: 'exam.duplicate',
      recordType: 'exam',
      recordId: copy._id,
      recordLabel: copy.examTitle,
      summary: `Copied exam ${source.examId} into the draft ${copy.examId}`,
    });
    return copy;
  });
}
