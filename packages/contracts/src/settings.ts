import { z } from 'zod';
import { MAX_EXAM_DURATION_CEILING, SPEC_MAX_EXAM_DURATION } from './exams';
import { wholeNumber } from './fields';
import {
  FACULTY_PROFILE_FIELD_KEYS,
  type FacultyProfileField,
  STUDENT_PROFILE_FIELD_KEYS,
  type StudentProfileField,
} from './profile-fields';

// --- Institution settings: where an institution chooses otherwise than the spec ----------------

export const COUNT_ABSENT_AS_ZERO_LABEL = 'Count absent students as 0 marks';

/**
 * The messages an admin may switch off, each with its label on the settings page: the accounts'
 * (invitations, reset links), then the exam messages.
 */
export const EMAIL_SETTINGS = {
  invitationEmails: 'Offer email invitations instead of default passwords',
  passwordResetEmails: 'Email a reset link to people who forgot their password',
  examScheduledEmails: 'Email students when an exam is scheduled',
  examReminderEmails: 'Email students reminders a day and an hour before an exam',
  resultsPublishedEmails: 'Email students when results are published',
} as const;
export type EmailSetting = keyof typeof EMAIL_SETTINGS;

/** A switch of a kind of message: left out of a save, the stored choice stays. */
const emailSwitch = (key: EmailSetting) =>
  z.boolean({ error: `${EMAIL_SETTINGS[key]} must be true or false` }).optional();

/**
 * Which of the optional-able profile fields a kind of person must have: known keys only, each
 * kept once, in the list's order. Left out of a save, the stored choice stays.
 */
function requiredFieldsSchema<const Key extends string>(
  kind: string,
  keys: readonly [Key, ...Key[]] | readonly Key[],
) {
  return z
    .array(
      z.enum(keys as [Key, ...Key[]], {
        error: (issue) => `"${String(issue.input)}" is not a ${kind} profile field`,
      }),
      { error: `Required ${kind} fields must be a list of field names` },
    )
    .max(keys.length * 2, `Required ${kind} fields list the same field more than once`)
    .transform((chosen) => keys.filter((key) => chosen.includes(key)))
    .optional();
}

/** `PUT /admin/settings`: every setting, each within its bounds. */
export const institutionSettingsSchema = z.object(
  {
    maxExamDurationMinutes: wholeNumber('Maximum exam duration', {
      min: SPEC_MAX_EXAM_DURATION,
      max: MAX_EXAM_DURATION_CEILING,
      unit: ' minutes',
    }),
    countAbsentAsZero: z.boolean({ error: `${COUNT_ABSENT_AS_ZERO_LABEL} must be true or false` }),
    requiredStudentFields: requiredFieldsSchema('student', STUDENT_PROFILE_FIELD_KEYS),
    requiredFacultyFields: requiredFieldsSchema('faculty', FACULTY_PROFILE_FIELD_KEYS),
    invitationEmails: emailSwitch('invitationEmails'),
    passwordResetEmails: emailSwitch('passwordResetEmails'),
    examScheduledEmails: emailSwitch('examScheduledEmails'),
    examReminderEmails: emailSwitch('examReminderEmails'),
    resultsPublishedEmails: emailSwitch('resultsPublishedEmails'),
  },
  { error: 'Settings are required' },
);
export type InstitutionSettingsInput = z.input<typeof institutionSettingsSchema>;
export type InstitutionSettingsUpdate = z.output<typeof institutionSettingsSchema>;
/** The settings as stored and read: every one of them has a value. */
export type InstitutionSettings = Required<InstitutionSettingsUpdate> & {
  requiredStudentFields: StudentProfileField[];
  requiredFacultyFields: FacultyProfileField[];
};

/** The spec's rules: what an institution that never changed a setting gets. */
export const DEFAULT_INSTITUTION_SETTINGS: InstitutionSettings = {
  maxExamDurationMinutes: SPEC_MAX_EXAM_DURATION,
  countAbsentAsZero: false,
  requiredStudentFields: [...STUDENT_PROFILE_FIELD_KEYS],
  requiredFacultyFields: [...FACULTY_PROFILE_FIELD_KEYS],
  invitationEmails: true,
  passwordResetEmails: true,
  examScheduledEmails: true,
  examReminderEmails: true,
  resultsPublishedEmails: true,
};

/** `data` of GET and PUT `/admin/settings`: the settings and who changed them last, if anyone. */
export const institutionSettingsDataSchema = z.object({
  settings: z.object({
    maxExamDurationMinutes: z.number(),
    countAbsentAsZero: z.boolean(),
    requiredStudentFields: z.array(z.enum(STUDENT_PROFILE_FIELD_KEYS)),
    requiredFacultyFields: z.array(z.enum(FACULTY_PROFILE_FIELD_KEYS)),
    invitationEmails: z.boolean(),
    passwordResetEmails: z.boolean(),
    examScheduledEmails: z.boolean(),
    examReminderEmails: z.boolean(),
    resultsPublishedEmails: z.boolean(),
  }),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type InstitutionSettingsData = z.infer<typeof institutionSettingsDataSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save the settings',
  fetchFailed: 'Failed to load the settings',
} as const;
