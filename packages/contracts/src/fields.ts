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

/** An email address; `label` names whose it is in the messages, as in "Father's email". */
export function labelledEmailField(label: string) {
  return requiredText(`${label} is required`)
    .max(254, `${label} must be at most 254 characters long`)
    .pipe(z.email('Please enter a valid email address'));
}

export const emailField = labelledEmailField('Email');

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

/** Required text of a bounded length, with the messages '{Label} must be at least / cannot exceed'. */
export function boundedText(label: string, { min, max }: { min: number; max: number }) {
  return requiredText(`${label} is required`)
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} cannot exceed ${max} characters`);
}

/** A required whole number within bounds, with the messages '{Label} must be at least / cannot exceed'. */
export function wholeNumber(
  label: string,
  {
    min,
    max,
    unit = '',
    minMessage = `${label} must be at least ${min}${unit}`,
    maxMessage = `${label} cannot exceed ${max}${unit}`,
  }: { min: number; max: number; unit?: string; minMessage?: string; maxMessage?: string },
) {
  return requiredNumber(`${label} is required`)
    .int(`${label} must be a whole number`)
    .min(min, minMessage)
    .max(max, maxMessage);
}

/**
 * JavaScript reads year 0 as 1 BC, but PostgreSQL's calendar has no year 0 and refuses it in a
 * date or timestamp; four-digit years from 1 are what a date input gives and every column holds.
 */
export const DATE_OUT_OF_RANGE_MESSAGE = 'Please enter a date in the years 0001 to 9999';
export function isStorableDate(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** What any file upload is told when its body is not one file in a well-formed form. */
export const UPLOAD_MESSAGES = {
  oneFile: 'Upload one file at a time',
  malformed: 'The upload is not a well-formed multipart/form-data body',
} as const;

/** Characters of a typed number: enough for any value with its exponent. */
export const STUDENT_NUMBER_MAX_LENGTH = 40;

/**
 * A number as a student types it: a decimal point or comma, and an exponent (`1.2e-3`); no
 * thousands separators, whose comma would be read as a decimal one.
 */
const STUDENT_NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;

/** The value of a number a student typed, or null when it does not read as one. */
export function parseStudentNumber(typed: string): number | null {
  const text = typed.trim();
  if (text.length > STUDENT_NUMBER_MAX_LENGTH || !STUDENT_NUMBER.test(text)) return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}
