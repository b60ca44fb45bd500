import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { PasswordField } from './password-field';

interface PasswordChangeValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The current password (labelled `currentLabel`) and a new one twice, as every password change
 * asks for them, with their errors, on a form that holds these fields. Without `currentLabel`
 * (a reset by emailed link, whose token is the proof) only the new one, twice.
 */
export function PasswordChangeFields<Values extends FieldValues & PasswordChangeValues>({
  form,
  currentLabel,
}: {
  form: UseFormReturn<Values>;
  currentLabel?: string;
}) {
  const { register, formState } = form as unknown as UseFormReturn<PasswordChangeValues>;
  const { errors } = formState;
  return (
    <>
      {currentLabel && (
        <PasswordField
          label={currentLabel}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      )}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
    </>
  );
}
