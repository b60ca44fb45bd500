import { z } from 'zod';
import { emailField, passwordField, requiredText, secretField } from './fields';
import { roleSchema } from './roles';

/** A reset link that is unknown, used or past its lifetime. */
const AUTH_RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';
const AUTH_INVITATION_LINK_INVALID =
  'This invitation link is invalid, used or has expired. Please ask the admin for a new one.';

export const loginSchema = z.object({
  email: emailField,
  password: passwordField('Password is required'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A new password and the same again, as every password change asks for them. */
const newPasswordFields = {
  newPassword: passwordField('New password is required'),
  confirmPassword: secretField('Please confirm your password'),
};

/** The new password is typed twice alike, and differs from the `current` (named so) one. */
function newPasswordChecks(current: string) {
  return (
    value: { currentPassword: string; newPassword: string; confirmPassword: string },
    ctx: z.RefinementCtx,
  ) => {
    if (value.confirmPassword !== value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords must match' });
    }
    if (value.currentPassword === value.newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: `New password must be different from the ${current} password`,
      });
    }
  };
}

/**
 * The reset screen's payload. The screen labels `currentPassword` "Temporary password"
 * (spec section 5) but any signed-up user may change a password with it.
 */
export const changePasswordSchema = z
  .object({
    email: emailField,
    currentPassword: secretField('Temporary password is required'),
    ...newPasswordFields,
  })
  .superRefine(newPasswordChecks('temporary'));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A signed-in person's own password change: the session proves who, the current password why. */
export const updatePasswordSchema = z
  .object({ currentPassword: secretField('Current password is required'), ...newPasswordFields })
  .superRefine(newPasswordChecks('current'));
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

/** `POST /auth/forgot-password`: the answer is the same whether or not an account has the email. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** An emailed link's token and the password it sets, twice; `invalid` answers a missing token. */
function passwordLinkSchema(invalid: string) {
  return z
    .object({ token: requiredText(invalid).max(200, invalid), ...newPasswordFields })
    .superRefine((value, ctx) => {
      if (value.confirmPassword !== value.newPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: 'Passwords must match',
        });
      }
    });
}
export type PasswordLinkSchema = ReturnType<typeof passwordLinkSchema>;

/** `POST /auth/reset-password`: the token of the emailed link and the new password, twice. */
export const resetPasswordWithLinkSchema = passwordLinkSchema(AUTH_RESET_LINK_INVALID);
export type ResetPasswordWithLinkInput = z.input<typeof resetPasswordWithLinkSchema>;

/**
 * `POST /auth/accept-invitation`: the token of the emailed invitation and the account's first
 * password, twice, with the reset link's rules.
 */
export const acceptInvitationSchema = passwordLinkSchema(AUTH_INVITATION_LINK_INVALID);
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const refreshTokenSchema = z.object({
  refreshToken: requiredText('Refresh token is required').max(512, 'Refresh token is invalid'),
  sessionId: requiredText('Session id is required').pipe(z.uuid('Session id is invalid')),
});
export type RefreshTokenInput = z.input<typeof refreshTokenSchema>;

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  isEmailVerified: z.boolean(),
  isFirstLogin: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const loginDataSchema = z.object({
  tokens: tokensSchema,
  sessionId: z.string(),
  user: userSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const refreshDataSchema = tokensSchema;

/**
 * An account whose sign-ins are slowed down after many failed passwords: each new attempt from a
 * browser that has not signed in to it before waits until `slowedUntil`, a wait that grows with
 * every further failure.
 */
export const slowedSignInSchema = z.object({
  email: z.string(),
  failedAttempts: z.number().int(),
  slowedUntil: z.string(),
});
export type SlowedSignIn = z.infer<typeof slowedSignInSchema>;

/** `GET /admin/get-slowed-sign-ins` */
export const slowedSignInsDataSchema = z.object({ accounts: z.array(slowedSignInSchema) });
export type SlowedSignInsData = z.infer<typeof slowedSignInsDataSchema>;

export const AUTH_MESSAGES = {
  /** The same whether or not an account has the email: the answer tells nobody which exist. */
  resetLinkSent: 'If an account has this email, a link to reset its password is on its way.',
  resetLinkInvalid: AUTH_RESET_LINK_INVALID,
  passwordReset: 'Your password was reset. Sign in with the new one.',
  invitationLinkInvalid: AUTH_INVITATION_LINK_INVALID,
  invitationAccepted: 'Your password is set. Sign in with it.',
  loginSuccess: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  accountDisabled: 'Your account is disabled. Please contact the admin.',
  passwordChanged: 'Password changed successfully',
  /** The signed-in change: this session goes on, the others end. */
  passwordUpdated: 'Password changed. You were signed out everywhere else.',
  wrongCurrentPassword: 'Current password is incorrect',
  loggedOut: 'Logged out successfully',
  tokenRefreshed: 'Token refreshed',
  invalidRefreshToken: 'Your session has expired. Please sign in again.',
  refreshTokenReused:
    'This session was ended because its refresh token was used twice. Please sign in again.',
  missingToken: 'Authentication required',
  invalidToken: 'Your session has expired. Please sign in again.',
  /** Shown on the sign-in screen when a failed refresh sent the browser there. */
  sessionEnded: 'Your session has ended. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  /** A session of an account that must change its password before anything else. */
  passwordChangeRequired: 'Password change required',
  /** The wait in whole seconds under a minute, else in minutes rounded up, as Retry-After says. */
  tooManyAttempts: (seconds: number) => {
    const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
    return `Too many attempts. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
  },
} as const;
