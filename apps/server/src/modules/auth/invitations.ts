import { randomBytes } from 'node:crypto';
import {
  type AcceptInvitationInput,
  AUTH_MESSAGES,
  PEOPLE_MESSAGES,
  type ResendInvitationInput,
} from '@examiq/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MailSettings } from '../../config';
import type { AppDatabase } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { ApiError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import { recordAudit } from '../audit/audit';
import { keepMail } from '../mail/mail.service';
import { INVITATION_LINK_DAYS, MESSAGES } from '../mail/messages';
import { readSettings } from '../settings/settings.service';
import { accountOwner } from '../users/accounts.service';
import type { ClientInfo } from './credentials';
import { setPasswordWithLink } from './password-links';
import { hashPassword } from './passwords';
import { hashToken } from './tokens';

/** What mailing an invitation needs: the outbox, its sender and the message's settings. */
export interface InvitationMail {
  jobs: JobRunner;
  mail: MailSettings;
}

/** A password nobody knows: an invited account cannot sign in until its link has been used. */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Ends the account's invitation links and writes a new one, inside `tx`; returns its token. */
async function newInvitationLink(tx: AppDatabase, userId: string): Promise<string> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.kind, 'invitation'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind: 'invitation',
    expiresAt: sql`now() + make_interval(days => ${INVITATION_LINK_DAYS})`,
  });
  return token;
}

/**
 * Writes the account a new invitation link, ending its older ones, and keeps the message that
 * carries it, inside `tx`: the link and its message commit together. Wake `mailer.jobs` once the
 * transaction has committed.
 */
export async function inviteAccount(
  tx: AppDatabase,
  { jobs, mail }: InvitationMail,
  account: { userId: string; email: string; name: string },
): Promise<void> {
  const token = await newInvitationLink(tx, account.userId);
  await keepMail(
    tx,
    jobs,
    mail.smtpUrl !== undefined,
    account.email,
    MESSAGES.invitation(mail, account.name, token),
  );
}

/**
 * Sets an invited account's first password with its link's token, once, within its lifetime; its
 * invitation links go with it (so it has none left to send again) and its reset links end.
 * Returns the account.
 */
export function acceptInvitation(
  db: AppDatabase,
  input: AcceptInvitationInput,
  client: ClientInfo,
): Promise<string> {
  return setPasswordWithLink(db, input, {
    kind: 'invitation',
    invalid: AUTH_MESSAGES.invitationLinkInvalid,
    event: {
      action: 'account.invitation-accepted',
      summary: `Set the account's password with an emailed invitation from ${client.ip}`,
    },
  });
}

/**
 * Mails an invited account a new set-password link and ends its older ones. Only an account that
 * was invited, has not set its password since and has never signed in has an invitation to send
 * again, and only while the institution offers invitations (409 otherwise); 404 for an unknown
 * account.
 */
export async function resendInvitation(
  db: AppDatabase,
  mailer: InvitationMail,
  actorUserId: string,
  { userId }: ResendInvitationInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await accountOwner(tx, userId);
    if (!(await readSettings(tx)).settings.invitationEmails) {
      throw new ApiError(409, PEOPLE_MESSAGES.invitationsOffResend);
    }
    const [invitation] = await tx
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.kind, 'invitation')),
      )
      .limit(1);
    if (owner.name === null || !invitation || owner.lastLogin !== null) {
      throw new ApiError(409, PEOPLE_MESSAGES.invitationNotPending);
    }
    if (!owner.isActive) throw new ApiError(409, PEOPLE_MESSAGES.invitationAccountDeactivated);
    await inviteAccount(tx, mailer, { userId, email: owner.email, name: owner.name });
    const { record } = owner;
    await recordAudit(tx, actorUserId, {
      action: `${record.recordType}.resend-invitation`,
      ...record,
      summary: `Sent ${record.recordLabel} a new invitation to ${owner.email}; the earlier links ended`,
    });
  });
  mailer.jobs.wake();
}
