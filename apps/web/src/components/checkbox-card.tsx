import { type ComponentProps, useId } from 'react';

export interface CheckboxCardProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  hint: string;
  error?: string;
}

/**
 * A yes-or-no setting as a card that toggles wherever it is clicked. The title alone names the
 * checkbox and the hint describes it, so a screen reader does not read the hint as part of the
 * name; an error, when there is one, is described after the hint.
 */
export function CheckboxCard({ label, hint, error, ...inputProps }: CheckboxCardProps) {
  const id = useId();
  return (
    <div>
      <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
        <input
          type="checkbox"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          {...inputProps}
        />
        <span>
          <span id={`${id}-label`} className="block text-sm font-semibold text-slate-900">
            {label}
          </span>
          <span id={`${id}-hint`} className="mt-0.5 block text-sm text-slate-600">
            {hint}
          </span>
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
