import { homePathFor, LOGIN_REDIRECT_DELAY_MS, loginSchema } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { applyFieldErrors } from '@/lib/form-errors';
import type { SessionUser } from '@/lib/session';
import { AuthLayout } from './auth-layout';

/** First sign-in must replace the default password; everyone else goes to their area. */
function pathAfterLogin(user: SessionUser): string {
  return user.isFirstLogin ? '/change-password' : homePathFor(user.role);
}

export default function LoginPage() {
  const navigate = useNavigate();
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
    toast.success(result.message);
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
            <span className="font-semibold text-brand-700">Contact Admin</span>
          </p>
        </div>
      }
    >
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
        <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
          Login
        </Button>
      </form>
    </AuthLayout>
  );
}
