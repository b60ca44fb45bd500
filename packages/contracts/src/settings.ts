import { z } from 'zod';
import { MAX_EXAM_DURATION_CEILING, SPEC_MAX_EXAM_DURATION } from './exams';
import { wholeNumber } from './fields';

// --- Institution settings: where an institution chooses otherwise than the spec ----------------

export const COUNT_ABSENT_AS_ZERO_LABEL = 'Count absent students as 0 marks';

/** `PUT /admin/settings`: every setting, each within its bounds. */
export const institutionSettingsSchema = z.object(
  {
    maxExamDurationMinutes: wholeNumber('Maximum exam duration', {
      min: SPEC_MAX_EXAM_DURATION,
      max: MAX_EXAM_DURATION_CEILING,
      unit: ' minutes',
    }),
    countAbsentAsZero: z.boolean({ error: `${COUNT_ABSENT_AS_ZERO_LABEL} must be true or false` }),
  },
  { error: 'Settings are required' },
);
export type InstitutionSettingsInput = z.input<typeof institutionSettingsSchema>;
export type InstitutionSettings = z.output<typeof institutionSettingsSchema>;

/** The spec's rules: what an institution that never changed a setting gets. */
export const DEFAULT_INSTITUTION_SETTINGS: InstitutionSettings = {
  maxExamDurationMinutes: SPEC_MAX_EXAM_DURATION,
  countAbsentAsZero: false,
};

/** `data` of GET and PUT `/admin/settings`: the settings and who changed them last, if anyone. */
export const institutionSettingsDataSchema = z.object({
  settings: z.object({ maxExamDurationMinutes: z.number(), countAbsentAsZero: z.boolean() }),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type InstitutionSettingsData = z.infer<typeof institutionSettingsDataSchema>;

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save the settings',
  fetchFailed: 'Failed to load the settings',
} as const;
