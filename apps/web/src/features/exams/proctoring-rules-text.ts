import type { ProctoringThresholds } from '@examiq/contracts';
import { plural } from '@/lib/plural';

/** Each proctoring rule in words, as the wizard's review and the exam's page show them. */
export function proctoringRulesText({
  warnAt,
  flagAt,
  autoSubmitAfterFlags,
}: ProctoringThresholds) {
  return {
    warning: `From signal ${warnAt} of a kind`,
    flag: `From signal ${flagAt} of a kind`,
    autoSubmit:
      autoSubmitAfterFlags === null ? 'Off' : `After ${plural(autoSubmitAfterFlags, 'flag')}`,
  };
}
