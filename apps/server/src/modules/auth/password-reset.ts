import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ForgotPasswordInput,
  type ResetPasswordWithLinkInput,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema';
import type { JobRunner } from '../../jobs/runner';
import { queueMail } from '../mail/mail.service';
import { MESSAGES, RESET_LINK_MINUTES } from '../mail/messages';
import { normalizeEmail } from '../users/users.service';
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

/**
 * Mails a single-use reset link to the account of `email`, when there is an active one and the
 * limits allow it. The caller answers the same in every case: whether an account exists is not
 * told.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  jobs: JobRunner,
  { email }: ForgotPasswordInput,
  client: ClientInfo,
): Promise<void> {
  const { db, config, limitStore } = deps;
  const rules = [
    { key: `password-reset:account:${normalizeEmail(email)}`, ...RESET_REQUESTS.account },
    { key: `password-reset:address:${client.ip}`, ...RESET_REQUESTS.address },
  ];
  const { waitSeconds, account } = await limitStore.reserve(rules, email);
  if (waitSeconds !== null) return;
  // Every request counts, whatever comes of it.
  await limitStore.confirmFailure(rules);
  if (!account?.isActive) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: account.id,
    kind: 'reset',
    expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
  });
  await queueMail(
    db,
    jobs,
    config.mail.smtpUrl !== undefined,
    account.email,
    MESSAGES.passwordReset(config.mail, account.email, token),
  );
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
