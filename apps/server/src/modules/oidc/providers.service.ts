import {
  ENVIRONMENT_PROVIDER_ID,
  SIGN_IN_PROVIDER_MESSAGES,
  type SignInButton,
  type SignInProvider,
  type SignInProvidersData,
  type SignInProviderUpdate,
} from '@examiq/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { signInProviders } from '../../db/schema';
import { ApiError } from '../../errors';
import { recordAudit } from '../audit/audit';
import { openSeal, seal, sealKey } from '../auth/tokens';

/** A provider as the sign-in uses it, its client secret opened. */
export interface ProviderSettings {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  emailClaim: string;
  enabled: boolean;
  /** Changes with every save, so what was fetched for the old settings is not used for the new. */
  version: string;
}

const clientSecretKey = (config: Config) => sealKey(config.jwtSecret, 'examiq oidc client secret');

/** Where every provider sends the person back: the one address each is registered with. */
export function redirectUriOf(config: Config): string {
  return `${config.mail.publicUrl}/api/auth/oidc/callback`;
}

function environmentProvider(config: Config): ProviderSettings | null {
  if (!config.oidc) return null;
  return { id: ENVIRONMENT_PROVIDER_ID, ...config.oidc, enabled: true, version: 'environment' };
}

type ProviderRow = typeof signInProviders.$inferSelect;

function settingsOf(config: Config, row: ProviderRow): ProviderSettings {
  const { clientSecretSealed, createdAt: _created, updatedAt, ...rest } = row;
  return {
    ...rest,
    // A secret sealed under another JWT_SECRET (a backup restored elsewhere) opens to nothing:
    // the provider then refuses the client until an admin types the secret again.
    clientSecret: openSeal(clientSecretKey(config), clientSecretSealed) ?? '',
    version: updatedAt.toISOString(),
  };
}

function withoutSecret(provider: ProviderSettings): SignInProvider {
  return {
    _id: provider.id,
    label: provider.label,
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecretSet: provider.clientSecret.length > 0,
    allowedDomains: provider.allowedDomains,
    emailClaim: provider.emailClaim,
    enabled: provider.enabled,
    fromEnvironment: provider.id === ENVIRONMENT_PROVIDER_ID,
  };
}

async function allProviders(db: AppDatabase, config: Config): Promise<ProviderSettings[]> {
  const rows = await db
    .select()
    .from(signInProviders)
    .orderBy(asc(signInProviders.createdAt), asc(signInProviders.id));
  const fromEnvironment = environmentProvider(config);
  return [
    ...(fromEnvironment ? [fromEnvironment] : []),
    ...rows.map((row) => settingsOf(config, row)),
  ];
}

/** Every provider for the admin's settings page: the client secrets only as set or not. */
export async function listProviders(db: AppDatabase, config: Config): Promise<SignInProvidersData> {
  return {
    providers: (await allProviders(db, config)).map(withoutSecret),
    redirectUri: redirectUriOf(config),
  };
}

/** The buttons of the sign-in screen: the enabled providers, by label. */
export async function signInButtons(db: AppDatabase, config: Config): Promise<SignInButton[]> {
  return (await allProviders(db, config))
    .filter((provider) => provider.enabled)
    .map(({ id, label }) => ({ _id: id, label }));
}

/** An enabled provider, or null when none has this id (or it is switched off). */
export async function findEnabledProvider(
  db: AppDatabase,
  config: Config,
  id: string,
): Promise<ProviderSettings | null> {
  if (id === ENVIRONMENT_PROVIDER_ID) return environmentProvider(config);
  const [row] = await db.select().from(signInProviders).where(eq(signInProviders.id, id));
  return row?.enabled ? settingsOf(config, row) : null;
}

/** The audit record's view of a provider: never its secret, only whether it changed. */
function audited(provider: SignInProviderUpdate | ProviderSettings) {
  const { clientSecret: _secret, ...rest } = provider;
  return rest;
}

function refuseEnvironment(id: string): void {
  if (id === ENVIRONMENT_PROVIDER_ID)
    throw new ApiError(409, SIGN_IN_PROVIDER_MESSAGES.fromEnvironment);
}

export async function createProvider(
  db: AppDatabase,
  config: Config,
  actorUserId: string,
  input: SignInProviderUpdate & { clientSecret: string },
): Promise<SignInProvider> {
  return db.transaction(async (tx) => {
    const { clientSecret, ...fields } = input;
    const [row] = await tx
      .insert(signInProviders)
      .values({ ...fields, clientSecretSealed: seal(clientSecretKey(config), clientSecret) })
      .returning();
    if (!row) throw new Error('The sign-in provider was not written');
    await recordAudit(tx, actorUserId, {
      action: 'settings.create-sign-in-provider',
      recordType: 'settings',
      recordId: row.id,
      recordLabel: row.label,
      summary: `Added the sign-in provider ${row.label} (${row.issuer})`,
      changes: audited(input),
    });
    return withoutSecret(settingsOf(config, row));
  });
}

export async function updateProvider(
  db: AppDatabase,
  config: Config,
  actorUserId: string,
  id: string,
  input: SignInProviderUpdate,
): Promise<SignInProvider> {
  refuseEnvironment(id);
  return db.transaction(async (tx) => {
    const { clientSecret, ...fields } = input;
    const [before] = await tx
      .select()
      .from(signInProviders)
      .where(eq(signInProviders.id, id))
      .for('update');
    if (!before) throw new ApiError(404, SIGN_IN_PROVIDER_MESSAGES.providerNotFound);
    const [row] = await tx
      .update(signInProviders)
      .set({
        ...fields,
        ...(clientSecret
          ? { clientSecretSealed: seal(clientSecretKey(config), clientSecret) }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(signInProviders.id, id))
      .returning();
    if (!row) throw new ApiError(404, SIGN_IN_PROVIDER_MESSAGES.providerNotFound);
    const old = audited(settingsOf(config, before));
    const changes = Object.fromEntries(
      (Object.keys(fields) as (keyof typeof fields)[])
        .filter((key) => JSON.stringify(old[key]) !== JSON.stringify(fields[key]))
        .map((key) => [key, { from: old[key], to: fields[key] }]),
    );
    await recordAudit(tx, actorUserId, {
      action: 'settings.update-sign-in-provider',
      recordType: 'settings',
      recordId: row.id,
      recordLabel: row.label,
      summary: clientSecret
        ? `Changed the sign-in provider ${row.label} and replaced its client secret`
        : `Changed the sign-in provider ${row.label}`,
      changes,
    });
    return withoutSecret(settingsOf(config, row));
  });
}

export async function deleteProvider(
  db: AppDatabase,
  actorUserId: string,
  id: string,
): Promise<void> {
  refuseEnvironment(id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(signInProviders)
      .where(eq(signInProviders.id, id))
      .returning({ id: signInProviders.id, label: signInProviders.label });
    if (!row) throw new ApiError(404, SIGN_IN_PROVIDER_MESSAGES.providerNotFound);
    await recordAudit(tx, actorUserId, {
      action: 'settings.delete-sign-in-provider',
      recordType: 'settings',
      recordId: row.id,
      recordLabel: row.label,
      summary: `Removed the sign-in provider ${row.label}`,
    });
  });
}
