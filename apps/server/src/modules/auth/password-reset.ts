import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ForgotPasswordInput,
  type ResetPasswordWithLinkInput,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { MailSettings } from '../../config';
import { passwordResetTokens } from '../../db/schema';
import type { JobKind, JobRunner } from '../../jobs/runner';
import { keepMail } from '../mail/mail.service';
import { MESSAGES, RESET_LINK_MINUTES } from '../mail/messages';
import { readSettings } from '../settings/settings.service';
import { findUserByEmail, normalizeEmail } from '../users/users.service';
import type { AuthDeps, ClientInfo } from './credentials';
import { setPasswordWithLink } from './password-links';
import { hashToken } from './tokens';

/**
 * How many reset links one address and one network address may ask for in an hour: enough for a
 * person who lost a message, too few to fill a mailbox.
 */
const RESET_REQUESTS = {
  account: { max: 3, windowSeconds: 60 * 60 },
  address: { max: 20, windowSeconds: 60 * 60 },
};

export const PASSWORD_RESET_JOB = 'password-reset-link';

/**
 * Counts a request for a reset link and, when the limits allow it, queues the link's job for the
 * address. The request does the same whether or not an account has the address: the caller
 * answers the same, after the same statements, so neither its words nor its timing tell whether
 * one exists. The job looks for the account.
 */
export async function requestPasswordReset(
  { db, limitStore }: AuthDeps,
  jobs: JobRunner,
  { email }: ForgotPasswordInput,
  client: ClientInfo,
): Promise<void> {
  const address = normalizeEmail(email);
  const rules = [
    { key: `password-reset:account:${address}`, ...RESET_REQUESTS.account },
    { key: `password-reset:address:${client.ip}`, ...RESET_REQUESTS.address },
  ];
  const { waitSeconds } = await limitStore.reserve(rules, email);
  if (waitSeconds !== null) return;
  // Every request counts, whatever comes of it.
  await limitStore.confirmFailure(rules);
  await jobs.add(db, PASSWORD_RESET_JOB, { email: address });
  jobs.wake();
}

/**
 * Mails a single-use reset link to the active account of the address, if there is one and the
 * institution has not switched reset links off. The switch is read here, not by the request: the
 * request does the same whatever the setting, as it does whatever the address.
 */
export function passwordResetJob(mail: MailSettings): JobKind<{ email: string }> {
  return {
    name: PASSWORD_RESET_JOB,
    attempts: 3,
    concurrency: 2,
    async run({ email }, { db, jobs }) {
      if (!(await readSettings(db)).settings.passwordResetEmails) return;
      const account = await findUserByEmail(db, email);
      if (!account?.isActive) return;
      const token = randomBytes(32).toString('base64url');
      const sending = mail.smtpUrl !== undefined;
      await db.transaction(async (tx) => {
        await tx.insert(passwordResetTokens).values({
          tokenHash: hashToken(token),
          userId: account.id,
          kind: 'reset',
          expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
        });
        await keepMail(
          tx,
          jobs,
          sending,
          account.email,
          MESSAGES.passwordReset(mail, account.email, token),
        );
      });
      if (sending) jobs.wake();
    },
    async failed() {},
  };
}

/**
 * Sets a new password with a reset link's token, once, within its lifetime; every session of the
 * account ends (the caller tells the live channel). Returns the account.
 */
export function resetPasswordWithLink(
  { db }: AuthDeps,
  input: ResetPasswordWithLinkInput,
  client: ClientInfo,
): Promise<string> {
  return setPasswordWithLink(db, input, {
    kind: 'reset',
    invalid: AUTH_MESSAGES.resetLinkInvalid,
    event: {
      action: 'account.password-reset',
      summary: `Reset the password with an emailed link from ${client.ip}; every session of the account ended`,
    },
  });
}
