import {
  AUTH_MESSAGES,
  homePathFor,
  LOGIN_REDIRECT_DELAY_MS,
  loginSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Info, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { applyFieldErrors } from '@/lib/form-errors';
import { forgetSessionEnded, type SessionUser, wasSessionEnded } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { useSupportEmail } from './get-public-config';
import { ProviderButtons, useProviderReturn } from './sign-in-providers';

/** First sign-in must replace the default password; everyone else goes to their area. */
function pathAfterLogin(user: SessionUser): string {
  return user.isFirstLogin ? '/change-password' : homePathFor(user.role);
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [sessionEnded] = useState(wasSessionEnded);
  useEffect(forgetSessionEnded, []);
  const supportEmail = useSupportEmail();
  const providerRefusal = useProviderReturn();
  const login = useAuthStore((state) => state.login);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await login(values);
    if (!result.ok) {
      toast.error(result.message);
      applyFieldErrors(result.fieldErrors, setError, ['email', 'password']);
      return;
    }
    // The reset screen explains itself; a 'Login successful' over it would contradict it.
    if (!result.user.isFirstLogin) toast.success(result.message);
    setTimeout(() => {
      void navigate(pathAfterLogin(result.user), { replace: true });
    }, LOGIN_REDIRECT_DELAY_MS);
  });

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in with the account your institution issued."
      footer={
        <div className="space-y-2 text-center text-sm">
          <p className="text-balance text-slate-500">
            <ShieldCheck
              aria-hidden="true"
              className="mr-1.5 inline size-4 align-[-0.2em] text-brand-600"
            />
            Exams on this platform are secured with advanced proctoring.
          </p>
          <p className="text-slate-600">
            {"Don't have an account? "}
            {supportEmail ? (
              <a
                href={`mailto:${supportEmail}`}
                className="rounded font-semibold break-all text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
              >
                {`Contact Admin at ${supportEmail}`}
              </a>
            ) : (
              'Contact Admin to have one created.'
            )}
          </p>
        </div>
      }
    >
      {sessionEnded && (
        <p
          role="status"
          className="mb-5 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {AUTH_MESSAGES.sessionEnded}
        </p>
      )}
      {providerRefusal && (
        <p
          role="alert"
          className="mb-5 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {providerRefusal}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@institution.edu"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Enter your password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/forgot-password"
            className="rounded font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Login
        </Button>
      </form>
      <ProviderButtons />
    </AuthLayout>
  );
}
