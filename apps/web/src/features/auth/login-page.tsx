import {
  AUTH_MESSAGES,
  homePathFor,
  LOGIN_REDIRECT_DELAY_MS,
  type LoginInput,
  loginSchema,
} from '@examiq/contracts';
import { CircleAlert, Info, ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { useAuthStore } from '@/lib/auth-store';
import { forgetSessionEnded, type SessionUser, wasSessionEnded } from '@/lib/session';
import { AuthLayout } from './auth-layout';
import { usePublicConfig } from './get-public-config';
import { ProviderButtons, useProviderReturn } from './sign-in-providers';

/** First sign-in must replace the default password; everyone else goes to their area. */
function pathAfterLogin(user: SessionUser): string {
  return user.isFirstLogin ? '/change-password' : homePathFor(user.role);
}

type LoginField = keyof LoginInput;
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];
type LoginErrors = Partial<Record<LoginField, string>>;

/** Each field's first message from the shared schema; none when the values would be sent. */
function loginErrors(values: LoginInput): LoginErrors {
  const errors: LoginErrors = {};
  for (const issue of loginSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as LoginField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in form's state, as the other forms' library keeps it (a field is checked once it has
 * been left, then at every change; a submit checks all and focuses the first wrong one), written
 * out for two fields: this page is in the bundle every visitor loads first, and the library would
 * be a tenth of it (docs/decisions.md, "What the landing and login pages download").
 */
function useLoginForm() {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<LoginField>>(new Set());
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const checkField = (field: LoginField, next: LoginInput) =>
    setErrors((shown) => ({ ...shown, [field]: loginErrors(next)[field] }));

  const field = (name: LoginField) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (touched.has(name)) checkField(name, next);
    },
    onBlur: () => {
      setTouched((fields) => new Set(fields).add(name));
      checkField(name, values);
    },
  });

  /** Runs `send` with the schema's output once every field is right. */
  const submit = (send: (input: LoginInput) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const found = loginErrors(values);
    setTouched(new Set(LOGIN_FIELDS));
    setErrors(found);
    const wrong = LOGIN_FIELDS.find((name) => found[name]);
    if (wrong) {
      inputs.current[wrong]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await send(loginSchema.parse(values));
    } finally {
      setSubmitting(false);
    }
  };

  /** The server's messages under their fields. */
  const showServerErrors = (serverErrors: Record<string, string>) => {
    const found: LoginErrors = {};
    for (const name of LOGIN_FIELDS) {
      const message = serverErrors[name];
      if (message) found[name] = message;
    }
    setErrors((shown) => ({ ...shown, ...found }));
  };

  return { field, submit, submitting, showServerErrors };
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [sessionEnded] = useState(wasSessionEnded);
  useEffect(forgetSessionEnded, []);
  const publicConfig = usePublicConfig();
  const supportEmail = publicConfig?.supportEmail ?? null;
  // Offered unless the institution switched reset links off: the default, shown while loading.
  const offersReset = publicConfig?.passwordResetEmails !== false;
  const providerRefusal = useProviderReturn();
  const login = useAuthStore((state) => state.login);
  const { field, submit, submitting, showServerErrors } = useLoginForm();

  const onSubmit = submit(async (values) => {
    const result = await login(values);
    if (!result.ok) {
      toast.error(result.message);
      showServerErrors(result.fieldErrors);
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
          {...field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Enter your password"
          {...field('password')}
        />
        {offersReset && (
          <p className="-mt-2 text-right text-sm">
            <Link
              to="/forgot-password"
              className="rounded font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        )}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          Login
        </Button>
      </form>
      <ProviderButtons />
    </AuthLayout>
  );
}
