import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  set,
  type UseFormReturn,
} from 'react-hook-form';
import { numberOrFallback } from './question-values';

type FormOf<Values extends FieldValues> = Pick<
  UseFormReturn<Values, unknown>,
  'register' | 'setValue' | 'getFieldState' | 'trigger'
>;

/**
 * Registers a number input that falls back to a default when emptied or invalid (marks, order,
 * word counts; spec section 5). The value falls back at once; the input shows it once left.
 * Word counts pass a `min` of 0: a whole number typed below the spec's range is kept, so the
 * schema's message says what is wrong instead of the number changing silently.
 */
export function registerWithFallback<Values extends FieldValues>(
  form: FormOf<Values>,
  name: FieldPath<Values>,
  rule: { min: number; fallback: number },
) {
  return form.register(name, {
    setValueAs: (raw) => numberOrFallback(raw, rule),
    onBlur: (event) => {
      const value = numberOrFallback(event.target.value, rule);
      // biome-ignore lint/suspicious/noExplicitAny: a number at a number field's path
      if (event.target.value !== String(value)) form.setValue(name, value as any);
    },
  });
}

/**
 * Checks a field again after another field it depends on changed (passing marks after total
 * marks, end time after start time), if its errors are already allowed to show.
 */
export function recheck<Values extends FieldValues>(form: FormOf<Values>, name: FieldPath<Values>) {
  const { isTouched, invalid } = form.getFieldState(name);
  if (isTouched || invalid) void form.trigger(name);
}

/** react-hook-form's nested error shape; a list's own error sits beside its items' errors. */
export function nestErrors<Values extends FieldValues>(
  flat: Record<string, string>,
): FieldErrors<Values> {
  const nested = {};
  for (const [path, message] of Object.entries(flat)) {
    const error = { type: 'validation', message };
    const existing = get(nested, path);
    if (existing) Object.assign(existing, error);
    else set(nested, path, error);
  }
  return nested;
}
