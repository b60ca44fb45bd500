import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, changePasswordSchema, loginSchema, refreshTokenSchema } from './auth';
import { errorsOf } from './test-support';

describe('login rules (spec section 5)', () => {
  it('requires email and password', () => {
    expect(errorsOf(loginSchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(loginSchema, { email: '   ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('rejects an invalid email and a short password with the spec messages', () => {
    expect(errorsOf(loginSchema, { email: 'not-an-email', password: 'short' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long',
    });
  });

  it('trims the email but never the password', () => {
    const parsed = loginSchema.parse({ email: '  admin@example.com ', password: ' secret12 ' });
    expect(parsed).toEqual({ email: 'admin@example.com', password: ' secret12 ' });
  });

  it('accepts passwords of 64 characters and more', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.co', password: 'x'.repeat(100) })).toEqual({});
  });
});

describe('reset password rules (spec section 5)', () => {
  const valid = {
    email: 'student@example.com',
    currentPassword: 'Temporary#1',
    newPassword: 'BrandNew#22',
    confirmPassword: 'BrandNew#22',
  };

  it('accepts a complete reset', () => {
    expect(errorsOf(changePasswordSchema, valid)).toEqual({});
  });

  it('names every missing field with its own message', () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      email: 'Email is required',
      currentPassword: 'Temporary password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it('requires 8 characters for the new password', () => {
    expect(
      errorsOf(changePasswordSchema, { ...valid, newPassword: 'short', confirmPassword: 'short' }),
    ).toEqual({ newPassword: 'Password must be at least 8 characters long' });
  });

  it('requires the confirmation to match, even while other fields are invalid', () => {
    expect(
      errorsOf(changePasswordSchema, { ...valid, email: '', confirmPassword: 'Other#123' }),
    ).toEqual({ email: 'Email is required', confirmPassword: 'Passwords must match' });
  });

  it('refuses a new password equal to the temporary one', () => {
    expect(
      errorsOf(changePasswordSchema, {
        ...valid,
        newPassword: valid.currentPassword,
        confirmPassword: valid.currentPassword,
      }),
    ).toEqual({ newPassword: 'New password must be different from the temporary password' });
  });
});

describe('refresh token payload', () => {
  it('requires a refresh token and a well-formed session id', () => {
    expect(errorsOf(refreshTokenSchema, {})).toEqual({
      refreshToken: 'Refresh token is required',
      sessionId: 'Session id is required',
    });
    expect(errorsOf(refreshTokenSchema, { refreshToken: 'abc', sessionId: 'nope' })).toEqual({
      sessionId: 'Session id is invalid',
    });
  });
});

describe('the too-many-attempts message', () => {
  it('names a wait under a minute in seconds and a longer one in minutes rounded up', () => {
    expect(AUTH_MESSAGES.tooManyAttempts(1)).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
    expect(AUTH_MESSAGES.tooManyAttempts(59)).toBe(
      'Too many attempts. Please try again in 59 seconds.',
    );
    expect(AUTH_MESSAGES.tooManyAttempts(60)).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
    expect(AUTH_MESSAGES.tooManyAttempts(61)).toBe(
      'Too many attempts. Please try again in 2 minutes.',
    );
  });
});
