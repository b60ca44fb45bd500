import { randomBytes } from 'node:crypto';
import {
  ACTIVE_STATUS,
  type AudienceSection,
  audienceSectionLabel,
  type CreateExamPayload,
  defaultOrderOf,
  durationLimitError,
  EXAM_MESSAGES,
  type ExamListItem,
  type ExamListQuery,
  type ExamSort,
  FIND_MESSAGES,
  type Pagination,
  type Question,
  type ScheduleDetails,
} from '@examiq/contracts';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { v7 as timeOrderedId } from 'uuid';
import type { AppDatabase } from '../../db/client';
import { FOREIGN_KEY_VIOLATION, failedWithSqlState, NOT_NULL_VIOLATION } from '../../db/errors';
import { insertMany } from '../../db/insert-many';
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
import { perDatabase } from '../../db/per-database';
import { placeholdersFor } from '../../db/prepared-insert';
import {
  batches,
  branches,
  courses,
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  faculty,
  questions,
  sections,
  users,
} from '../../db/schema';
import { holdsSearch } from '../../db/search';
import { SINGLE_ROW } from '../../db/single-row';
import { FieldErrors } from '../../errors';
import { auditInsertSql } from '../audit/audit';
import { maxExamDuration } from '../settings/settings.service';

/** The messages of an id that is well formed but names no record, as the form words them. */
export const UNKNOWN_AUDIENCE = {
  batch: 'Please select a valid batch',
  course: 'Please select a valid course',
  branch: 'Please select a valid branch',
  section: 'Please select a valid section',
} as const;

/** The columns an exam list row shows. */
export const listColumns = {
  id: exams.id,
  examId: exams.examId,
  title: exams.title,
  subject: exams.subject,
  mode: exams.mode,
  status: exams.status,
  totalMarks: exams.totalMarks,
  passingMarks: exams.passingMarks,
  durationMinutes: exams.durationMinutes,
  examDate: exams.examDate,
  startTime: exams.startTime,
  endTime: exams.endTime,
  startDate: exams.startDate,
  endDate: exams.endDate,
  bufferBeforeMinutes: exams.bufferBeforeMinutes,
  bufferAfterMinutes: exams.bufferAfterMinutes,
  shuffleQuestions: exams.shuffleQuestions,
  shuffleOptions: exams.shuffleOptions,
  showAnswersAfterPublish: exams.showAnswersAfterPublish,
  createdAt: exams.createdAt,
};
type ExamListRow = Pick<typeof exams.$inferSelect, keyof typeof listColumns>;

/** The database answers times as HH:mm:ss; the contract's times are HH:mm. */
const hoursAndMinutes = (time: string | null) => time?.slice(0, 5);

/** Only the fields of the exam's mode; the table's check keeps the other mode's columns empty. */
export function scheduleDetailsOf(
  row: Pick<
    ExamListRow,
    | 'mode'
    | 'examDate'
    | 'startTime'
    | 'endTime'
    | 'startDate'
    | 'endDate'
    | 'bufferBeforeMinutes'
    | 'bufferAfterMinutes'
  >,
): ScheduleDetails {
  const bufferTime = { beforeExam: row.bufferBeforeMinutes, afterExam: row.bufferAfterMinutes };
  return row.mode === 'PROCTORING'
    ? {
        examDate: row.examDate ?? undefined,
        startTime: hoursAndMinutes(row.startTime),
        endTime: hoursAndMinutes(row.endTime),
        bufferTime,
      }
    : {
        startDate: row.startDate ?? undefined,
        endDate: row.endDate ?? undefined,
        // An AUTO exam without clock times reads as the spec's: dates only.
        ...(row.startTime ? { startTime: hoursAndMinutes(row.startTime) } : {}),
        ...(row.endTime ? { endTime: hoursAndMinutes(row.endTime) } : {}),
        bufferTime,
      };
}

export function toExamListItem(row: ExamListRow, assignedFacultyIds: string[]): ExamListItem {
  return {
    _id: row.id,
    examId: row.examId,
    examTitle: row.title,
    subject: row.subject,
    examMode: row.mode,
    examStatus: row.status,
    totalMarks: row.totalMarks,
    passingMarks: row.passingMarks,
    duration: row.durationMinutes,
    scheduleDetails: scheduleDetailsOf(row),
    assignedFacultyIds,
    shuffleQuestions: row.shuffleQuestions,
    shuffleOptions: row.shuffleOptions,
    showAnswersAfterPublish: row.showAnswersAfterPublish,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Ids as the database writes them. A uuid may arrive in upper case, and the ids the lookups
 * return must compare equal to the ones sent.
 */
export function withCanonicalIds(exam: CreateExamPayload): CreateExamPayload {
  const lower = (ids: string[]) => ids.map((id) => id.toLowerCase());
  return {
    ...exam,
    batchId: exam.batchId.toLowerCase(),
    courseId: exam.courseId.toLowerCase(),
    branchId: exam.branchId.toLowerCase(),
    sectionIds: lower(exam.sectionIds),
    additionalAudiences: exam.additionalAudiences.map((group) => ({
      courseId: group.courseId.toLowerCase(),
      branchId: group.branchId.toLowerCase(),
      sectionIds: lower(group.sectionIds),
    })),
    assignedFacultyIds: lower(exam.assignedFacultyIds),
  };
}

/** Every section that sits the exam, of the first group and the added ones. */
export function allSectionIdsOf(exam: CreateExamPayload): string[] {
  return [exam.sectionIds, ...exam.additionalAudiences.map((group) => group.sectionIds)].flat();
}

/** What an exam's audience names, found in one statement. */
const audienceOf = perDatabase((db) =>
  db
    .select({
      batchId: batches.id,
      courseBatchId: courses.batchId,
      branchCourseId: branches.courseId,
      foundCourses: sql<
        { id: string; batchId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${courses.id}, 'batchId', ${courses.batchId})), '[]'::json) from ${courses} where ${courses.id} = any(${sql.placeholder('groupCourseIds')}::uuid[]))`,
      foundBranches: sql<
        { id: string; courseId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${branches.id}, 'courseId', ${branches.courseId})), '[]'::json) from ${branches} where ${branches.id} = any(${sql.placeholder('groupBranchIds')}::uuid[]))`,
      foundSections: sql<
        { id: string; branchId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${sections.id}, 'branchId', ${sections.branchId})), '[]'::json) from ${sections} where ${sections.id} = any(${sql.placeholder('sectionIds')}::uuid[]))`,
      foundFaculty: sql<
        { userId: string; active: boolean }[]
      >`(select coalesce(json_agg(json_build_object('userId', ${faculty.userId}, 'active', ${faculty.status} = ${ACTIVE_STATUS} and ${users.isActive})), '[]'::json) from ${faculty} join ${users} on ${users.id} = ${faculty.userId} where ${faculty.userId} = any(${sql.placeholder('facultyUserIds')}::uuid[]))`,
    })
    .from(SINGLE_ROW)
    .leftJoin(batches, sql`${batches.id} = ${sql.placeholder('batchId')}`)
    .leftJoin(courses, sql`${courses.id} = ${sql.placeholder('courseId')}`)
    .leftJoin(branches, sql`${branches.id} = ${sql.placeholder('branchId')}`)
    .prepare('exam_audience'),
);

/** The field errors of one added group: its course in the batch, its branch and sections nested. */
function groupErrors(
  exam: CreateExamPayload,
  placement: {
    foundCourses: { id: string; batchId: string }[];
    foundBranches: { id: string; courseId: string }[];
  },
  branchOfSection: Map<string, string>,
): Record<string, string> {
  const batchOfCourse = new Map(
    placement.foundCourses.map((course) => [course.id, course.batchId]),
  );
  const courseOfBranch = new Map(
    placement.foundBranches.map((branch) => [branch.id, branch.courseId]),
  );
  const errors: Record<string, string> = {};
  exam.additionalAudiences.forEach((group, index) => {
    const path = `additionalAudiences.${index}`;
    const batchId = batchOfCourse.get(group.courseId);
    if (batchId === undefined) errors[`${path}.courseId`] = UNKNOWN_AUDIENCE.course;
    else if (batchId !== exam.batchId) errors[`${path}.courseId`] = EXAM_MESSAGES.courseNotInBatch;
    const courseId = courseOfBranch.get(group.branchId);
    if (courseId === undefined) errors[`${path}.branchId`] = UNKNOWN_AUDIENCE.branch;
    else if (courseId !== group.courseId) {
      errors[`${path}.branchId`] = EXAM_MESSAGES.branchNotInCourse;
    }
    group.sectionIds.forEach((id, position) => {
      const branchId = branchOfSection.get(id);
      if (branchId === undefined)
        errors[`${path}.sectionIds.${position}`] = UNKNOWN_AUDIENCE.section;
      else if (branchId !== group.branchId) {
        errors[`${path}.sectionIds.${position}`] = EXAM_MESSAGES.sectionNotInBranch;
      }
    });
  });
  return errors;
}

/**
 * Checks that the batch, course and branch exist and nest, that each section is one of the
 * branch's, that each added group nests the same way in the exam's batch, and that each faculty
 * id is an active faculty member's account (a deactivated one cannot sign in to proctor),
 * reporting every mismatch on its own field at once.
 */
export async function checkAudience(db: AppDatabase, exam: CreateExamPayload): Promise<void> {
  // One statement, so the checks cost one round trip.
  const [placement] = await audienceOf(db).execute({
    batchId: exam.batchId,
    courseId: exam.courseId,
    branchId: exam.branchId,
    groupCourseIds: exam.additionalAudiences.map((group) => group.courseId),
    groupBranchIds: exam.additionalAudiences.map((group) => group.branchId),
    sectionIds: allSectionIdsOf(exam),
    facultyUserIds: exam.assignedFacultyIds,
  });

  const errors: Record<string, string> = {};
  if (!placement?.batchId) errors.batchId = UNKNOWN_AUDIENCE.batch;
  if (!placement?.courseBatchId) errors.courseId = UNKNOWN_AUDIENCE.course;
  else if (placement.courseBatchId !== exam.batchId) {
    errors.courseId = EXAM_MESSAGES.courseNotInBatch;
  }
  if (!placement?.branchCourseId) errors.branchId = UNKNOWN_AUDIENCE.branch;
  else if (placement.branchCourseId !== exam.courseId) {
    errors.branchId = EXAM_MESSAGES.branchNotInCourse;
  }
  const branchOfSection = new Map(
    placement?.foundSections.map((section) => [section.id, section.branchId]),
  );
  exam.sectionIds.forEach((id, index) => {
    const branchId = branchOfSection.get(id);
    if (branchId === undefined) errors[`sectionIds.${index}`] = UNKNOWN_AUDIENCE.section;
    else if (branchId !== exam.branchId) {
      errors[`sectionIds.${index}`] = EXAM_MESSAGES.sectionNotInBranch;
    }
  });
  if (placement) Object.assign(errors, groupErrors(exam, placement, branchOfSection));
  const facultyIsActive = new Map(
    placement?.foundFaculty.map((member) => [member.userId, member.active]),
  );
  exam.assignedFacultyIds.forEach((id, index) => {
    const active = facultyIsActive.get(id);
    if (active === undefined) errors[`assignedFacultyIds.${index}`] = EXAM_MESSAGES.facultyNotFound;
    else if (!active) errors[`assignedFacultyIds.${index}`] = EXAM_MESSAGES.facultyInactive;
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/** The sections of an exam's audience, of every branch, as a list of its students filters by. */
const audienceSectionRows = perDatabase((db) =>
  db
    .select({ _id: sections.id, branchCode: branches.code, name: sections.name })
    .from(examTargetSections)
    .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
    .innerJoin(branches, eq(branches.id, sections.branchId))
    .where(eq(examTargetSections.examId, sql.placeholder('examId')))
    .orderBy(branches.code, sql`lower(${sections.name})`)
    .prepare('exam_audience_sections'),
);

export async function audienceSections(
  db: AppDatabase,
  examId: string,
): Promise<AudienceSection[]> {
  const rows = await audienceSectionRows(db).execute({ examId });
  return rows.map((row) => ({ _id: row._id, label: audienceSectionLabel(row) }));
}

/** The institution's maximum duration, refused on the duration field as the schema's rules are. */
export async function checkDuration(db: AppDatabase, exam: CreateExamPayload): Promise<void> {
  const error = durationLimitError(exam.duration, await maxExamDuration(db));
  if (error) throw new FieldErrors({ duration: error });
}

/**
 * The type-specific columns of a question: its choices, and its answer key in columns kept apart
 * from what students see.
 */
function answerKeyOf(question: Question) {
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE':
      return {
        options: question.options.map((option) => option.text),
        correctOption: question.options.findIndex((option) => option.isCorrect),
      };
    case 'SHORT_ANSWER':
      return { sampleAnswer: question.sampleAnswer, keywords: question.keywords };
    case 'LONG_ANSWER':
      return {
        modelAnswer: question.modelAnswer,
        minWordCount: question.minWordCount,
        maxWordCount: question.maxWordCount,
        keywords: question.keywords,
      };
  }
}

function scheduleColumnsOf(schedule: CreateExamPayload['scheduleDetails']) {
  const buffers = {
    bufferBeforeMinutes: schedule.bufferTime.beforeExam,
    bufferAfterMinutes: schedule.bufferTime.afterExam,
  };
  // The other mode's columns are given too, empty: the insert is one prepared statement.
  const none = { examDate: null, startTime: null, endTime: null, startDate: null, endDate: null };
  return 'examDate' in schedule
    ? {
        ...none,
        examDate: schedule.examDate,
        startTime: schedule.startTime,
        endTime: schedule.endTime,
        ...buffers,
      }
    : {
        ...none,
        startDate: schedule.startDate,
        endDate: schedule.endDate,
        startTime: schedule.startTime ?? null,
        endTime: schedule.endTime ?? null,
        ...buffers,
      };
}

/** The time and sequence number of the last id made: each id sorts after the one before. */
const idClock = { msecs: 0, seq: 0 };

/**
 * A source of `count` time-ordered ids, each after the one before as the library's own are (a new
 * millisecond starts the sequence at a random 31-bit number, the next id of the same one takes
 * the next number). Their random bits are drawn at once: the library draws them id by id, which
 * cost the largest exam (256 ids) more than building its rows.
 */
function timeOrderedIds(count: number): () => string {
  const random = randomBytes(16 * count);
  let drawn = 0;
  return () => {
    const bytes = random.subarray(16 * drawn, 16 * ++drawn);
    const now = Date.now();
    if (now > idClock.msecs) {
      idClock.msecs = now;
      idClock.seq = bytes.readUInt32BE(6) & 0x7fffffff;
    } else {
      idClock.seq = (idClock.seq + 1) | 0;
      if (idClock.seq === 0) idClock.msecs += 1;
    }
    return timeOrderedId({ msecs: idClock.msecs, seq: idClock.seq, random: bytes });
  };
}

/**
 * Every row of the exam. The ids are made here so children can name their parents without a round
 * trip; an id chosen twice (a section or faculty member picked twice) is stored once. They are
 * time-ordered (version 7): each new exam's keys then go at the end of the indexes that lead with
 * them, where random ones would each land on a page of their own, to be read in and, the first
 * time after each checkpoint, written whole to the write-ahead log.
 */
export function rowsOf(exam: CreateExamPayload, createdBy: string, examId?: string) {
  const questionCount = exam.questions.reduce((count, section) => count + section.length, 0);
  const newId = timeOrderedIds(1 + exam.examSections.length + questionCount);
  // An edit keeps the exam's id; its sections and questions are written anew.
  const id = examId ?? newId();
  const sectionRows: (typeof examSections.$inferInsert)[] = [];
  const questionRows: (typeof questions.$inferInsert)[] = [];
  exam.examSections.forEach((section, sectionIndex) => {
    const sectionId = newId();
    sectionRows.push({
      id: sectionId,
      examId: id,
      position: sectionIndex,
      name: section.name,
      orderLabel: section.order,
      marks: section.marks,
      questionType: section.questionType,
      totalQuestions: section.totalQuestions,
      timeLimitMinutes: section.timeLimit,
      isOptional: section.isOptional,
      instructions: section.instructions,
    });
    // The schema matched each section with its list of questions at the same index.
    (exam.questions[sectionIndex] ?? []).forEach((question, position) => {
      questionRows.push({
        id: newId(),
        sectionId,
        position,
        questionText: question.questionText,
        questionType: question.questionType,
        marks: question.marks,
        questionOrder: question.order,
        difficulty: question.difficulty,
        explanation: question.explanation,
        ...answerKeyOf(question),
      });
    });
  });
  return {
    exam: {
      id,
      title: exam.examTitle,
      description: exam.examDescription,
      subject: exam.subject,
      totalMarks: exam.totalMarks,
      passingMarks: exam.passingMarks,
      durationMinutes: exam.duration,
      mode: exam.examMode,
      status: exam.examStatus,
      generalInstructions: exam.generalInstructions,
      shuffleQuestions: exam.shuffleQuestions,
      shuffleOptions: exam.shuffleOptions,
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      proctoringThresholds: exam.proctoringThresholds,
      batchId: exam.batchId,
      courseId: exam.courseId,
      branchId: exam.branchId,
      ...scheduleColumnsOf(exam.scheduleDetails),
      createdBy,
    },
    targetSections: [...new Set(allSectionIdsOf(exam))].map((sectionId) => ({
      examId: id,
      sectionId,
    })),
    faculty: [...new Set(exam.assignedFacultyIds)].map((facultyUserId, position) => ({
      examId: id,
      facultyUserId,
      position,
    })),
    sections: sectionRows,
    questions: questionRows,
  };
}

/** The rows an exam brings besides its own, each kind inserted from one JSON parameter. */
const examParts = {
  targetSections: insertMany(examTargetSections, ['examId', 'sectionId']),
  faculty: insertMany(examFaculty, ['examId', 'facultyUserId', 'position']),
  sections: insertMany(examSections, [
    'id',
    'examId',
    'position',
    'name',
    'orderLabel',
    'marks',
    'questionType',
    'totalQuestions',
    'timeLimitMinutes',
    'isOptional',
    'instructions',
  ]),
  questions: insertMany(questions, [
    'id',
    'sectionId',
    'position',
    'questionText',
    'questionType',
    'marks',
    'questionOrder',
    'difficulty',
    'explanation',
    'options',
    'correctOption',
    'sampleAnswer',
    'keywords',
    'modelAnswer',
    'minWordCount',
    'maxWordCount',
  ]),
};
type ExamRow = ReturnType<typeof rowsOf>['exam'];

/**
 * The exam's placement as the database has it: each id is written only when it nests as the
 * payload says (the course is one of the batch's, the branch one of the course's, every section
 * one of the branch's) and is null otherwise, which its column refuses. So the insert checks the
 * nesting itself, with no round trip before it, and the foreign keys check that each exists.
 */
const placementValues = {
  batchId: sql`(select ${courses.batchId} from ${courses} where ${courses.id} = ${sql.placeholder('courseId')} and ${courses.batchId} = ${sql.placeholder('batchId')})`,
  courseId: sql`(select ${branches.courseId} from ${branches} where ${branches.id} = ${sql.placeholder('branchId')} and ${branches.courseId} = ${sql.placeholder('courseId')})`,
  branchId: sql`(select ${sql.placeholder('branchId')}::uuid where not exists (select from ${sections} where ${sections.id} = any(${sql.placeholder('sectionIds')}::uuid[]) and ${sections.branchId} <> ${sql.placeholder('branchId')}))`,
};

/**
 * The exam and all its rows in one statement, prepared once per connection: its text is the same
 * for every exam, whatever its size. Each part of one statement sees the same snapshot, and
 * foreign keys are checked at its end, so the children, and the audit log's entry, may be
 * written beside their exam.
 */
const insertExam = perDatabase((db) => {
  const parts = Object.entries(examParts).map(([name, part]) =>
    db.$with(`exam_${name}`, {}).as(part.statement(name)),
  );
  const audit = db.$with('exam_audit', {}).as(
    auditInsertSql({
      at: sql`now()`,
      actorUserId: sql.placeholder('createdBy'),
      action: sql`'exam.create'`,
      recordType: sql`'exam'`,
      recordId: sql.placeholder('id'),
      recordLabel: sql.placeholder('title'),
      summary: sql.placeholder('auditSummary'),
    }),
  );
  return db
    .with(...parts, audit)
    .insert(exams)
    .values({
      ...placeholdersFor<typeof exams>([
        'id',
        'title',
        'description',
        'subject',
        'totalMarks',
        'passingMarks',
        'durationMinutes',
        'mode',
        'status',
        'generalInstructions',
        'shuffleQuestions',
        'shuffleOptions',
        'showAnswersAfterPublish',
        'proctoringThresholds',
        'examDate',
        'startTime',
        'endTime',
        'startDate',
        'endDate',
        'bufferBeforeMinutes',
        'bufferAfterMinutes',
        'createdBy',
      ] satisfies (keyof ExamRow)[]),
      ...placementValues,
    })
    .returning(listColumns)
    .prepare('create_exam');
});

/**
 * Stores the exam with its audience, faculty, sections and questions in one statement: one
 * statement is atomic, so nothing is left when any insert fails. Adding the exam locks the exams'
 * row count until the commit; without a transaction around the statement, that is its own end,
 * and creates of other exams never wait for a round trip to this server. When the statement is
 * refused for what the audience names (missing, removed meanwhile, or not nested as sent), the
 * audience checks say which field is wrong. A proctored exam is checked first, for its proctors'
 * status.
 */
export async function createExam(
  db: AppDatabase,
  input: CreateExamPayload,
  createdBy: string,
): Promise<ExamListItem> {
  const exam = withCanonicalIds(input);
  await checkDuration(db, exam);
  // A deactivated proctor's account still satisfies the foreign keys, and the statement checks
  // only the first group's nesting: the checks refuse the rest.
  if (exam.assignedFacultyIds.length > 0 || exam.additionalAudiences.length > 0) {
    await checkAudience(db, exam);
  }
  const rows = rowsOf(exam, createdBy);
  const [created] = await insertExam(db)
    .execute({
      ...rows.exam,
      sectionIds: exam.sectionIds,
      targetSections: examParts.targetSections.rows(rows.targetSections),
      faculty: examParts.faculty.rows(rows.faculty),
      sections: examParts.sections.rows(rows.sections),
      questions: examParts.questions.rows(rows.questions),
      auditSummary: `Created the exam as ${exam.examStatus === 'DRAFT' ? 'a draft' : 'published'}`,
    })
    .catch(async (error: unknown) => {
      if (
        failedWithSqlState(error, FOREIGN_KEY_VIOLATION) ||
        failedWithSqlState(error, NOT_NULL_VIOLATION)
      ) {
        await checkAudience(db, exam);
      }
      throw error;
    });
  if (!created) throw new Error('An insert returned no row');
  return toExamListItem(
    created,
    rows.faculty.map((assignment) => assignment.facultyUserId),
  );
}

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
