import { forgotPasswordSchema } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { AuthLayout } from './auth-layout';
import { forgotPassword } from './password-reset';

export default function ForgotPasswordPage() {
  const mutation = useMutation({ mutationFn: forgotPassword });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The link could not be requested. Please try again.'));
      applyFieldErrors(getFieldErrors(error), setError, ['email']);
    }
  });

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the email of your account: we send you a link to choose a new password."
      footer={
        <p className="text-center text-sm text-slate-600">
          Remembered it?{' '}
          <Link to="/login" className="rounded font-semibold text-brand-700 hover:text-brand-800">
            Back to sign in
          </Link>
        </p>
      }
    >
      {mutation.isSuccess ? (
        <div role="status" className="space-y-3 text-sm text-slate-700">
          <p className="flex items-start gap-2 font-medium text-slate-900">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {mutation.data.message}
          </p>
          <p>
            The link works once, for 30 minutes. No message after a few minutes? Look in your spam
            folder, or ask your institution's admin.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@institution.edu"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
