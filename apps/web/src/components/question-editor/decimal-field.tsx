import { TextField, type TextFieldProps } from '@/components/text-field';

/** A number that may have decimals or an exponent (0.012, 1.2e-2): the decimal keyboard on phones. */
export function DecimalField(props: Omit<TextFieldProps, 'type' | 'inputMode'>) {
  return <TextField type="number" inputMode="decimal" step="any" {...props} />;
}
