import { SPEC_MAX_EXAM_DURATION } from '@examiq/contracts';
import type { Resolver } from 'react-hook-form';
import { nestErrors } from '@/components/question-editor/form-helpers';
import type { ExamWizardValues } from './exam-values';
import { errorsForFields } from './steps';

/** What the resolver needs from the wizard besides the values. */
export interface ValidationContext {
  /** Set while the wizard asks for every error of a step at once ('Show what is missing'). */
  revealAll: boolean;
  /** Whether an error may show at this path: its field was touched or already shows one. */
  isShown: (path: string) => boolean;
  /** The institution's longest exam, in minutes. */
  maxDuration: number;
}

/**
 * Validates with the contracts' step schemas. Field errors show only once their field is touched
 * (spec section 5): react-hook-form also validates a whole list after an item is added or
 * removed, and without this filter a new section would open covered in errors.
 */
export const wizardResolver: Resolver<ExamWizardValues, ValidationContext> = (
  values,
  context,
  { names },
) => {
  const maxDuration = context?.maxDuration ?? SPEC_MAX_EXAM_DURATION;
  const shown = Object.entries(errorsForFields(values, names, maxDuration)).filter(
    ([path]) => context?.revealAll || context?.isShown(path),
  );
  if (shown.length === 0) return { values, errors: {} };
  return { values: {}, errors: nestErrors<ExamWizardValues>(Object.fromEntries(shown)) };
};
