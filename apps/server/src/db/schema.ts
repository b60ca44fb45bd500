// Every table, in one file past the usual size on purpose: it is the schema drizzle-kit diffs to
// write each migration (drizzle.config.ts), a table's foreign keys name tables across the whole of
// it, and a reader looking for a column finds the one place that defines it.
import {
  ACTIVE_STATUS,
  type Address,
  ALERT_REVIEW_STATUSES,
  ALERT_TYPES,
  ATTEMPT_STATUSES,
  BANK_QUESTION_STATUSES,
  BANK_ROLES,
  type BankQuestionContent,
  BLOOM_LEVELS,
  type BlankKey,
  COURSE_TYPES,
  DEFAULT_ATTAINMENT_LEVELS,
  DIFFICULTIES,
  type DrawRule,
  EXAM_MESSAGE_KINDS,
  EXAM_MODES,
  EXAM_STATUSES,
  type FacultyProfileField,
  type FileKind,
  GENDERS,
  IMPORT_JOB_STATUSES,
  IMPORT_MODES,
  MAIL_STATUSES,
  MARITAL_STATUSES,
  MAX_EXAM_DURATION_CEILING,
  MEDIA_CONTENT_TYPES,
  MESSAGE_KINDS,
  MESSAGE_SENDERS,
  type NumericAnswer,
  type NumericUnit,
  PEOPLE_IMPORT_KINDS,
  PROCTOR_ACTION_TYPES,
  PROCTOR_EVENT_TYPES,
  PROCTOR_SIGNALS,
  type ProctorEventDetail,
  type ProctoringThresholds,
  QUESTION_TYPES,
  REGRADE_STATUSES,
  ROLES,
  type ScoringRule,
  SPEC_MAX_EXAM_DURATION,
  type StudentProfileField,
  SUBMIT_TRIGGERS,
  type SystemCheck,
} from '@examiq/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  type PgSequence,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When a row was created and last updated; updates made through Drizzle refresh the latter. */
const timestamps = () => ({
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The text a list's search box looks in, stored folded: lower case, accents dropped (migration
 * 0013's `examiq_fold`, an immutable wrapper of `unaccent`). Stored, so that neither a query nor
 * the recheck of the rows a trigram index finds calls the function once per row (migration 0014).
 */
const searchText = (source: SQL) =>
  text('search_text').generatedAlwaysAs(sql`examiq_fold(${source})`);

/** A trigram index of a search text: a search for any part of it reads the index, not the table. */
const trigramIndex = (name: string, column: AnyPgColumn) =>
  index(name).using('gin', sql`${column} gin_trgm_ops`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    lastLogin: timestamptz('last_login'),
    /** The account's own choice: whether it is mailed reminders before its exams. */
    examReminders: boolean('exam_reminders').notNull().default(true),
    // The lists of students and faculty find a person by their account's email too.
    searchText: searchText(sql`email`),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    trigramIndex('users_email_search_idx', table.searchText),
    index('users_role_idx').on(table.role),
    check('users_role_check', sql`${table.role} in ('admin', 'faculty', 'student')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * The sign-in provider the session was started through, null for a password: the first-login
     * password change is asked only of a session started with the temporary password.
     */
    signInProvider: text('sign_in_provider'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    // When the session ended or ends (least ignores a null): the purge finds old ones by it.
    index('sessions_ended_at_idx').on(sql`least(${table.revokedAt}, ${table.expiresAt})`),
  ],
);

export const usedRefreshTokens = pgTable(
  'used_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    usedAt: timestamptz('used_at').notNull().defaultNow(),
    /**
     * The refresh token this one was rotated into, sealed with a key derived from this one, which
     * only its holder knows: a second tab presenting it within the grace gets the same pair.
     */
    successor: text('successor'),
  },
  (table) => [index('used_refresh_tokens_session_id_idx').on(table.sessionId)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  /** Attempts counted in the window: failures, and those of `pending` not yet verified. */
  count: integer('count').notNull(),
  pending: integer('pending').notNull().default(0),
  windowStartedAt: timestamptz('window_started_at').notNull(),
  /** A slowed-down rule's next attempt waits until then. */
  blockedUntil: timestamptz('blocked_until'),
});

/** Master data records start Active; nothing changes a status yet. */
const masterDataStatusAndTimestamps = () => ({
  status: text('status').notNull().default(ACTIVE_STATUS),
  ...timestamps(),
});

/** A required reference to master data, which cannot be deleted while anything refers to it. */
const masterDataReference = <Name extends string>(name: Name, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'restrict' });

// Each child table's unique index leads with its foreign key column, so it also serves the
// lookups by parent (cascades, the constraint's own checks) and no second index is needed.

export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Generated, so the name can never disagree with its years.
    name: text('name')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`${batches.startYear}::text || '-' || ${batches.endYear}::text`,
      ),
    startYear: integer('start_year').notNull(),
    endYear: integer('end_year').notNull(),
    ...masterDataStatusAndTimestamps(),
  },
  (table) => [uniqueIndex('batches_years_key').on(table.startYear, table.endYear)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: masterDataReference('batch_id', () => batches.id),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    totalSemesters: integer('total_semesters').notNull(),
    durationYears: numeric('duration_years', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    courseType: text('course_type', { enum: COURSE_TYPES }).notNull(),
    ...masterDataStatusAndTimestamps(),
  },
  (table) => [
    uniqueIndex('courses_batch_id_name_key').on(table.batchId, sql`lower(${table.name})`),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: masterDataReference('course_id', () => courses.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    ...masterDataStatusAndTimestamps(),
  },
  (table) => [uniqueIndex('branches_course_id_code_key').on(table.courseId, table.code)],
);

export const sections = pgTable(
  'sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    branchId: masterDataReference('branch_id', () => branches.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    ...masterDataStatusAndTimestamps(),
  },
  (table) => [
    uniqueIndex('sections_branch_id_name_key').on(table.branchId, sql`lower(${table.name})`),
  ],
);

// A profile field the institution leaves optional is null where it was left out.
export interface RelativeColumn {
  name: string | null;
  occupation: string | null;
  phone: string | null;
  email: string | null;
}

export interface FamilyColumn {
  father: RelativeColumn;
  mother: RelativeColumn;
  guardian: (RelativeColumn & { relationship: string | null }) | null;
}

export interface QualificationColumn {
  degree: string;
  institution: string | null;
  year: number | null;
  percentage: number | null;
}

export interface PreviousInstitutionColumn {
  institutionName: string;
  designation: string;
  duration: string;
  from: string;
  to: string;
}

// The numbers of the human-readable ids: a sequence never hands out one number twice, even to
// concurrent transactions, and a rolled-back create only leaves a gap.
export const studentNumbers = pgSequence('student_number_seq');
export const facultyNumbers = pgSequence('faculty_number_seq');

/** `PREFIX-<year>-<number>`, the number zero-padded to at least five digits (never truncated). */
function readableId(prefix: string, sequence: PgSequence): SQL {
  return sql.raw(
    `('${prefix}-' || to_char(now(), 'YYYY') || '-' || to_char(nextval('${sequence.seqName}'), 'FM9999999999900000'))`,
  );
}

/** The personal, contact and bookkeeping columns students and faculty share. */
const personColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default(ACTIVE_STATUS),
  // Null where the institution leaves the field optional and it was left out.
  photo: text('photo'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender', { enum: GENDERS }),
  nationality: text('nationality'),
  religion: text('religion'),
  phone: text('phone'),
  permanentAddress: jsonb('permanent_address').$type<Address>(),
  currentAddress: jsonb('current_address').$type<Address>(),
  ...timestamps(),
});

// What each list's search box looks in, besides a person's email. One text per table, so one
// index serves every part of it; the fields are joined by a space, so a full name matches too.

// Lists page newest first with the id breaking ties: `order by created_at desc, id desc` reads
// the (created_at, id) index backwards.

export const students = pgTable(
  'students',
  {
    ...personColumns(),
    studentId: text('student_id').notNull().unique().default(readableId('STU', studentNumbers)),
    rollNumber: text('roll_number').notNull(),
    family: jsonb('family').$type<FamilyColumn>().notNull(),
    // The batch is the course's: storing it too would let the two disagree.
    courseId: masterDataReference('course_id', () => courses.id),
    branchId: masterDataReference('branch_id', () => branches.id),
    sectionId: masterDataReference('section_id', () => sections.id),
    semester: integer('semester').notNull(),
    admissionYear: integer('admission_year').notNull(),
    expectedGraduationYear: integer('expected_graduation_year').notNull(),
    searchText: searchText(
      sql`first_name || ' ' || last_name || ' ' || student_id || ' ' || roll_number`,
    ),
  },
  (table) => [
    uniqueIndex('students_roll_number_lower_key').on(sql`lower(${table.rollNumber})`),
    index('students_created_at_id_idx').on(table.createdAt, table.id),
    // The restrict checks of a course, branch or section delete look students up by these.
    index('students_course_id_idx').on(table.courseId),
    index('students_branch_id_idx').on(table.branchId),
    index('students_section_id_idx').on(table.sectionId),
    trigramIndex('students_search_idx', table.searchText),
    index('students_name_idx').on(table.firstName, table.lastName, table.id),
  ],
);

export const faculty = pgTable(
  'faculty',
  {
    ...personColumns(),
    facultyId: text('faculty_id').notNull().unique().default(readableId('FAC', facultyNumbers)),
    employeeId: text('employee_id').notNull(),
    joiningDate: date('joining_date', { mode: 'string' }).notNull().default(sql`current_date`),
    maritalStatus: text('marital_status', { enum: MARITAL_STATUSES }),
    department: text('department'),
    designation: text('designation'),
    qualifications: jsonb('qualifications').$type<QualificationColumn[]>().notNull(),
    totalExperienceYears: numeric('total_experience_years', { mode: 'number' }),
    previousInstitutions: jsonb('previous_institutions')
      .$type<PreviousInstitutionColumn[]>()
      .notNull(),
    searchText: searchText(
      sql`first_name || ' ' || last_name || ' ' || faculty_id || ' ' || employee_id`,
    ),
  },
  (table) => [
    uniqueIndex('faculty_employee_id_lower_key').on(sql`lower(${table.employeeId})`),
    index('faculty_created_at_id_idx').on(table.createdAt, table.id),
    trigramIndex('faculty_search_idx', table.searchText),
  ],
);

// --- Exams --------------------------------------------------------------------------------------

export const examNumbers = pgSequence('exam_number_seq');

/** `column in ('A', 'B', ...)` for a check constraint, from one of the contracts' value lists. */
function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in ${sql.raw(`(${values.map((value) => `'${value}'`).join(', ')})`)}`;
}

/**
 * Schedule dates and times are the institution's wall-clock values, so they are stored without a
 * time zone. A PROCTORING exam has a date and its times; an AUTO exam a start and end date, each
 * with an optional time (null: midnight at the start, the end of the day at the end).
 */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: text('exam_id').notNull().unique().default(readableId('EXM', examNumbers)),
    title: text('title').notNull(),
    description: text('description').notNull(),
    subject: text('subject').notNull(),
    totalMarks: integer('total_marks').notNull(),
    passingMarks: integer('passing_marks').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    mode: text('mode', { enum: EXAM_MODES }).notNull(),
    status: text('status', { enum: EXAM_STATUSES }).notNull(),
    generalInstructions: text('general_instructions').array().notNull(),
    batchId: masterDataReference('batch_id', () => batches.id),
    courseId: masterDataReference('course_id', () => courses.id),
    branchId: masterDataReference('branch_id', () => branches.id),
    examDate: date('exam_date', { mode: 'string' }),
    startTime: time('start_time'),
    endTime: time('end_time'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    // Orders fixed per attempt at its start: questions within each section, an MCQ's options.
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    // A PROCTORING exam's own warning and flag thresholds; null keeps the defaults.
    proctoringThresholds: jsonb('proctoring_thresholds').$type<ProctoringThresholds>(),
    // Whether a student reading the published result sees each answer key and explanation.
    showAnswersAfterPublish: boolean('show_answers_after_publish').notNull().default(true),
    // Set anew by every write of what students are given or scored by (sections, questions, the
    // answer key): a server process keeps an exam's paper only as long as this is unchanged.
    paperVersion: uuid('paper_version').notNull().defaultRandom(),
    // Set once, when the admin publishes the results; students read theirs from then on.
    resultsPublishedAt: timestamptz('results_published_at'),
    resultsPublishedBy: uuid('results_published_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    // When the exam runs, whatever its mode: one date from its start to its end time, a date
    // range from the first day's start time (midnight unless given) to the last day's end time
    // (the end of that day, 24:00, unless given). Buffers do not widen it.
    windowStart: timestamp('window_start').generatedAlwaysAs(
      sql`coalesce(exam_date + start_time, start_date + coalesce(start_time, '00:00'::time))`,
    ),
    windowEnd: timestamp('window_end').generatedAlwaysAs(
      sql`coalesce(exam_date + end_time, end_date + coalesce(end_time, '24:00'::time))`,
    ),
    // An exam outlives the admin account that created it.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    searchText: searchText(sql`title || ' ' || subject`),
    ...timestamps(),
  },
  (table) => [
    index('exams_created_at_id_idx').on(table.createdAt, table.id),
    // The restrict checks of a master data delete, and the set-null of an account delete.
    index('exams_batch_id_idx').on(table.batchId),
    index('exams_course_id_idx').on(table.courseId),
    index('exams_branch_id_idx').on(table.branchId),
    index('exams_created_by_idx').on(table.createdBy),
    trigramIndex('exams_search_idx', table.searchText),
    // The dashboard's exam statistics count published exams by their window from this index alone.
    index('exams_published_window_idx')
      .on(table.windowStart, table.windowEnd)
      .where(sql`${table.status} = 'PUBLISH'`),
    check('exams_status_check', isOneOf(table.status, EXAM_STATUSES)),
    check('exams_mode_check', isOneOf(table.mode, EXAM_MODES)),
    check('exams_passing_marks_check', sql`${table.passingMarks} <= ${table.totalMarks}`),
    check(
      'exams_schedule_check',
      // Every column is tested for null explicitly: a comparison with null would pass the check.
      sql`(${table.mode} = 'PROCTORING' and ${table.examDate} is not null
          and ${table.startTime} is not null and ${table.endTime} is not null
          and ${table.endTime} > ${table.startTime}
          and ${table.startDate} is null and ${table.endDate} is null)
        or (${table.mode} = 'AUTO' and ${table.startDate} is not null and ${table.endDate} is not null
          and (${table.endDate} > ${table.startDate} or (${table.endDate} = ${table.startDate}
            and coalesce(${table.endTime}, '24:00'::time) > coalesce(${table.startTime}, '00:00'::time)))
          and ${table.examDate} is null)`,
    ),
  ],
);

/** A part of an exam, which goes when the exam is deleted. */
const examIdColumn = () =>
  uuid('exam_id')
    .notNull()
    .references(() => exams.id, { onDelete: 'cascade' });

/** The master data sections an exam is for; several may be chosen. */
export const examTargetSections = pgTable(
  'exam_target_sections',
  {
    examId: examIdColumn(),
    sectionId: masterDataReference('section_id', () => sections.id),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.sectionId] }),
    index('exam_target_sections_section_id_idx').on(table.sectionId),
  ],
);

/**
 * The faculty proctoring an exam, by user id as the wizard sends them. The reference is to a
 * faculty profile, so only faculty can be assigned, and deleting the account removes the
 * assignment with it.
 */
export const examFaculty = pgTable(
  'exam_faculty',
  {
    examId: examIdColumn(),
    facultyUserId: uuid('faculty_user_id')
      .notNull()
      .references(() => faculty.userId, { onDelete: 'cascade' }),
    // The order the admin chose, kept for display.
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.facultyUserId] }),
    index('exam_faculty_faculty_user_id_idx').on(table.facultyUserId),
  ],
);

export const examSections = pgTable(
  'exam_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: examIdColumn(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    // Free text such as 1, 2, A, B: a label, not the position.
    orderLabel: text('order_label').notNull(),
    marks: integer('marks').notNull(),
    questionType: text('question_type', { enum: QUESTION_TYPES }).notNull(),
    totalQuestions: integer('total_questions').notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    isOptional: boolean('is_optional').notNull(),
    instructions: text('instructions').array().notNull(),
    // A drawn section's rules (null when its questions are listed): each student's questions are
    // drawn at the start from its pool, the questions below whose `draw_rule` is set.
    draw: jsonb('draw').$type<DrawRule[]>(),
    // Internal choice: the student's best K answers count (null: every question counts).
    answerAny: integer('answer_any'),
  },
  (table) => [
    uniqueIndex('exam_sections_exam_id_position_key').on(table.examId, table.position),
    check('exam_sections_question_type_check', isOneOf(table.questionType, QUESTION_TYPES)),
  ],
);

/**
 * The answer key (the correct option, sample and model answers, word counts, keywords) has
 * columns of its own, so a question can be served to a student by selecting the other columns
 * only. The choices of an MCQ or TRUE_FALSE question are an array in the question's row: they are
 * always read and written with it, and as rows of their own they made saving a 250-question exam
 * cost a thousand more index entries and foreign-key checks.
 */
/** A matching prompt or match, or an ordering item, with the random id students answer by. */
export interface QuestionPart {
  id: string;
  text: string;
}

/** A matching question's prompt and its match, by their ids. */
export interface MatchingKeyPair {
  prompt: string;
  match: string;
}

/** A question's settings beside its options, by type (`questions.settings`). */
export type QuestionSettings =
  | { scoring: ScoringRule }
  | { units: NumericUnit[]; unitPenalty: number }
  | { prompts: QuestionPart[]; matches: QuestionPart[] }
  | { items: QuestionPart[]; scoring: ScoringRule }
  | { fileTypes: FileKind[]; maxFiles: number; maxFileMb: number };

/** The key of a question scored by more than one option (`questions.answer_key`). */
export type AnswerKey =
  | { correctOptions: number[] }
  | { numericAnswers: NumericAnswer[] }
  | { blanks: BlankKey[] }
  | { pairs: MatchingKeyPair[] }
  /** The items' ids in the right order. */
  | { order: string[] };

/** A saved answer that is neither one option nor a text (`attempt_answers.response`). */
export type AnswerResponse =
  | { selectedOptionIds: string[] }
  | { number: string; unit: string | null }
  | { blanks: string[] }
  | { matches: Record<string, string> }
  | { order: string[] }
  /** The ids of the student's `answer_files`, in their order. */
  | { fileIds: string[] };

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => examSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionText: text('question_text').notNull(),
    questionType: text('question_type', { enum: QUESTION_TYPES }).notNull(),
    marks: integer('marks').notNull(),
    questionOrder: integer('question_order').notNull(),
    difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
    explanation: text('explanation').notNull(),
    options: text('options').array(),
    // The position of the correct one among `options`, for a single-choice question.
    correctOption: integer('correct_option'),
    // What a student is shown beside the options, by type: a multiple select's scoring rule, a
    // numerical question's units and unit penalty.
    settings: jsonb('settings').$type<QuestionSettings>(),
    // The key of the types that need more than one option: kept apart from what students see.
    answerKey: jsonb('answer_key').$type<AnswerKey>(),
    sampleAnswer: text('sample_answer'),
    modelAnswer: text('model_answer'),
    minWordCount: integer('min_word_count'),
    maxWordCount: integer('max_word_count'),
    keywords: text('keywords').array(),
    // The bank question this one was copied from, and its version then; null when written in the
    // exam. The copy above is what students are given: a later edit of the bank leaves it alone.
    bankQuestionId: uuid('bank_question_id').references(() => bankQuestions.id, {
      onDelete: 'set null',
    }),
    bankVersion: integer('bank_version'),
    // In a drawn section, the index of the rule whose pool this question is in (copied from the
    // bank when the exam is saved); null for a listed question, which every student gets.
    drawRule: integer('draw_rule'),
  },
  (table) => [
    uniqueIndex('questions_section_id_position_key').on(table.sectionId, table.position),
    // Which exams use a bank question's versions, read from the bank's side.
    index('questions_bank_question_id_idx')
      .on(table.bankQuestionId, table.bankVersion)
      .where(sql`${table.bankQuestionId} is not null`),
    check('questions_question_type_check', isOneOf(table.questionType, QUESTION_TYPES)),
    check('questions_difficulty_check', isOneOf(table.difficulty, DIFFICULTIES)),
    check(
      'questions_correct_option_check',
      sql`${table.correctOption} is null or (${table.options} is not null and ${table.correctOption} between 0 and cardinality(${table.options}) - 1)`,
    ),
  ],
);

/**
 * How many rows the paginated tables hold, kept by statement-level triggers (migration
 * 0004_row_counts) in the writing transaction: a list's total is one primary-key lookup instead of
 * a count over every student.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

// --- Sittings -----------------------------------------------------------------------------------

/** The order an attempt shows: each section's question ids, and each shuffled MCQ's options. */
export interface AttemptLayoutColumn {
  questionOrder: Record<string, string[]>;
  optionOrder: Record<string, number[]>;
  /**
   * A drawn section's questions for this attempt (section id → question ids, the paper's order),
   * drawn at the start from the section's pool and kept for good: the attempt's questions.
   */
  drawn?: Record<string, string[]>;
  /** The seed the draw used, so the paper can be drawn again for a dispute. */
  seed?: string;
}

/**
 * One student's sitting of one exam. `deadline_at` is owned by the server: the earlier of the
 * start plus the duration and the window's end (`base_deadline_at`), plus the student's extra
 * time. `due_at` is when the sweep submits it (the deadline plus the grace for saves in flight),
 * null once submitted. A save updates `last_seq` and `last_seen_at` only, columns no index
 * holds, so with the room the fillfactor leaves its new row version stays on its page (HOT).
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: examIdColumn(),
    studentUserId: uuid('student_user_id')
      .notNull()
      .references(() => students.userId, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('IN_PROGRESS'),
    startedAt: timestamptz('started_at').notNull(),
    baseDeadlineAt: timestamptz('base_deadline_at').notNull(),
    deadlineAt: timestamptz('deadline_at').notNull(),
    dueAt: timestamptz('due_at'),
    submittedAt: timestamptz('submitted_at'),
    submitTrigger: text('submit_trigger', { enum: SUBMIT_TRIGGERS }),
    layout: jsonb('layout').$type<AttemptLayoutColumn>(),
    // A timed section's own deadline (ISO instant) by section id, set when it is first opened.
    sectionDeadlines: jsonb('section_deadlines')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamptz('last_seen_at'),
    // The lobby's system check sent with the (latest) start, and the heartbeat's last round trip.
    systemCheck: jsonb('system_check').$type<SystemCheck>(),
    lastRttMs: integer('last_rtt_ms'),
    // How many of each kind of proctoring event the attempt reported: counted on its row, so
    // reports of one attempt number their alerts in turn.
    eventCounts: jsonb('event_counts')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (table) => [
    uniqueIndex('exam_attempts_exam_id_student_user_id_key').on(table.examId, table.studentUserId),
    index('exam_attempts_student_user_id_idx').on(table.studentUserId),
    index('exam_attempts_due_at_idx').on(table.dueAt).where(sql`${table.dueAt} is not null`),
    check('exam_attempts_status_check', isOneOf(table.status, ATTEMPT_STATUSES)),
    check(
      'exam_attempts_submitted_check',
      sql`(${table.status} = 'SUBMITTED') = (${table.submittedAt} is not null and ${table.submitTrigger} is not null and ${table.dueAt} is null)`,
    ),
  ],
);

/**
 * The latest answer to each question of an attempt. A save writes only over an older `seq`, so
 * retries, duplicates and late arrivals change nothing. The question is checked against the
 * attempt's exam by the server, and goes with the attempt when the exam is deleted.
 */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    // The chosen option's position among the question's stored options.
    selectedOption: integer('selected_option'),
    text: text('text'),
    // The answer of a type that is neither one option nor a text, in the API's own fields
    // (`selectedOptionIds`, `number` and `unit`).
    response: jsonb('response').$type<AnswerResponse>(),
    markedForReview: boolean('marked_for_review').notNull().default(false),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    savedAt: timestamptz('saved_at').notNull(),
    // The marks the answer earns. A choice is scored by the server as it is saved, an empty
    // written answer gets 0 then; any other written answer stays null until an evaluator marks it.
    awardedMarks: numeric('awarded_marks', { precision: 6, scale: 1, mode: 'number' }),
    comment: text('comment'),
    // The evaluator who marked a written answer; no reference, so a save never pays a key check.
    markedBy: uuid('marked_by'),
    markedAt: timestamptz('marked_at'),
    // Why a marker changed the marks the server gave (an answer it scores); null while they stand.
    // A regrade after a key correction leaves such an answer as the marker set it.
    overrideReason: text('override_reason'),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.questionId] })],
);

/** Extra time for one student on one exam, granted before or during the attempt. */
export const examAllowances = pgTable(
  'exam_allowances',
  {
    examId: examIdColumn(),
    studentUserId: uuid('student_user_id')
      .notNull()
      .references(() => students.userId, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamptz('granted_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.studentUserId] }),
    index('exam_allowances_student_user_id_idx').on(table.studentUserId),
  ],
);

/**
 * What happened to an attempt, append-only: the record for disputes. Answers carry their own
 * `seq` and time; events are the start, each resume, sections opened, extra time, the submit.
 */
export const attemptEvents = pgTable(
  'attempt_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    at: timestamptz('at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (table) => [index('attempt_events_attempt_id_idx').on(table.attemptId)],
);

// --- Proctoring ---------------------------------------------------------------------------------

/**
 * What a proctored attempt's browser reported, append-only (migration 0018's trigger refuses an
 * update, and a delete unless the attempt itself is gone): `at` is the browser's time of the
 * event, `received_at` the server's.
 */
export const proctorEvents = pgTable(
  'proctor_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: PROCTOR_EVENT_TYPES }).notNull(),
    at: timestamptz('at').notNull(),
    receivedAt: timestamptz('received_at').notNull(),
    detail: jsonb('detail').$type<ProctorEventDetail>(),
  },
  (table) => [index('proctor_events_attempt_id_idx').on(table.attemptId, table.receivedAt)],
);

/** An alert derived from the events by the thresholds, for a proctor to dismiss or confirm. */
export const proctorAlerts = pgTable(
  'proctor_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order rows of one instant were written in.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    examId: examIdColumn(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    signal: text('signal', { enum: PROCTOR_SIGNALS }).notNull(),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    message: text('message').notNull(),
    at: timestamptz('at').notNull(),
    reviewStatus: text('review_status', { enum: ALERT_REVIEW_STATUSES })
      .notNull()
      .default('PENDING'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
  },
  (table) => [
    index('proctor_alerts_exam_id_idx').on(table.examId, table.at),
    index('proctor_alerts_attempt_id_idx').on(table.attemptId),
    check('proctor_alerts_type_check', isOneOf(table.type, ALERT_TYPES)),
    check('proctor_alerts_review_status_check', isOneOf(table.reviewStatus, ALERT_REVIEW_STATUSES)),
  ],
);

/** What a proctor did (warned, granted time, ended an attempt, reviewed an alert), and who. */
export const proctorActions = pgTable(
  'proctor_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order rows of one instant were written in.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    examId: examIdColumn(),
    attemptId: uuid('attempt_id').references(() => examAttempts.id, { onDelete: 'cascade' }),
    studentUserId: uuid('student_user_id').references(() => students.userId, {
      onDelete: 'cascade',
    }),
    type: text('type', { enum: PROCTOR_ACTION_TYPES }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    at: timestamptz('at').notNull(),
  },
  (table) => [
    index('proctor_actions_exam_id_idx').on(table.examId, table.at),
    index('proctor_actions_attempt_id_idx').on(table.attemptId),
  ],
);

/**
 * The chat of a proctored exam, and the warnings proctors gave: to or from one student, or (no
 * student) from a proctor to every student of the exam.
 */
export const proctorMessages = pgTable(
  'proctor_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The order rows of one instant were written in.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    examId: examIdColumn(),
    studentUserId: uuid('student_user_id').references(() => students.userId, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    sender: text('sender', { enum: MESSAGE_SENDERS }).notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    at: timestamptz('at').notNull(),
  },
  (table) => [
    index('proctor_messages_exam_id_idx').on(table.examId, table.at),
    index('proctor_messages_student_user_id_idx').on(table.studentUserId),
  ],
);

// --- Results ------------------------------------------------------------------------------------

/**
 * The faculty who mark an exam's written answers, when the admin has chosen them; an exam
 * without any is marked by the faculty proctoring it.
 */
export const examEvaluators = pgTable(
  'exam_evaluators',
  {
    examId: examIdColumn(),
    facultyUserId: uuid('faculty_user_id')
      .notNull()
      .references(() => faculty.userId, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.facultyUserId] }),
    index('exam_evaluators_faculty_user_id_idx').on(table.facultyUserId),
  ],
);

/**
 * A corrected answer key applied to every attempt, in batches the admin watches: who asked,
 * what changed, how far it has gone. A job left RUNNING by a stopped server is taken up again.
 */
export const regradeJobs = pgTable(
  'regrade_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examId: examIdColumn(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    // A single-choice question's key before and after; null for the other types, whose keys are
    // kept whole in the two columns after.
    previousCorrectOption: integer('previous_correct_option'),
    correctOption: integer('correct_option'),
    previousAnswerKey: jsonb('previous_answer_key').$type<AnswerKey>(),
    answerKey: jsonb('answer_key').$type<AnswerKey>(),
    status: text('status', { enum: REGRADE_STATUSES }).notNull().default('RUNNING'),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('regrade_jobs_exam_id_idx').on(table.examId, table.createdAt),
    check('regrade_jobs_status_check', isOneOf(table.status, REGRADE_STATUSES)),
  ],
);

// --- Audit log ----------------------------------------------------------------------------------

/**
 * Every admin write, append-only, written in the write's own transaction: who (kept by email too,
 * so an entry outlives the account), when, what action, on which record, and a summary of the
 * change. Nothing in the API changes or deletes an entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    /** The record as a person reads it: a name, a student ID, an exam's title. */
    recordLabel: text('record_label').notNull(),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_record_idx').on(table.recordType, table.recordId, table.at),
    index('audit_log_actor_idx').on(table.actorUserId, table.at),
  ],
);

// --- Institution settings ----------------------------------------------------------------------

/**
 * The institution's choices where the spec allows another rule: one row at most, absent until an
 * admin first saves the settings. Each column's default is the spec's rule.
 */
export const institutionSettings = pgTable(
  'institution_settings',
  {
    /** Always true: the primary key keeps the table to one row. */
    id: boolean('id').primaryKey().default(true),
    maxExamDurationMinutes: integer('max_exam_duration_minutes')
      .notNull()
      .default(SPEC_MAX_EXAM_DURATION),
    /** Whether the results' figures score a student who never started as 0 rather than leave them out. */
    countAbsentAsZero: boolean('count_absent_as_zero').notNull().default(false),
    /** Whether invitations are offered instead of default passwords, and reset links mailed. */
    invitationEmails: boolean('invitation_emails').notNull().default(true),
    passwordResetEmails: boolean('password_reset_emails').notNull().default(true),
    /** Which exam messages are mailed to students; every one by default. */
    examScheduledEmails: boolean('exam_scheduled_emails').notNull().default(true),
    examReminderEmails: boolean('exam_reminder_emails').notNull().default(true),
    resultsPublishedEmails: boolean('results_published_emails').notNull().default(true),
    /**
     * The profile fields left optional, not those required: a field added to the contracts later
     * is then required, the spec's rule, until an admin chooses otherwise.
     */
    optionalStudentFields: text('optional_student_fields')
      .array()
      .$type<StudentProfileField[]>()
      .notNull()
      .default(sql`'{}'`),
    optionalFacultyFields: text('optional_faculty_fields')
      .array()
      .$type<FacultyProfileField[]>()
      .notNull()
      .default(sql`'{}'`),
    updatedAt: timestamptz('updated_at').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('institution_settings_single_row', sql`${table.id}`),
    check(
      'institution_settings_max_exam_duration_check',
      sql`${table.maxExamDurationMinutes} between ${sql.raw(String(SPEC_MAX_EXAM_DURATION))} and ${sql.raw(String(MAX_EXAM_DURATION_CEILING))}`,
    ),
  ],
);

// --- Bulk imports of people ---------------------------------------------------------------------

/**
 * An import of students or faculty from a file, run in the background as a job: its progress and
 * summary. The rows wait in the file's check (below), deleted when the job ends; the default
 * passwords only sealed (AES-256-GCM under a key derived from the server's secret), one sealed
 * piece per committed batch, until the credentials file is downloaded once.
 */
export const peopleImportJobs = pgTable(
  'people_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: PEOPLE_IMPORT_KINDS }).notNull(),
    mode: text('mode', { enum: IMPORT_MODES }).notNull(),
    /** Whether each person is mailed an invitation instead of given a default password. */
    invite: boolean('invite').notNull().default(false),
    status: text('status', { enum: IMPORT_JOB_STATUSES }).notNull().default('QUEUED'),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    message: text('message'),
    credentials: jsonb('credentials').$type<string[]>(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    check('people_import_jobs_kind_check', isOneOf(table.kind, PEOPLE_IMPORT_KINDS)),
    check('people_import_jobs_mode_check', isOneOf(table.mode, IMPORT_MODES)),
    check('people_import_jobs_status_check', isOneOf(table.status, IMPORT_JOB_STATUSES)),
    index('people_import_jobs_status_idx').on(table.status),
  ],
);

/**
 * A file as its preview checked it: its valid rows wait here, so the import it starts does not
 * read and check the file again. Unclaimed, a check expires an hour after the preview; claimed by
 * an import, it goes when the import ends.
 */
export const peopleImportChecks = pgTable(
  'people_import_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: PEOPLE_IMPORT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    valid: integer('valid').notNull(),
    /** The rows with errors, which a valid-only import skips. */
    invalid: integer('invalid').notNull(),
    jobId: uuid('job_id').references(() => peopleImportJobs.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('people_import_checks_kind_check', isOneOf(table.kind, PEOPLE_IMPORT_KINDS)),
    index('people_import_checks_created_at_idx').on(table.createdAt),
  ],
);

/**
 * A valid row of a checked file: its number in the file and the create call's payload. One row a
 * row, written and read a batch at a time, so no statement holds the embedded engine for long.
 */
export const peopleImportCheckRows = pgTable(
  'people_import_check_rows',
  {
    checkId: uuid('check_id')
      .notNull()
      .references(() => peopleImportChecks.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.checkId, table.row] })],
);

// --- Background jobs ----------------------------------------------------------------------------

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'FAILED'] as const;

/**
 * The queue of background work (`jobs/runner.ts`): what to run, when, and who holds it. A job that
 * succeeded is deleted; one that failed keeps its last error. What a user reads of a job's
 * progress lives in the record it works on (an import, a regrade).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** What the job needs to run; cleared when it ends. */
    payload: jsonb('payload').$type<unknown>(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('QUEUED'),
    /** Attempts started, the running one included. */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued job may next be taken. */
    runAt: timestamptz('run_at').notNull().defaultNow(),
    /** Of the due jobs, those of a higher priority are taken first, then the longest due. */
    priority: smallint('priority').notNull().default(0),
    /** A running job's lease: its process renews it while alive; past it, the process died. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('jobs_status_check', isOneOf(table.status, JOB_STATUSES)),
    index('jobs_queued_idx')
      .on(table.priority.desc(), table.runAt)
      .where(sql`${table.status} = 'QUEUED'`),
    index('jobs_running_idx').on(table.lockedUntil).where(sql`${table.status} = 'RUNNING'`),
  ],
);

/**
 * Every message the platform writes to a person, sent or not: the admin's outbox. Without a mail
 * server (SMTP_URL) a message is KEPT here only, so a link it carries can still be handed over.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    /** The mail server's answer to the last failed attempt. */
    error: text('error'),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    check('mail_messages_status_check', isOneOf(table.status, MAIL_STATUSES)),
    index('mail_messages_created_at_id_idx').on(table.createdAt, table.id),
  ],
);

/**
 * An exam message written to a student: once per exam, student, kind and the window start it
 * tells of (none for results), so a moved exam is announced and reminded of again while no two
 * processes ever write the same message (the unique key decides between them).
 */
export const examMessages = pgTable(
  'exam_messages',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EXAM_MESSAGE_KINDS }).notNull(),
    /** The window start (wall clock) the message told of; null for results. */
    windowStart: timestamp('window_start'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('exam_messages_once')
      .on(table.examId, table.userId, table.kind, table.windowStart)
      .nullsNotDistinct(),
    index('exam_messages_user_id_idx').on(table.userId),
    check('exam_messages_kind_check', isOneOf(table.kind, EXAM_MESSAGE_KINDS)),
  ],
);

/**
 * A password-reset or invitation link's token, kept only as its SHA-256: the link itself is in
 * the person's mailbox (and the outbox's text) alone. Used once, within its lifetime.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 'reset': a forgot-password link (30 minutes); 'invitation': the set-password link of an
     * account created without a default password (7 days). Each call takes only its own kind.
     */
    kind: text('kind', { enum: ['reset', 'invitation'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('password_reset_tokens_user_id_idx').on(table.userId),
    check('password_reset_tokens_kind_check', sql`${table.kind} in ('reset', 'invitation')`),
  ],
);

// --- Sign-in with the institution's accounts (OpenID Connect) ---------------------------------

export const signInProviders = pgTable('sign_in_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed under a key derived from JWT_SECRET: a backup's readable rows do not hold it. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  allowedDomains: text('allowed_domains').array().notNull(),
  emailClaim: text('email_claim').notNull().default('email'),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

/**
 * A sign-in through a provider under way, from the button to the session: kept in the database so
 * whichever server process the provider's redirect reaches can finish it, and used once. Its
 * outcome (the account, or the refusal's message) waits here for the sign-in screen to collect.
 */
export const signInProviderFlows = pgTable(
  'sign_in_provider_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: text('provider_id').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to'),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When the provider's answer came back: the state, nonce and verifier are spent then. */
    answeredAt: timestamptz('answered_at'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    refusal: text('refusal'),
    refusalStatus: integer('refusal_status'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('sign_in_provider_flows_expires_at_idx').on(table.expiresAt)],
);

// --- LTI 1.3: ExamIQ as a tool of the institution's LMS --------------------------------------

/** An LMS (Moodle, Canvas) the admin registered: who it is and where its endpoints are. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: text('deployment_ids').array().notNull(),
    authLoginUrl: text('auth_login_url').notNull(),
    accessTokenUrl: text('access_token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    ...timestamps(),
  },
  (table) => [unique('lti_platforms_issuer_client_id_key').on(table.issuer, table.clientId)],
);

/**
 * ExamIQ's own RSA keys: the newest unretired one signs (deep-linking answers, AGS token
 * assertions); every unretired one is published in the JWKS, so a platform that cached the old
 * key set still checks what was signed before a rotation.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** Sealed under a key derived from JWT_SECRET: a backup's readable rows do not hold it. */
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  retiredAt: timestamptz('retired_at'),
});

/**
 * A login initiated by a platform, waiting for its launch: the state and nonce are spent by the
 * first launch that presents them, and expire within minutes.
 */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    state: text('state').primaryKey(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('lti_login_states_platform_id_idx').on(table.platformId),
    index('lti_login_states_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * The platform's person (its `sub`) linked to an ExamIQ account at their first launch, by email:
 * later launches follow the link, so a changed email in the LMS cannot reach another account.
 */
export const ltiAccounts = pgTable(
  'lti_accounts',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platformId, table.subject] }),
    index('lti_accounts_user_id_idx').on(table.userId),
  ],
);

/**
 * A launched session waiting for its browser: the launch page presents the ticket once, within
 * minutes; only the ticket's SHA-256 is kept.
 */
export const ltiLaunchTickets = pgTable(
  'lti_launch_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    redirect: text('redirect').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('lti_launch_tickets_user_id_idx').on(table.userId),
    index('lti_launch_tickets_platform_id_idx').on(table.platformId),
  ],
);

/** A deep-linking request an instructor is answering: where the choice goes back to. */
export const ltiDeepLinks = pgTable(
  'lti_deep_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    returnUrl: text('return_url').notNull(),
    /** The platform's `data`, returned as it came. */
    data: text('data'),
    /** The signed answer once the instructor chose, for the page that posts it to the platform. */
    responseJwt: text('response_jwt'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [
    index('lti_deep_links_platform_id_idx').on(table.platformId),
    index('lti_deep_links_user_id_idx').on(table.userId),
  ],
);

/**
 * A student launched into an exam from an LMS line item: where their score goes once results are
 * published, and what was last sent (a send that changes nothing is not repeated).
 */
export const ltiScoreLinks = pgTable(
  'lti_score_links',
  {
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    examId: examIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    lineItemUrl: text('line_item_url').notNull(),
    sentScore: doublePrecision('sent_score'),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error'),
    failedAt: timestamptz('failed_at'),
  },
  (table) => [
    primaryKey({ columns: [table.examId, table.userId, table.lineItemUrl] }),
    index('lti_score_links_platform_id_idx').on(table.platformId),
    index('lti_score_links_user_id_idx').on(table.userId),
    index('lti_score_links_failed_idx')
      .on(table.failedAt)
      .where(sql`${table.lastError} is not null`),
  ],
);

// --- Media --------------------------------------------------------------------------------------

/** Binary data, read as a Buffer from either engine. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The images of exam content, kept in the database so that a backup, a restore and the move to
 * PostgreSQL carry them with everything else. Content-addressed: the id is the SHA-256 (hex) of
 * the stored bytes, so a picture used in fifty questions is one row, and a row never changes.
 * Migration 0028 stores `bytes` uncompressed: images are compressed already.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type', { enum: MEDIA_CONTENT_TYPES }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The newest upload of these bytes: the sweep of unreferenced media counts its grace from it,
    // so an old unreferenced image uploaded again is not removed before it is put in a question.
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (table) => [
    check('media_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`),
    check('media_content_type_check', isOneOf(table.contentType, MEDIA_CONTENT_TYPES)),
    index('media_created_by_idx').on(table.createdBy),
  ],
);

/**
 * The bytes of the files students upload as answers, under the SHA-256 of the stored bytes (after
 * a photo's metadata was removed): the same file sent again, or by another student, is stored once.
 */
export const answerFileContents = pgTable(
  'answer_file_contents',
  {
    sha256: text('sha256').primaryKey(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    // The newest upload of these bytes: the sweep of bytes no file names counts its grace from
    // it, and an upload re-using them locks the row, so the sweep cannot remove them under it.
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
  },
  (table) => [check('answer_file_contents_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * A file a student uploaded to a question of their attempt. The answer lists the ones it keeps
 * (`attempt_answers.response.fileIds`); the same bytes uploaded again to the same question are
 * this row, so a retried upload never stores a file twice.
 */
export const answerFiles = pgTable(
  'answer_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').notNull(),
    sha256: text('sha256')
      .notNull()
      .references(() => answerFileContents.sha256),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (table) => [
    uniqueIndex('answer_files_attempt_id_question_id_sha256_key').on(
      table.attemptId,
      table.questionId,
      table.sha256,
    ),
    index('answer_files_sha256_idx').on(table.sha256),
  ],
);

// --- Question banks -----------------------------------------------------------------------------

/** A course's outcomes (CO1…), in the order the admin lists them. */
export const courseOutcomes = pgTable(
  'course_outcomes',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    targetPercent: integer('target_percent').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.code] }),
    check('course_outcomes_target_percent_check', sql`${table.targetPercent} between 1 and 100`),
  ],
);

/**
 * A course's bank as a whole: whether a question needs a reviewer other than its last author to
 * become Ready. Off by default (a course without a row requires no review): many courses have a
 * single teacher, who could otherwise never make a question Ready; the admin turns it on where a
 * second reader exists.
 */
export const courseBanks = pgTable('course_banks', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  requireReview: boolean('require_review').notNull().default(false),
  // The share of students reaching an outcome's target from which it is attained at each level.
  level1Percent: integer('level1_percent').notNull().default(DEFAULT_ATTAINMENT_LEVELS.level1),
  level2Percent: integer('level2_percent').notNull().default(DEFAULT_ATTAINMENT_LEVELS.level2),
  level3Percent: integer('level3_percent').notNull().default(DEFAULT_ATTAINMENT_LEVELS.level3),
});

/** The faculty an admin granted a course's bank, each as author, reviewer or both. */
export const bankAccess = pgTable(
  'bank_access',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    facultyUserId: uuid('faculty_user_id')
      .notNull()
      .references(() => faculty.userId, { onDelete: 'cascade' }),
    role: text('role', { enum: BANK_ROLES }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.facultyUserId, table.role] }),
    index('bank_access_faculty_user_id_idx').on(table.facultyUserId),
    check('bank_access_role_check', isOneOf(table.role, BANK_ROLES)),
  ],
);

/**
 * A question of a course's bank. Its own fields are one document in the exam payload's shape
 * (`content`); what lists filter on is in columns beside it, the type and difficulty read from the
 * document so the two never disagree. A course with questions cannot be deleted: they are the
 * faculty's work of years.
 */
export const bankQuestions = pgTable(
  'bank_questions',
  {
    // Time-ordered (v7), written by the server: newest-first pages walk the primary key's order.
    id: uuid('id').primaryKey(),
    courseId: masterDataReference('course_id', () => courses.id),
    category: text('category').notNull(),
    tags: text('tags').array().notNull(),
    bloomLevel: text('bloom_level', { enum: BLOOM_LEVELS }).notNull(),
    courseOutcomes: text('course_outcomes').array().notNull(),
    status: text('status', { enum: BANK_QUESTION_STATUSES }).notNull(),
    content: jsonb('content').$type<BankQuestionContent>().notNull(),
    questionType: text('question_type', { enum: QUESTION_TYPES })
      .notNull()
      .generatedAlwaysAs(sql`content->>'questionType'`),
    difficulty: text('difficulty', { enum: DIFFICULTIES })
      .notNull()
      .generatedAlwaysAs(sql`content->>'difficulty'`),
    // The version exams refer to (`questions.bank_version`); an edit of content an exam holds a
    // copy of makes the next one.
    version: integer('version').notNull().default(1),
    // Every change of content or labels makes the next revision; the history keeps the earlier.
    revision: integer('revision').notNull().default(1),
    // The question's readable text, folded (examiq_fold) by the statement that writes it.
    searchText: text('search_text').notNull(),
    // Who last changed the content: a review must come from someone else.
    contentBy: uuid('content_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('bank_questions_course_id_id_idx').on(table.courseId, table.id),
    index('bank_questions_course_id_category_idx').on(table.courseId, table.category),
    // An author's usual filter pair, newest first: a page walks it and stops at its last row, and
    // a search's count joins it to the trigram index's rows instead of reading each of them.
    index('bank_questions_course_difficulty_bloom_idx').on(
      table.courseId,
      table.difficulty,
      table.bloomLevel,
      table.id,
    ),
    trigramIndex('bank_questions_search_idx', table.searchText),
    index('bank_questions_course_outcomes_idx').using('gin', table.courseOutcomes),
    index('bank_questions_created_by_idx').on(table.createdBy),
    index('bank_questions_updated_by_idx').on(table.updatedBy),
    index('bank_questions_content_by_idx').on(table.contentBy),
    check('bank_questions_status_check', isOneOf(table.status, BANK_QUESTION_STATUSES)),
    check('bank_questions_bloom_level_check', isOneOf(table.bloomLevel, BLOOM_LEVELS)),
  ],
);

/** A bank question's fields and labels as one revision held them. */
export interface BankQuestionState {
  category: string;
  tags: string[];
  bloomLevel: (typeof BLOOM_LEVELS)[number];
  courseOutcomes: string[];
  status: (typeof BANK_QUESTION_STATUSES)[number];
  content: BankQuestionContent;
}

/**
 * One change of a bank question: the revision it made, who made it and when, the fields it
 * changed, and the whole state before it (the previous revision), so any revision can be restored.
 */
export const bankQuestionChanges = pgTable(
  'bank_question_changes',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamptz('changed_at').notNull(),
    changedFields: text('changed_fields').array().notNull(),
    previous: jsonb('previous').$type<BankQuestionState>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.questionId, table.revision] }),
    index('bank_question_changes_changed_by_idx').on(table.changedBy),
  ],
);

/**
 * One exam's sittings of one version of a bank question, written when the exam's results are
 * published or regraded: what the version's figures over every exam are summed from. The sums
 * are kept rather than the means, so exams of different sizes weigh by their sittings.
 */
export const bankQuestionExamStatistics = pgTable(
  'bank_question_exam_statistics',
  {
    bankQuestionId: uuid('bank_question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    examId: examIdColumn(),
    sittings: integer('sittings').notNull(),
    // The sum over the sittings of the share of the question's marks scored.
    scoreShareSum: doublePrecision('score_share_sum').notNull(),
    discrimination: doublePrecision('discrimination'),
    // How many sittings chose each option of a choice question, in stored order.
    optionCounts: integer('option_counts').array(),
  },
  (table) => [
    primaryKey({ columns: [table.bankQuestionId, table.version, table.examId] }),
    index('bank_question_exam_statistics_exam_id_idx').on(table.examId),
  ],
);

/** A bank question version's figures over every exam that used it, which the bank lists sort by. */
export const bankQuestionStatistics = pgTable(
  'bank_question_statistics',
  {
    bankQuestionId: uuid('bank_question_id')
      .notNull()
      .references(() => bankQuestions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    exams: integer('exams').notNull(),
    timesUsed: integer('times_used').notNull(),
    facility: doublePrecision('facility'),
    discrimination: doublePrecision('discrimination'),
    optionShares: doublePrecision('option_shares').array(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankQuestionId, table.version] })],
);
