import {
  AUTH_MESSAGES,
  homePathFor,
  providerSessionDataSchema,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_RETURN_PARAM,
  SIGN_IN_RETURN_QUERY,
  type SignInButton,
  signInButtonLabel,
  signInButtonSchema,
  successResponse,
} from '@examiq/contracts';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ButtonLink } from '@/components/button';
import { apiClient, getErrorMessage, parseResponse } from '@/lib/api-client';
import { saveSession, sessionUserSchema } from '@/lib/session';

/** GET /auth/oidc/providers: a button per enabled provider of the institution. */
async function getSignInButtons(): Promise<SignInButton[]> {
  const response = await apiClient.get('/auth/oidc/providers');
  return parseResponse(successResponse(z.array(signInButtonSchema)), response.data).data;
}

const providerSessionResponse = successResponse(
  providerSessionDataSchema.extend({ user: sessionUserSchema }),
);

/** POST /auth/oidc/session: this browser's sign-in through a provider, as a session. */
async function collectProviderSession() {
  const response = await apiClient.post('/auth/oidc/session');
  return parseResponse(providerSessionResponse, response.data);
}

/**
 * The sign-in screen's buttons. Like the support email, they come with the first download rather
 * than through the query cache; none shows while they load or when they could not be read.
 */
export function ProviderButtons() {
  const [buttons, setButtons] = useState<SignInButton[]>([]);
  useEffect(() => {
    let current = true;
    getSignInButtons().then(
      (found) => {
        if (current) setButtons(found);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  if (buttons.length === 0) return null;
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <ul className="mt-4 space-y-3">
        {buttons.map(({ _id, label }) => (
          <li key={_id}>
            {/* A full navigation: the provider's page is another site. */}
            <ButtonLink
              to={`/api/auth/oidc/${encodeURIComponent(_id)}/start`}
              reloadDocument
              variant="secondary"
              size="lg"
              fullWidth
            >
              <KeyRound aria-hidden="true" className="size-4" />
              {signInButtonLabel(label)}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Back from the provider (`/login?provider=done`): collects the session the server kept for this
 * browser and goes on as a password sign-in does, or gives the refusal's message to show.
 */
export function useProviderReturn(): string | null {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const outcome = searchParams.get(SIGN_IN_RETURN_PARAM);
  const [refusal, setRefusal] = useState<string | null>(
    outcome === SIGN_IN_RETURN_QUERY.failed ? SIGN_IN_PROVIDER_MESSAGES.notCompleted : null,
  );
  // The outcome is collected once; a second collection would find it gone.
  const collected = useRef(false);
  useEffect(() => {
    if (outcome !== SIGN_IN_RETURN_QUERY.finish || collected.current) return;
    collected.current = true;
    collectProviderSession().then(
      ({ data, message }) => {
        saveSession(data);
        toast.success(message ?? AUTH_MESSAGES.loginSuccess);
        void navigate(data.redirect ?? homePathFor(data.user.role), { replace: true });
      },
      (error: unknown) => {
        setRefusal(getErrorMessage(error, SIGN_IN_PROVIDER_MESSAGES.notCompleted));
        void navigate('/login', { replace: true });
      },
    );
  }, [outcome, navigate]);
  return refusal;
}
