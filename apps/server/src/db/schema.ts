import {
  ACTIVE_STATUS,
  type Address,
  COURSE_TYPES,
  GENDERS,
  MARITAL_STATUSES,
  ROLES,
} from '@examiq/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgSequence,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const usedRefreshTokens = pgTable(
  'used_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    usedAt: timestamptz('used_at').notNull().defaultNow(),
  },
  (table) => [index('used_refresh_tokens_session_id_idx').on(table.sessionId)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamptz('window_started_at').notNull(),
});

/** Master data records start Active; nothing changes a status yet. */
const masterDataStatusAndTimestamps = () => ({
  status: text('status').notNull().default(ACTIVE_STATUS),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

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
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
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
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
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
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    ...masterDataStatusAndTimestamps(),
  },
  (table) => [
    uniqueIndex('sections_branch_id_name_key').on(table.branchId, sql`lower(${table.name})`),
  ],
);

export interface RelativeColumn {
  name: string;
  occupation: string | null;
  phone: string;
  email: string;
}

export interface FamilyColumn {
  father: RelativeColumn;
  mother: RelativeColumn;
  guardian: (RelativeColumn & { relationship: string }) | null;
}

export interface QualificationColumn {
  degree: string;
  institution: string;
  year: number;
  percentage: number;
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
  photo: text('photo').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  gender: text('gender', { enum: GENDERS }).notNull(),
  nationality: text('nationality').notNull(),
  religion: text('religion').notNull(),
  phone: text('phone').notNull(),
  permanentAddress: jsonb('permanent_address').$type<Address>().notNull(),
  currentAddress: jsonb('current_address').$type<Address>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

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
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'restrict' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'restrict' }),
    semester: integer('semester').notNull(),
    admissionYear: integer('admission_year').notNull(),
    expectedGraduationYear: integer('expected_graduation_year').notNull(),
  },
  (table) => [
    uniqueIndex('students_roll_number_lower_key').on(sql`lower(${table.rollNumber})`),
    index('students_created_at_id_idx').on(table.createdAt, table.id),
    // The restrict checks of a course, branch or section delete look students up by these.
    index('students_course_id_idx').on(table.courseId),
    index('students_branch_id_idx').on(table.branchId),
    index('students_section_id_idx').on(table.sectionId),
  ],
);

export const faculty = pgTable(
  'faculty',
  {
    ...personColumns(),
    facultyId: text('faculty_id').notNull().unique().default(readableId('FAC', facultyNumbers)),
    employeeId: text('employee_id').notNull(),
    joiningDate: date('joining_date', { mode: 'string' }).notNull().default(sql`current_date`),
    maritalStatus: text('marital_status', { enum: MARITAL_STATUSES }).notNull(),
    department: text('department').notNull(),
    designation: text('designation').notNull(),
    qualifications: jsonb('qualifications').$type<QualificationColumn[]>().notNull(),
    totalExperienceYears: numeric('total_experience_years', { mode: 'number' }).notNull(),
    previousInstitutions: jsonb('previous_institutions')
      .$type<PreviousInstitutionColumn[]>()
      .notNull(),
  },
  (table) => [
    uniqueIndex('faculty_employee_id_lower_key').on(sql`lower(${table.employeeId})`),
    index('faculty_created_at_id_idx').on(table.createdAt, table.id),
  ],
);
