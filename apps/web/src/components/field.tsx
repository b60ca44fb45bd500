import type { ReactNode } from 'react';

/**
 * Classes shared by every text-like control so inputs and selects line up. A read-only field
 * (a question's fixed type) is drawn flat and grey so it does not invite typing; the attribute,
 * not `:read-only`, which every select matches.
 */
export const controlClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm transition-colors ' +
  'placeholder:text-slate-400 focus:outline-none focus:ring-2 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  '[&[readonly]]:cursor-default [&[readonly]]:border-slate-200 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-700 [&[readonly]]:shadow-none';

export function controlStateClasses(invalid: boolean): string {
  return invalid
    ? 'border-red-400 focus:border-red-500 focus:ring-red-500/20'
    : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/20';
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and message, wired together by id. */
export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** The error, or else the hint, under a control; ids as `describedBy` names them. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** The aria-describedby value matching what Field renders under the control. */
export function describedBy(id: string, error?: string, hint?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}
