import { changePasswordSchema, homePathFor } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { applyFieldErrors } from '@/lib/form-errors';
import { AuthLayout } from './auth-layout';
import { changePassword } from './change-password';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const storedEmail = useAuthStore((state) => state.user?.email);
  const completePasswordReset = useAuthStore((state) => state.completePasswordReset);
  const mutation = useMutation({ mutationFn: changePassword });
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: {
      email: storedEmail ?? '',
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    let session: Awaited<ReturnType<typeof changePassword>>['data'];
    try {
      ({ data: session } = await mutation.mutateAsync(values));
    } catch (error) {
      toast.error(getErrorMessage(error, 'An unexpected error occurred'));
      applyFieldErrors(getFieldErrors(error), setError, [
        'email',
        'currentPassword',
        'newPassword',
        'confirmPassword',
      ]);
      return;
    }
    toast.success('Password changed successfully!');
    // The server ended every session of the account and started this one: no second sign-in.
    completePasswordReset(session);
    void navigate(homePathFor(session.user.role), { replace: true });
  });

  return (
    <AuthLayout
      title="Reset Password"
      subtitle="Replace the temporary password you were given with one only you know."
      footer={
        <p className="text-center text-sm text-slate-600">
          Already changed it?{' '}
          <Link to="/login" className="rounded font-semibold text-brand-700 hover:text-brand-800">
            Back to sign in
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="you@institution.edu"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordChangeFields form={form} currentLabel="Temporary password" />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Reset Password
        </Button>
      </form>
    </AuthLayout>
  );
}
