import { PEOPLE_MESSAGES, type Role, type User } from '@examiq/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { users } from '../../db/schema';
import { ApiError } from '../../errors';
import { hashPassword } from '../auth/passwords';

export type UserRow = typeof users.$inferSelect;

export const EMAIL_TAKEN_MESSAGE = PEOPLE_MESSAGES.emailTaken;

/** Emails are stored and compared trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The account whose email is the `email` placeholder, already normalized. Matches the unique
 * index on lower(email), so a look-up uses it.
 */
export const EMAIL_IS_PLACEHOLDER = sql`lower(${users.email}) = ${sql.placeholder('email')}`;

/** With the limit counters in Redis, every sign-in looks its account up: planned once per connection. */
const userByEmail = perDatabase((db) =>
  db.select().from(users).where(EMAIL_IS_PLACEHOLDER).limit(1).prepare('user_by_email'),
);

export async function findUserByEmail(db: AppDatabase, email: string): Promise<UserRow | null> {
  const [user] = await userByEmail(db).execute({ email: normalizeEmail(email) });
  return user ?? null;
}

export async function findUserById(db: AppDatabase, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  isFirstLogin?: boolean;
  isActive?: boolean;
}

export interface NewHashedUser extends Omit<NewUser, 'password'> {
  passwordHash: string;
}

/**
 * Creates an account whose password is already hashed, so a caller can hash before opening a
 * transaction. Returns null when the email is taken, so a caller racing another process for the
 * same email learns it lost without an error.
 */
export async function insertHashedUser(
  db: AppDatabase,
  input: NewHashedUser,
): Promise<UserRow | null> {
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      role: input.role,
      isFirstLogin: input.isFirstLogin ?? true,
      isActive: input.isActive ?? true,
    })
    .onConflictDoNothing()
    .returning();
  return user ?? null;
}

/** Creates an account, hashing its password; null when the email is taken. */
export async function insertUser(db: AppDatabase, input: NewUser): Promise<UserRow | null> {
  const { password, ...fields } = input;
  return insertHashedUser(db, { ...fields, passwordHash: await hashPassword(password) });
}

/** Creates an account; 409 when the email is already registered. */
export async function createUser(db: AppDatabase, input: NewUser): Promise<UserRow> {
  const user = await insertUser(db, input);
  if (!user) throw new ApiError(409, EMAIL_TAKEN_MESSAGE);
  return user;
}

/** The user as the API shows it (contracts' userSchema). */
export function toUserDto(user: UserRow): User {
  return {
    _id: user.id,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    isEmailVerified: user.isEmailVerified,
    isFirstLogin: user.isFirstLogin,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
