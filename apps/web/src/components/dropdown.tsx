import { ChevronDown } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses, describedBy, Field } from './field';

export interface DropdownOption {
  value: string;
  label: string;
}

interface DropdownProps extends Omit<ComponentProps<'select'>, 'children'> {
  label: string;
  options: readonly DropdownOption[];
  /** The first, empty choice, e.g. 'Select a batch'. */
  placeholder?: string;
  loading?: boolean;
  error?: string;
  hint?: string;
}

/** A labelled native select with the spec's loading and empty states. */
export function Dropdown({
  label,
  options,
  placeholder = 'Select an option',
  loading = false,
  error,
  hint,
  disabled,
  id,
  className,
  ...selectProps
}: DropdownProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  // A dropdown disabled while it waits for another choice is not empty, just not ready yet.
  const empty = !loading && !disabled && options.length === 0;

  let firstChoice = placeholder;
  if (loading) firstChoice = 'Loading...';
  else if (empty) firstChoice = 'No options available';

  return (
    <Field id={selectId} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <select
          id={selectId}
          disabled={disabled || loading || empty}
          aria-busy={loading || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          className={cn(
            controlClasses,
            controlStateClasses(Boolean(error)),
            'appearance-none pr-10',
          )}
          {...selectProps}
        >
          <option value="">{firstChoice}</option>
          {!loading &&
            options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
        />
      </div>
    </Field>
  );
}
