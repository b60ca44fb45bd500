import { PEOPLE_MESSAGES, type SetAccountStatusInput } from '@examiq/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { faculty, students, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { type AuditEntry, recordAudit } from '../audit/audit';
import { revokeUserSessions } from '../auth/sessions';
import { newDefaultPassword, personLabel } from '../people/people.service';

/**
 * An account with the record the audit log files its actions under (its profile, if it has one),
 * and the name its profile gives the person.
 */
export interface AccountOwner {
  email: string;
  isActive: boolean;
  lastLogin: Date | null;
  /** First and last name; null for an account without a profile (an admin). */
  name: string | null;
  record: Pick<AuditEntry, 'recordType' | 'recordId' | 'recordLabel'>;
}

/** The account and its student or faculty profile, locked until the transaction ends; 404 if none. */
export async function accountOwner(tx: AppDatabase, userId: string): Promise<AccountOwner> {
  const [row] = await tx
    .select({
      email: users.email,
      isActive: users.isActive,
      lastLogin: users.lastLogin,
      student: {
        id: students.id,
        readableId: students.studentId,
        firstName: students.firstName,
        lastName: students.lastName,
      },
      member: {
        id: faculty.id,
        readableId: faculty.facultyId,
        firstName: faculty.firstName,
        lastName: faculty.lastName,
      },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(faculty, eq(faculty.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  if (!row) throw new ApiError(404, PEOPLE_MESSAGES.accountNotFound);
  const profile = row.student ?? row.member;
  const record = profile
    ? {
        recordType: row.student ? 'student' : 'faculty',
        recordId: profile.id,
        recordLabel: personLabel(profile, profile.readableId),
      }
    : { recordType: 'user', recordId: userId, recordLabel: row.email };
  const { email, isActive, lastLogin } = row;
  const name = profile && `${profile.firstName} ${profile.lastName}`;
  return { email, isActive, lastLogin, name, record };
}

/**
 * Deactivates or reactivates an account. Deactivating ends its sessions at once, so a later
 * reactivation does not bring them back; signing in is refused while it is inactive.
 */
export async function setAccountStatus(
  db: AppDatabase,
  actorUserId: string,
  { userId, isActive }: SetAccountStatusInput,
): Promise<void> {
  // The admin acting stays able to undo it, and an institution keeps at least this admin.
  if (userId === actorUserId && !isActive) {
    throw new ApiError(409, PEOPLE_MESSAGES.ownAccountStatus);
  }
  await db.transaction(async (tx) => {
    const owner = await accountOwner(tx, userId);
    if (owner.isActive === isActive) return;
    await tx.update(users).set({ isActive }).where(eq(users.id, userId));
    if (!isActive) await revokeUserSessions(tx, userId, 'account_deactivated');
    const verb = isActive ? 'reactivate' : 'deactivate';
    await recordAudit(tx, actorUserId, {
      action: `${owner.record.recordType}.${verb}`,
      ...owner.record,
      summary: `${isActive ? 'Reactivated' : 'Deactivated'} the account of ${owner.record.recordLabel}`,
    });
  });
}

/**
 * Gives an account a new default password, to be changed at the next sign-in, and ends every
 * session of it. The password is returned once and only its hash is kept.
 */
export async function resetAccountPassword(
  db: AppDatabase,
  actorUserId: string,
  userId: string,
): Promise<string> {
  if (userId === actorUserId) throw new ApiError(409, PEOPLE_MESSAGES.ownPasswordReset);
  const { password, passwordHash } = await newDefaultPassword();
  await db.transaction(async (tx) => {
    const owner = await accountOwner(tx, userId);
    await tx.update(users).set({ passwordHash, isFirstLogin: true }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, 'password_reset');
    await recordAudit(tx, actorUserId, {
      action: `${owner.record.recordType}.reset-password`,
      ...owner.record,
      summary: `Reset the password of ${owner.record.recordLabel}`,
    });
  });
  return password;
}
