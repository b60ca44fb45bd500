import type { PasswordLinkSchema } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { PasswordChangeFields } from '@/components/password-change-fields';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { AuthLayout } from './auth-layout';

interface PasswordLinkPageProps {
  schema: PasswordLinkSchema;
  send: (values: z.input<PasswordLinkSchema>) => Promise<{ message: string }>;
  title: string;
  subtitle: string;
  /** What to do when the link no longer works. */
  footer: ReactNode;
  /** The toast when the call failed without a message of its own. */
  failure: string;
  submitLabel: string;
}

/**
 * The page an emailed link opens to set a password (a reset link, an invitation): `?token=`
 * carries the link's single-use token; once set, the person signs in with the new password.
 */
export function PasswordLinkPage({
  schema,
  send,
  title,
  subtitle,
  footer,
  failure,
  submitLabel,
}: PasswordLinkPageProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const mutation = useMutation({ mutationFn: send });
  const form = useForm({
    resolver: zodResolver(schema),
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
      toast.error(getErrorMessage(error, failure));
      applyFieldErrors(getFieldErrors(error), setError, ['newPassword', 'confirmPassword']);
    }
  });

  return (
    <AuthLayout
      title={title}
      subtitle={subtitle}
      footer={<p className="text-center text-sm text-slate-600">{footer}</p>}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.token?.message && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800">
            {errors.token.message}
          </p>
        )}
        <PasswordChangeFields form={form} />
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </AuthLayout>
  );
}
