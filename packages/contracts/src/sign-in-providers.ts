import { z } from 'zod';
import { loginDataSchema } from './auth';

// --- Sign-in with the institution's accounts (OpenID Connect) --------------------------------

export const SIGN_IN_PROVIDER_MESSAGES = {
  noAccount: (email: string) => `No ExamIQ account matches ${email}. Ask your administrator.`,
  notCompleted: 'Sign-in with your institution did not complete. Please try again.',
  providerNotFound: 'Sign-in provider not found',
  fromEnvironment:
    'This provider is set by the server environment (OIDC_ISSUER) and cannot be changed here',
  created: 'Sign-in provider added',
  updated: 'Sign-in provider saved',
  deleted: 'Sign-in provider removed',
  clientSecretRequired: 'Client secret is required',
} as const;

/** The id of the provider the server's environment configures (OIDC_ISSUER and the rest). */
export const ENVIRONMENT_PROVIDER_ID = 'environment';

/** The claim that names the person's email unless a provider says otherwise. */
export const DEFAULT_EMAIL_CLAIM = 'email';

const HTTPS_ISSUER = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/i;
const LOOPBACK_ISSUER = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/[^\s?#]*)?$/i;

/**
 * An issuer is an https URL; plain http only on this machine (a provider beside the server, or a
 * test's), where nothing crosses a network. No query, fragment or credentials.
 */
export function isAcceptableIssuer(value: string): boolean {
  return HTTPS_ISSUER.test(value) || LOOPBACK_ISSUER.test(value);
}

export const ISSUER_MESSAGE =
  'Issuer URL must be an https:// URL without a query, e.g. https://accounts.google.com';

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A list of email domains, typed one per line or separated by commas, kept lowercase. */
export const allowedDomainsField = z
  .array(
    z
      .string({ error: 'Each allowed domain must be text' })
      .trim()
      .toLowerCase()
      .regex(DOMAIN_PATTERN, 'Each allowed domain must be a domain such as college.edu'),
    { error: 'Allowed email domains must be a list of domains' },
  )
  .min(1, 'At least one allowed email domain is required')
  .max(50, 'At most 50 allowed email domains')
  .transform((domains) => [...new Set(domains)]);

/** Splits what an admin or the environment typed into the domains it names. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

const providerFields = {
  label: z
    .string({ error: 'Button label is required' })
    .trim()
    .min(1, 'Button label is required')
    .max(60, 'Button label cannot exceed 60 characters'),
  issuer: z
    .string({ error: 'Issuer URL is required' })
    .trim()
    .min(1, 'Issuer URL is required')
    .max(500, 'Issuer URL cannot exceed 500 characters')
    .refine(isAcceptableIssuer, ISSUER_MESSAGE)
    .transform((issuer) => issuer.replace(/\/+$/, '')),
  clientId: z
    .string({ error: 'Client ID is required' })
    .trim()
    .min(1, 'Client ID is required')
    .max(255, 'Client ID cannot exceed 255 characters'),
  allowedDomains: allowedDomainsField,
  emailClaim: z
    .string({ error: 'Email claim must be text' })
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'Email claim must be a claim name such as email')
    .default(DEFAULT_EMAIL_CLAIM),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
};

const clientSecretField = z
  .string({ error: SIGN_IN_PROVIDER_MESSAGES.clientSecretRequired })
  .min(1, SIGN_IN_PROVIDER_MESSAGES.clientSecretRequired)
  .max(1000, 'Client secret cannot exceed 1000 characters');

/** `POST /admin/create-sign-in-provider`: the client secret is required the first time. */
export const createSignInProviderSchema = z.object(
  { ...providerFields, clientSecret: clientSecretField },
  { error: 'Sign-in provider is required' },
);

/** `PUT /admin/update-sign-in-provider/{id}`: a client secret left out keeps the stored one. */
export const updateSignInProviderSchema = z.object(
  { ...providerFields, clientSecret: clientSecretField.optional() },
  { error: 'Sign-in provider is required' },
);
export type SignInProviderInput = z.input<typeof createSignInProviderSchema>;
export type SignInProviderUpdate = z.output<typeof updateSignInProviderSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A provider's id: a settings page's (a uuid), or the environment's. */
export const signInProviderIdSchema = z.object({
  id: z
    .string({ error: 'Invalid sign-in provider id' })
    .refine((id) => id === ENVIRONMENT_PROVIDER_ID || UUID.test(id), 'Invalid sign-in provider id'),
});

/** A provider as the admin reads it: the client secret is write-only, only whether it is set. */
export const signInProviderSchema = z.object({
  _id: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  emailClaim: z.string(),
  enabled: z.boolean(),
  /** Set by OIDC_ISSUER and the rest: shown, not changed, on the settings page. */
  fromEnvironment: z.boolean(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** The providers, and the redirect URI each must be registered with (`PUBLIC_URL/api/auth/oidc/callback`). */
export const signInProvidersDataSchema = z.object({
  providers: z.array(signInProviderSchema),
  redirectUri: z.string(),
});
export type SignInProvidersData = z.infer<typeof signInProvidersDataSchema>;

/** What the sign-in screen shows for each enabled provider: a button. */
export const signInButtonSchema = z.object({ _id: z.string(), label: z.string() });
export type SignInButton = z.infer<typeof signInButtonSchema>;

export const signInButtonLabel = (label: string) => `Sign in with ${label}`;

/**
 * A place in the app to return to after signing in: a path of this site, never another origin
 * (`//evil.example`, `/\evil.example`, `https://…`), so the sign-in cannot redirect anyone away.
 */
export function isLocalPath(value: string): boolean {
  // Browsers read a backslash as a slash, and drop tabs and newlines inside a URL.
  const unsafe = [...value].some((character) => {
    const code = character.charCodeAt(0);
    return character === '\\' || code <= 0x20 || code === 0x7f;
  });
  return value.startsWith('/') && !value.startsWith('//') && !unsafe;
}

export const RETURN_PATH_MESSAGE = 'Redirect must be a path on this site';

export const signInStartQuerySchema = z.object({
  redirect: z
    .string({ error: RETURN_PATH_MESSAGE })
    .max(2000, RETURN_PATH_MESSAGE)
    .refine(isLocalPath, RETURN_PATH_MESSAGE)
    .optional(),
});

/** Where the browser returns after the provider: to the sign-in screen, which finishes. */
export const SIGN_IN_RETURN_QUERY = { finish: 'done', failed: 'failed' } as const;
export const SIGN_IN_RETURN_PARAM = 'provider';

/** `POST /auth/oidc/session`: the usual session, and where the person was going. */
export const providerSessionDataSchema = loginDataSchema.extend({
  redirect: z.string().nullable(),
});
