import { resetPasswordWithLinkSchema } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { AuthLayout } from './auth-layout';
import { resetPassword } from './password-reset';

/** The page an emailed reset link opens: `?token=` carries the link's single-use token. */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useMutation({ mutationFn: resetPassword });
  const form = useForm({
    resolver: zodResolver(resetPasswordWithLinkSchema),
    mode: 'onTouched',
    defaultValues: {
      token: searchParams.get('token') ?? '',
      newPassword: '',
      confirmPassword: '',
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { message } = await mutation.mutateAsync(values);
      toast.success(message);
      void navigate('/login', { replace: true });
    } catch (error) {
      toast.error(getErrorMessage(error, 'The password could not be reset. Please try again.'));
      applyFieldErrors(getFieldErrors(error), setError, ['newPassword', 'confirmPassword']);
    }
  });

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Your other sessions end once it is set; then sign in with the new password."
      footer={
        <p className="text-center text-sm text-slate-600">
          Link expired?{' '}
          <Link
            to="/forgot-password"
            className="rounded font-semibold text-brand-700 hover:text-brand-800"
          >
            Ask for a new one
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.token?.message && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
            {errors.token.message}
          </p>
        )}
        <PasswordChangeFields form={form} />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Set new password
        </Button>
      </form>
    </AuthLayout>
  );
}
