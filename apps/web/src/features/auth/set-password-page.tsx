import { acceptInvitationSchema } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { AuthLayout } from './auth-layout';
import { acceptInvitation } from './password-reset';

/** The page an emailed invitation opens: `?token=` carries the link's single-use token. */
export default function SetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useMutation({ mutationFn: acceptInvitation });
  const form = useForm({
    resolver: zodResolver(acceptInvitationSchema),
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
      toast.error(getErrorMessage(error, 'The password could not be set. Please try again.'));
      applyFieldErrors(getFieldErrors(error), setError, ['newPassword', 'confirmPassword']);
    }
  });

  return (
    <AuthLayout
      title="Set your password"
      subtitle="You were invited to ExamIQ. Choose the password you will sign in with."
      footer={
        <p className="text-center text-sm text-slate-600">
          Link expired or used? Ask the admin to send the invitation again.
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
          Set password
        </Button>
      </form>
    </AuthLayout>
  );
}
