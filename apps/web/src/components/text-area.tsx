import { type ComponentProps, useId } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses, describedBy, Field } from './field';

export interface TextAreaProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled multi-line text input, styled and wired like TextField. */
export function TextArea({ label, error, hint, id, className, rows = 3, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={cn(controlClasses, controlStateClasses(Boolean(error)), 'resize-y')}
        {...rest}
      />
    </Field>
  );
}
