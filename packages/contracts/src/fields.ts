import { z } from 'zod';

/**
 * A text field whose absence and emptiness both read as the spec's '{Field} is required'.
 * Wrong JSON types get their own message so API clients can tell the two apart.
 */
export function requiredText(requiredMessage: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : 'Must be text',
    })
    .trim()
    .min(1, requiredMessage);
}

export const emailField = requiredText('Email is required')
  .max(254, 'Email must be at most 254 characters long')
  .pipe(z.email('Please enter a valid email address'));

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords are never trimmed: spaces are legitimate password characters. */
export function passwordField(requiredMessage: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : 'Must be text',
    })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
}

/** Same as passwordField but without the length rules, for secrets the user only repeats. */
export function secretField(requiredMessage: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? requiredMessage : 'Must be text',
    })
    .min(1, requiredMessage)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
}

/**
 * A number field. Absent, null, empty and NaN (what an emptied number input gives) all read as
 * the field's required message, so browser and API clients see the same words.
 */
export function requiredNumber(requiredMessage: string) {
  return z.number({
    error: (issue) =>
      issue.input === undefined ||
      issue.input === null ||
      issue.input === '' ||
      Number.isNaN(issue.input)
        ? requiredMessage
        : 'Must be a number',
  });
}

/** A reference to another record: required, and a well-formed id. */
export function idField(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage).pipe(z.uuid(invalidMessage));
}
