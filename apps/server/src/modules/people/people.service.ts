import { randomInt } from 'node:crypto';
import {
  type CreateFacultyPayload,
  type Faculty,
  PEOPLE_MESSAGES,
  type Role,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { insertOne } from '../../db/errors';
import { type faculty, type students, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { FORMULA_START } from '../../spreadsheets/write';
import { hashPassword } from '../auth/passwords';
import { insertHashedUser, normalizeEmail, type UserRow } from '../users/users.service';

// --- Default passwords ------------------------------------------------------------------------

// Look-alikes (I, l, O, 0, 1) are left out: the admin reads the password out or copies it by hand.
const PASSWORD_CLASSES = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  '!@#$%&*?-_+=',
];
export const DEFAULT_PASSWORD_LENGTH = 16;

function randomCharOf(alphabet: string): string {
  return alphabet.charAt(randomInt(alphabet.length));
}

/**
 * Random characters with at least one of each class, so the password passes any usual strength
 * rule; shuffled so the guaranteed ones do not always lead. It never starts as a formula would:
 * the credentials file of an import escapes such a cell, and the password must stay as it is.
 */
export function generateDefaultPassword(length = DEFAULT_PASSWORD_LENGTH): string {
  const anyClass = PASSWORD_CLASSES.join('');
  const chars = [
    ...PASSWORD_CLASSES.map(randomCharOf),
    ...Array.from({ length: length - PASSWORD_CLASSES.length }, () => randomCharOf(anyClass)),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  if (FORMULA_START.test(chars[0] as string)) {
    const letter = chars.findIndex((char) => !FORMULA_START.test(char));
    [chars[0], chars[letter]] = [chars[letter] as string, chars[0] as string];
  }
  return chars.join('');
}

/**
 * A new default password and its hash. Hashing costs tens of milliseconds, so callers do it
 * before opening the transaction that stores it, keeping that transaction short.
 */
export async function newDefaultPassword(): Promise<{ password: string; passwordHash: string }> {
  const password = generateDefaultPassword();
  return { password, passwordHash: await hashPassword(password) };
}

// --- Accounts ---------------------------------------------------------------------------------

/** The account columns a person record shows; never the password hash. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  isEmailVerified: users.isEmailVerified,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
};
export type Account = Pick<UserRow, keyof typeof accountColumns>;

export function toAccountDto(account: Account): Faculty['userId'] {
  return {
    _id: account.id,
    email: account.email,
    role: account.role,
    isActive: account.isActive,
    isEmailVerified: account.isEmailVerified,
    lastLogin: account.lastLogin?.toISOString() ?? null,
    createdAt: account.createdAt.toISOString(),
  };
}

/** The account of a new student or faculty member, who must change the password on first login. */
export async function insertPersonAccount(
  tx: AppDatabase,
  input: { email: string; role: Role; passwordHash: string; isFirstLogin?: boolean },
): Promise<UserRow> {
  const account = await insertHashedUser(tx, { isFirstLogin: true, ...input });
  if (!account) throw new ApiError(409, PEOPLE_MESSAGES.emailTaken);
  return account;
}

/** Moves an account to another email; 409, as on create, when another account has it. */
export async function updateAccountEmail(
  tx: AppDatabase,
  userId: string,
  email: string,
): Promise<void> {
  await insertOne(
    tx
      .update(users)
      .set({ email: normalizeEmail(email) })
      .where(eq(users.id, userId))
      .returning({ id: users.id }),
    { duplicate: () => new ApiError(409, PEOPLE_MESSAGES.emailTaken) },
  );
}

/** How the audit log names a person: 'Asha Rao (STU-2024-00001)'. */
export function personLabel(row: { firstName: string; lastName: string }, id: string): string {
  return `${row.firstName} ${row.lastName} (${id})`;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * The leaves of an edited record that differ, keyed by dotted path as the form's fields are
 * ('personalInfo.firstName'), so the audit log says which fields an edit changed.
 */
export function changedFields(before: unknown, after: unknown, path = ''): FieldChanges {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object';
  if (isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return Object.assign(
      {},
      ...[...keys].map((key) =>
        changedFields(before[key], after[key], path ? `${path}.${key}` : key),
      ),
    );
  }
  return Object.is(before, after) ? {} : { [path]: { from: before ?? null, to: after ?? null } };
}

/** 'Edited student Asha Rao (STU-2024-00001): email, personalInfo.firstName'. */
export function editSummary(kind: string, label: string, changes: FieldChanges): string {
  const fields = Object.keys(changes);
  return `Edited ${kind} ${label}: ${fields.length === 0 ? 'no changes' : fields.join(', ')}`;
}

// --- Personal and contact information ---------------------------------------------------------

type PersonalInfoInput = Omit<CreateFacultyPayload['personalInfo'], 'maritalStatus'>;
type ContactInfoInput = CreateFacultyPayload['contactInfo'];
type PersonRow = typeof students.$inferSelect | typeof faculty.$inferSelect;

/** The shared person columns of a students or faculty row, from the create payload. */
export function personColumnsOf(personalInfo: PersonalInfoInput, contactInfo: ContactInfoInput) {
  return {
    photo: personalInfo.photo,
    firstName: personalInfo.firstName,
    lastName: personalInfo.lastName,
    dateOfBirth: personalInfo.dateOfBirth,
    gender: personalInfo.gender,
    nationality: personalInfo.nationality,
    religion: personalInfo.religion,
    phone: contactInfo.phone,
    permanentAddress: contactInfo.permanentAddress,
    currentAddress: contactInfo.currentAddress,
  };
}

export function personalInfoOf(row: PersonRow) {
  return {
    photo: row.photo,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    nationality: row.nationality,
    religion: row.religion,
  };
}

export function contactInfoOf(row: PersonRow) {
  return {
    phone: row.phone,
    permanentAddress: row.permanentAddress,
    currentAddress: row.currentAddress,
  };
}
