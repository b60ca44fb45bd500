import type {
  CreateFacultyPayload,
  CreateStudentPayload,
  Faculty,
  Student,
} from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/client';
import { insertOne } from '../../db/errors';
import { type faculty, type students, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { type InvitationMail, inviteAccount, unusablePasswordHash } from '../auth/invitations';
import {
  type Account,
  changedFields,
  editSummary,
  insertPersonAccount,
  newDefaultPassword,
  personLabel,
  updateAccountEmail,
} from './people.service';

type PersonTable = typeof students | typeof faculty;
type AnyPayload = CreateStudentPayload | CreateFacultyPayload;
type AnyPerson = Student | Faculty;

/**
 * What sets one kind of person (student, faculty member) apart where creating, reading, editing
 * and deleting them is otherwise the same: the table, the IDs, the value besides the email that
 * only one person may have, the messages, and the columns the create form fills.
 */
export interface PersonKind<
  Table extends PersonTable,
  Payload extends AnyPayload,
  Person extends AnyPerson,
> {
  /** The account's role, the audit log's record type and its actions' prefix. */
  role: 'student' | 'faculty';
  /** How the audit log's sentences name one: 'student', 'faculty member'. */
  noun: string;
  table: Table;
  /** The readable ID the database numbers ('STU-2024-00001'). */
  readableId: AnyPgColumn;
  readableIdOf: (person: Person) => string;
  notFound: string;
  /**
   * The value besides the email that is unique to one person, compared in lower case by its
   * unique index: the create and edit calls answer 409 with `taken`, the import checks its rows
   * for it.
   */
  unique: {
    field: string;
    column: AnyPgColumn;
    of: (payload: Payload) => string;
    taken: (value: string) => string;
  };
  /**
   * The profile's columns from the create or edit payload, after checking what refers to other
   * records (a student's placement), and how the written row reads as the API shows it.
   */
  columnsOf: (
    tx: AppDatabase,
    payload: Payload,
  ) => Promise<{
    columns: Omit<Table['$inferInsert'], 'userId'>;
    toDto: (row: Table['$inferSelect'], account: Account) => Person;
  }>;
  /** One person as the API shows them, or undefined. */
  read: (db: AppDatabase, id: string) => Promise<Person | undefined>;
  /** The create form's values of a person, whose differences an edit's audit entry lists. */
  inputOf: (person: Person) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: each kind fixes its own table, payload and record
export type AnyPersonKind = PersonKind<any, any, any>;

/**
 * Creates a person and their account inside `tx`, with a password hashed beforehand, and records
 * it in the audit log; with `invitation`, the password is one nobody knows and the person is
 * mailed a set-password link (wake its runner once `tx` has committed). The create calls and the
 * bulk import both create people through it.
 */
export async function insertPerson<
  Table extends PersonTable,
  Payload extends AnyPayload,
  Person extends AnyPerson,
>(
  kind: PersonKind<Table, Payload, Person>,
  tx: AppDatabase,
  actorUserId: string,
  payload: Payload,
  passwordHash: string,
  invitation?: InvitationMail,
): Promise<Person> {
  const invited = invitation !== undefined;
  const { columns, toDto } = await kind.columnsOf(tx, payload);
  // An invited account's password is unknown to all: the person sets their own with the link.
  const account = await insertPersonAccount(tx, {
    email: payload.email,
    role: kind.role,
    passwordHash,
    isFirstLogin: !invited,
  });
  // The kind pairs its table with its columns; drizzle cannot follow a table chosen by a type.
  const table: PersonTable = kind.table;
  const row = await insertOne<PersonTable['$inferSelect']>(
    tx
      .insert(table)
      .values({ userId: account.id, ...columns } as never)
      .returning(),
    { duplicate: () => new ApiError(409, kind.unique.taken(kind.unique.of(payload))) },
  );
  const person = toDto(row as Table['$inferSelect'], account);
  const label = personLabel(person.personalInfo, kind.readableIdOf(person));
  await recordAudit(tx, actorUserId, {
    action: `${kind.role}.create`,
    recordType: kind.role,
    recordId: person._id,
    recordLabel: label,
    summary: `Created ${kind.noun} ${label} with the account ${account.email}${invited ? ', invited by email to set a password' : ''}`,
  });
  if (invitation) {
    const { firstName, lastName } = person.personalInfo;
    await inviteAccount(tx, invitation, {
      userId: account.id,
      email: account.email,
      name: `${firstName} ${lastName}`,
    });
  }
  return person;
}

/**
 * The create call: the person, and their default password, which is shown only here; or, when
 * `invitation` is given, no password (null) and a set-password link mailed to the person.
 */
export async function createPerson<
  Table extends PersonTable,
  Payload extends AnyPayload,
  Person extends AnyPerson,
>(
  kind: PersonKind<Table, Payload, Person>,
  db: AppDatabase,
  actorUserId: string,
  payload: Payload,
  invitation?: InvitationMail,
): Promise<{ person: Person; defaultPassword: string | null }> {
  if (invitation) {
    const passwordHash = await unusablePasswordHash();
    const person = await db.transaction((tx) =>
      insertPerson(kind, tx, actorUserId, payload, passwordHash, invitation),
    );
    invitation.jobs.wake();
    return { person, defaultPassword: null };
  }
  const { password, passwordHash } = await newDefaultPassword();
  const person = await db.transaction((tx) =>
    insertPerson(kind, tx, actorUserId, payload, passwordHash),
  );
  return { person, defaultPassword: password };
}

/** One person as the API shows them; 404 with the kind's message when there is none. */
export async function getPerson<Person extends AnyPerson>(
  kind: Pick<PersonKind<PersonTable, AnyPayload, Person>, 'read' | 'notFound'>,
  db: AppDatabase,
  id: string,
): Promise<Person> {
  const person = await kind.read(db, id);
  if (!person) throw new ApiError(404, kind.notFound);
  return person;
}

/**
 * Edits a person with the create form's payload, their account's email included, and records
 * which fields changed, all in one transaction. The unique indexes decide duplicates, as on create.
 */
export async function updatePerson<
  Table extends PersonTable,
  Payload extends AnyPayload,
  Person extends AnyPerson,
>(
  kind: PersonKind<Table, Payload, Person>,
  db: AppDatabase,
  actorUserId: string,
  id: string,
  payload: Payload,
): Promise<Person> {
  return db.transaction(async (tx) => {
    const before = await kind.read(tx, id);
    if (!before) throw new ApiError(404, kind.notFound);
    const { columns } = await kind.columnsOf(tx, payload);
    await updateAccountEmail(tx, before.userId._id, payload.email);
    const table: PersonTable = kind.table;
    await insertOne(
      tx
        .update(table)
        .set(columns as never)
        .where(eq(table.id, id))
        .returning({ id: table.id }),
      { duplicate: () => new ApiError(409, kind.unique.taken(kind.unique.of(payload))) },
    );
    const after = (await kind.read(tx, id)) as Person;
    const changes = changedFields(kind.inputOf(before), kind.inputOf(after));
    const label = personLabel(after.personalInfo, kind.readableIdOf(after));
    await recordAudit(tx, actorUserId, {
      action: `${kind.role}.update`,
      recordType: kind.role,
      recordId: id,
      recordLabel: label,
      summary: editSummary(kind.noun, label, changes),
      changes,
    });
    return after;
  });
}

/**
 * Deletes the account of the person with this id and records it in the audit log, in one
 * transaction: the profile and the sessions go with the account by cascade, and its access tokens
 * fail at once. The profile is locked first, so of two deletes at once the second finds nothing.
 */
export async function deletePerson(
  kind: AnyPersonKind,
  db: AppDatabase,
  actorUserId: string,
  id: string,
  /** Runs with the profile locked, before anything is deleted; throws to refuse the deletion. */
  checkDeletable?: (tx: AppDatabase, userId: string) => Promise<void>,
): Promise<void> {
  const profiles: PersonTable = kind.table;
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({
        userId: profiles.userId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        readableId: kind.readableId,
      })
      .from(profiles)
      .where(eq(profiles.id, id))
      // Not 'update': a write that refers to the person (an exam naming its proctor) locks the
      // row as a key it needs, and must finish while `checkDeletable` waits for what it locked.
      .for('no key update');
    if (!profile) throw new ApiError(404, kind.notFound);
    await checkDeletable?.(tx, profile.userId);
    await tx.delete(users).where(eq(users.id, profile.userId));
    const label = personLabel(profile, profile.readableId as string);
    await recordAudit(tx, actorUserId, {
      action: `${kind.role}.delete`,
      recordType: kind.role,
      recordId: id,
      recordLabel: label,
      summary: `Deleted ${kind.role} ${label} with their account`,
    });
  });
}
