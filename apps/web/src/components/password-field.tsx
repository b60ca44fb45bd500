import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle ('Show password', 'Show new password', …). */
export function PasswordField({ label, id, ...rest }: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  const subject = label.toLowerCase();

  return (
    <TextField
      id={inputId}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        // The name is visually hidden text rather than aria-label, so that finding the input by
        // its label ('Password') does not also match this button.
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={inputId}
          className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
        >
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{visible ? `Hide ${subject}` : `Show ${subject}`}</span>
        </button>
      }
      {...rest}
    />
  );
}
