import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses, describedBy, Field } from './field';

interface FileFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled file picker, drawn like the other inputs with its button inside. */
export function FileField({ label, error, hint, id, className, ...inputProps }: FileFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className}>
      <input
        id={inputId}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(
          controlClasses,
          controlStateClasses(Boolean(error)),
          'cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100',
        )}
        {...inputProps}
      />
    </Field>
  );
}
