import { z } from 'zod';
import { wholeNumber } from './fields';

/**
 * The bounds of each threshold. A signal of one kind past 20 is no longer worth a first warning,
 * and one past 50 never comes in an exam of at most 150 minutes; 20 flags are far past any doubt.
 */
export const PROCTORING_THRESHOLD_LIMITS = {
  warnAt: { min: 1, max: 20 },
  flagAt: { min: 1, max: 50 },
  autoSubmitAfterFlags: { min: 1, max: 20 },
} as const;

export const PROCTORING_THRESHOLD_MESSAGES = {
  flagBelowWarning: 'Flag threshold cannot be lower than the warning threshold',
  proctoringOnly: 'Proctoring rules can only be set in proctoring mode',
  notAnObject: 'Proctoring rules must be an object',
} as const;

/** A flag below the warning would skip the warnings: each of those signals would flag at once. */
function checkFlagAfterWarning(
  { warnAt, flagAt }: { warnAt?: unknown; flagAt?: unknown },
  ctx: z.RefinementCtx,
) {
  if (
    Number.isInteger(warnAt) &&
    Number.isInteger(flagAt) &&
    (flagAt as number) < (warnAt as number)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['flagAt'],
      message: PROCTORING_THRESHOLD_MESSAGES.flagBelowWarning,
    });
  }
}

/**
 * How many of one kind of signal make a warning and a flag, each kind counted on its own. The
 * n-th signal of a kind raises a warning alert from `warnAt` and a flag (an error alert) from
 * `flagAt`. Automatic submission after `autoSubmitAfterFlags` flags is opt-in: null (the default)
 * never submits.
 */
export const proctoringThresholdsSchema = z
  .object(
    {
      warnAt: wholeNumber('Warning threshold', PROCTORING_THRESHOLD_LIMITS.warnAt),
      flagAt: wholeNumber('Flag threshold', PROCTORING_THRESHOLD_LIMITS.flagAt),
      autoSubmitAfterFlags: wholeNumber(
        'Flags before automatic submission',
        PROCTORING_THRESHOLD_LIMITS.autoSubmitAfterFlags,
      )
        .nullable()
        .default(null),
    },
    { error: PROCTORING_THRESHOLD_MESSAGES.notAnObject },
  )
  .superRefine(checkFlagAfterWarning, { when: () => true });
export type ProctoringThresholds = z.output<typeof proctoringThresholdsSchema>;
export type ProctoringThresholdsInput = z.input<typeof proctoringThresholdsSchema>;

export const DEFAULT_PROCTORING_THRESHOLDS: ProctoringThresholds = {
  warnAt: 1,
  flagAt: 3,
  autoSubmitAfterFlags: null,
};
