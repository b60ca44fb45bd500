import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { type ExamWizardValues, numberOrFallback } from './exam-values';

type WizardForm = Pick<
  UseFormReturn<ExamWizardValues, unknown>,
  'register' | 'setValue' | 'getFieldState' | 'trigger'
>;
type WizardPath = FieldPath<ExamWizardValues>;

/**
 * Registers a number input that falls back to a default when emptied or invalid (marks, order,
 * word counts; spec section 5). The value falls back at once; the input shows it once left.
 * Word counts pass a `min` of 0: a whole number typed below the spec's range is kept, so the
 * schema's message says what is wrong instead of the number changing silently.
 */
export function registerWithFallback(
  form: WizardForm,
  name: WizardPath,
  rule: { min: number; fallback: number },
) {
  return form.register(name, {
    setValueAs: (raw) => numberOrFallback(raw, rule),
    onBlur: (event) => {
      const value = numberOrFallback(event.target.value, rule);
      if (event.target.value !== String(value)) form.setValue(name, value);
    },
  });
}

/**
 * Checks a field again after another field it depends on changed (passing marks after total
 * marks, end time after start time), if its errors are already allowed to show.
 */
export function recheck(form: WizardForm, name: WizardPath) {
  const { isTouched, invalid } = form.getFieldState(name);
  if (isTouched || invalid) void form.trigger(name);
}
