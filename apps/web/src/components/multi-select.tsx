import { type FocusEvent, type Ref, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import type { DropdownOption } from './dropdown';
import { describedBy, FieldMessage } from './field';

/** Longer lists get a filter box, so a name can be found without scrolling through them all. */
const FILTER_FROM = 8;

interface MultiSelectProps {
  label: string;
  options: readonly DropdownOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Called once focus leaves the whole list, which is when the choice counts as touched. */
  onBlur?: () => void;
  name?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Said instead of the options while disabled, e.g. 'Select a branch first'. */
  placeholder?: string;
  error?: string;
  hint?: string;
  className?: string;
  /** Receives the first checkbox, so a form can move focus to the list. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A choice of several options as a labelled group of checkboxes: every option is visible and
 * reachable with Tab and Space, on a phone as on a desktop. States match the Dropdown's.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  loading = false,
  disabled = false,
  placeholder = 'Select an option',
  error,
  hint,
  className,
  inputRef,
}: MultiSelectProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const query = filter.trim().toLowerCase();
  const shown = query
    ? options.filter((option) => option.label.toLowerCase().includes(query))
    : options;

  let state: string | null = null;
  if (loading) state = 'Loading...';
  else if (disabled) state = placeholder;
  else if (options.length === 0) state = 'No options available';

  function toggle(optionValue: string, checked: boolean) {
    onChange(
      checked ? [...value, optionValue] : value.filter((current) => current !== optionValue),
    );
  }

  function leave(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  }

  return (
    <fieldset
      className={cn('min-w-0', className)}
      aria-describedby={describedBy(id, error, hint)}
      aria-busy={loading || undefined}
      onBlur={leave}
    >
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      <div
        className={cn(
          'rounded-lg border shadow-sm',
          error ? 'border-red-400' : 'border-slate-300',
          state ? 'bg-slate-100' : 'bg-white',
        )}
      >
        {state ? (
          <p className="px-3 py-2.5 text-sm text-slate-600">{state}</p>
        ) : (
          <>
            <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2 text-xs text-slate-500">
              <span aria-live="polite">{`${value.length} of ${options.length} selected`}</span>
              <button
                type="button"
                className="rounded font-medium text-brand-700 hover:underline"
                onClick={() =>
                  onChange(value.length === options.length ? [] : options.map((o) => o.value))
                }
              >
                {value.length === options.length ? 'Clear all' : 'Select all'}
              </button>
            </div>
            {options.length >= FILTER_FROM && (
              <div className="border-b border-slate-100 p-2">
                <input
                  type="search"
                  aria-label={`Filter ${label.toLowerCase()}`}
                  placeholder="Type to filter"
                  value={filter}
                  onChange={(event) => setFilter(event.target.value)}
                  className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
                />
              </div>
            )}
            <ul className="max-h-56 overflow-y-auto p-1">
              {shown.map((option, index) => (
                <li key={option.value}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm text-slate-800 hover:bg-slate-50">
                    <input
                      ref={index === 0 ? inputRef : undefined}
                      type="checkbox"
                      name={name}
                      value={option.value}
                      checked={chosen.has(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                      className="size-4 rounded border-slate-300 accent-brand-600"
                    />
                    {option.label}
                  </label>
                </li>
              ))}
              {shown.length === 0 && (
                <li className="px-2.5 py-2 text-sm text-slate-500">No matches</li>
              )}
            </ul>
          </>
        )}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
