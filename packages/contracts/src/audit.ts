import { z } from 'zod';
import { paginationSchema } from './api';
import { DATE_OUT_OF_RANGE_MESSAGE, isStorableDate } from './fields';
import { pageQuerySchema } from './people';

// --- What the log records ---------------------------------------------------------------------

/** The kinds of record an admin's act concerns, as the log's filter offers them. */
export const AUDIT_RECORD_TYPES = [
  'batch',
  'course',
  'branch',
  'section',
  'student',
  'faculty',
  'exam',
  'answer',
  'user',
  'backup',
  'settings',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

export const AUDIT_RECORD_TYPE_LABELS: Record<AuditRecordType, string> = {
  batch: 'Batch',
  course: 'Course',
  branch: 'Branch',
  section: 'Section',
  student: 'Student',
  faculty: 'Faculty',
  exam: 'Exam',
  answer: 'Answer',
  user: 'Account',
  backup: 'Backup',
  settings: 'Institution settings',
};

/**
 * The actions the page's "What" filter offers, with their labels. An action is named
 * `<record type>.<verb>`; one missing here is still recorded, shown and filtered by its name.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'batch.create': 'Batch created',
  'batch.update': 'Batch edited',
  'batch.delete': 'Batch deleted',
  'course.create': 'Course created',
  'course.update': 'Course edited',
  'course.delete': 'Course deleted',
  'branch.create': 'Branch created',
  'branch.update': 'Branch edited',
  'branch.delete': 'Branch deleted',
  'section.create': 'Section created',
  'section.update': 'Section edited',
  'section.delete': 'Section deleted',
  'student.create': 'Student created',
  'student.update': 'Student edited',
  'student.delete': 'Student deleted',
  'student.deactivate': 'Student account deactivated',
  'student.reactivate': 'Student account reactivated',
  'student.reset-password': 'Student password reset',
  'student.resend-invitation': 'Student invitation sent again',
  'student.import': 'Students imported from a file',
  'faculty.create': 'Faculty member created',
  'faculty.import': 'Faculty imported from a file',
  'faculty.update': 'Faculty member edited',
  'faculty.delete': 'Faculty member deleted',
  'faculty.deactivate': 'Faculty account deactivated',
  'faculty.reactivate': 'Faculty account reactivated',
  'faculty.reset-password': 'Faculty password reset',
  'faculty.resend-invitation': 'Faculty invitation sent again',
  'exam.create': 'Exam created',
  'exam.update': 'Exam edited',
  'exam.publish': 'Exam published',
  'exam.delete': 'Exam deleted',
  'exam.duplicate': 'Exam duplicated',
  'exam.grant-extra-time': 'Extra time granted',
  'exam.warn-student': 'Student warned by a proctor',
  'exam.end-attempt': 'Attempt ended by a proctor',
  'exam.end-now': 'Exam ended now by an admin',
  'exam.dismiss-alert': 'Proctoring alert dismissed',
  'exam.confirm-alert': 'Proctoring alert confirmed',
  'exam.set-evaluators': 'Evaluators set',
  'exam.publish-results': 'Results published',
  'exam.regrade-question': 'Answer key corrected',
  'answer.grade': 'Answer marked',
  'answer.override-score': 'Automatic score changed',
  'backup.create': 'Backup taken',
  'settings.update': 'Institution settings changed',
  'settings.create-sign-in-provider': 'Sign-in provider added',
  'settings.update-sign-in-provider': 'Sign-in provider changed',
  'settings.delete-sign-in-provider': 'Sign-in provider removed',
  'settings.create-lti-platform': 'LMS platform registered',
  'settings.update-lti-platform': 'LMS platform changed',
  'settings.delete-lti-platform': 'LMS platform removed',
  'settings.rotate-lti-key': 'LTI tool key rotated',
  'account.sign-in': 'Signed in',
  'account.sign-in-refused': 'Sign-in refused',
  'account.sign-out': 'Signed out',
  'account.password-reset': 'Temporary password replaced',
  'account.password-reset-refused': 'Password reset refused',
  'account.invitation-accepted': 'Password set with an invitation',
  'account.password-change': 'Password changed',
  'account.password-change-refused': 'Password change refused',
  'account.session-ended-by-reuse': 'Session ended: refresh token reused',
  'account.sign-in-locked': 'Sign-ins locked out',
  'account.sign-in-slowed': 'Sign-ins slowed down',
};

/**
 * The actions that are security events rather than changes to data: signing in and out, passwords
 * and what the sign-in limits do. The log can show them apart. No entry of these holds a password.
 */
export const SECURITY_AUDIT_ACTIONS = [
  'account.sign-in',
  'account.sign-in-refused',
  'account.sign-out',
  'account.password-reset',
  'account.password-reset-refused',
  'account.invitation-accepted',
  'account.password-change',
  'account.password-change-refused',
  'account.session-ended-by-reuse',
  'account.sign-in-locked',
  'account.sign-in-slowed',
  'student.reset-password',
  'faculty.reset-password',
  'student.resend-invitation',
  'faculty.resend-invitation',
] as const;
export type SecurityAuditAction = (typeof SECURITY_AUDIT_ACTIONS)[number];

/** Which entries the log shows: security events, changes to data, or both (no filter). */
export const AUDIT_KINDS = ['security', 'data'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  security: 'Security events',
  data: 'Data changes',
};

/** The label of an action: its own, or its name made readable ('student.reset-password' → 'Student: reset password'). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [type = '', verb = ''] = action.split('.');
  const record = AUDIT_RECORD_TYPE_LABELS[type as AuditRecordType] ?? type;
  return `${record}: ${verb.replaceAll('-', ' ')}`;
}

export const AUDIT_MESSAGES = {
  actorTooLong: 'Who cannot exceed 254 characters',
  actionInvalid: 'Choose an action from the list',
  recordTypeInvalid: 'Choose a record type from the list',
  recordIdInvalid: 'The record id is not valid',
  kindInvalid: 'Choose security events or data changes',
  dateInvalid: 'Enter a date as YYYY-MM-DD or a date and time with its offset',
  rangeReversed: 'The end of the range cannot be before its start',
  fetchFailed: 'Failed to fetch the audit log',
} as const;

// --- The query --------------------------------------------------------------------------------

/**
 * An absent or blank parameter is no filter. NUL, which no stored text can hold (PostgreSQL
 * refuses it in a parameter), is dropped.
 */
const optionalText = <Output>(schema: z.ZodType<Output, string>) =>
  z
    .string()
    .optional()
    .transform((value) => value?.replaceAll('\0', '').trim() || undefined)
    .pipe(schema.optional());

const ACTION_PATTERN = /^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bound of the date range: a date (the whole UTC day) or an instant with its offset. A date as
 * the range's end takes in its whole day.
 */
const rangeBound = (edge: 'start' | 'end') =>
  optionalText(
    z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: AUDIT_MESSAGES.dateInvalid,
    }),
  )
    .transform((value) => {
      if (value === undefined) return undefined;
      if (!DATE_ONLY.test(value)) return new Date(value);
      return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
    })
    .refine((date) => date === undefined || isStorableDate(date), DATE_OUT_OF_RANGE_MESSAGE);

/** `GET /admin/get-audit-log?kind&actor&action&recordType&recordId&from&to&page&limit` */
export const auditLogQuerySchema = pageQuerySchema
  .extend({
    kind: optionalText(z.enum(AUDIT_KINDS, { error: AUDIT_MESSAGES.kindInvalid })),
    /** Part of the email of who did it, any case. */
    actor: optionalText(z.string().max(254, AUDIT_MESSAGES.actorTooLong)),
    action: optionalText(
      z
        .string()
        .max(60, AUDIT_MESSAGES.actionInvalid)
        .regex(ACTION_PATTERN, AUDIT_MESSAGES.actionInvalid),
    ),
    recordType: optionalText(
      z.enum(AUDIT_RECORD_TYPES, { error: AUDIT_MESSAGES.recordTypeInvalid }),
    ),
    recordId: optionalText(z.string().max(100, AUDIT_MESSAGES.recordIdInvalid)),
    from: rangeBound('start'),
    to: rangeBound('end'),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    path: ['to'],
    message: AUDIT_MESSAGES.rangeReversed,
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export type AuditLogQueryInput = z.input<typeof auditLogQuerySchema>;

// --- Responses --------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Who did it: their account (null once it is deleted) and email as it was then. */
  actor: z.object({ _id: z.string().nullable(), email: z.string() }),
  action: z.string(),
  recordType: z.string(),
  recordId: z.string(),
  recordLabel: z.string(),
  summary: z.string(),
  /** What changed, field by field, when the write says: `{ field: { from, to } }` for an edit. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogDataSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationSchema,
});
export type AuditLogData = z.infer<typeof auditLogDataSchema>;
