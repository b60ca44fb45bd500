import { TextField, type TextFieldProps } from '@/components/text-field';

/** A whole-number input: the numeric keyboard on phones, the spin buttons elsewhere. */
export function NumberField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}
