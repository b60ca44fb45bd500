import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { type AccountEvent, recordAccountEvent } from './account-events';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { hashToken } from './tokens';

/** A kind of emailed link that sets a password: what refuses it and what its use records. */
export interface PasswordLink {
  kind: 'reset' | 'invitation';
  /** The 400's message for a link unknown, used, expired, of the other kind or of a closed account. */
  invalid: string;
  event: Pick<AccountEvent, 'action' | 'summary'>;
}

/**
 * Deletes the account's invitation links: once its owner has chosen a password, by the invitation
 * or a reset link, there is no invitation left to accept or send again.
 */
export async function endInvitations(tx: AppDatabase, userId: string): Promise<void> {
  await tx
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.kind, 'invitation')));
}

/**
 * Sets an active account's password with a link's token of `link.kind`, once, within its lifetime.
 * The account's other links end with it (each was a way into the old password's place), and so
 * does every session (the caller tells the live channel). Returns the account.
 */
export async function setPasswordWithLink(
  db: AppDatabase,
  { token, newPassword }: { token: string; newPassword: string },
  link: PasswordLink,
): Promise<string> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.kind, link.kind),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new ApiError(400, link.invalid);
    const [account] = await tx
      .update(users)
      .set({ passwordHash, isFirstLogin: false })
      .where(and(eq(users.id, used.userId), eq(users.isActive, true)))
      .returning({ id: users.id });
    if (!account) throw new ApiError(400, link.invalid);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
    await endInvitations(tx, account.id);
    await revokeUserSessions(tx, account.id, 'password_changed');
    await recordAccountEvent(tx, account.id, { ...link.event, byTheAccount: true });
    return account.id;
  });
}
