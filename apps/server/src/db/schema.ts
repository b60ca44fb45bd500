import { ACTIVE_STATUS, COURSE_TYPES, ROLES } from '@examiq/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
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
