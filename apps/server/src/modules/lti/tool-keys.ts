import { randomUUID } from 'node:crypto';
import { and, desc, isNull, ne, sql } from 'drizzle-orm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK, SignJWT } from 'jose';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { openSeal, seal, sealKey } from '../auth/tokens';

export const LTI_ALGORITHM = 'RS256';

const privateKeySealKey = (config: Config) => sealKey(config.jwtSecret, 'examiq lti private key');

async function newKey(db: AppDatabase, config: Config) {
  const { publicKey, privateKey } = await generateKeyPair(LTI_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_ALGORITHM, use: 'sig' };
  const [row] = await db
    .insert(ltiToolKeys)
    .values({
      kid,
      publicJwk,
      privateKeySealed: seal(privateKeySealKey(config), await exportPKCS8(privateKey)),
    })
    .returning();
  if (!row) throw new Error('The LTI tool key was not written');
  return row;
}

const publishedKeys = (db: AppDatabase) =>
  db
    .select()
    .from(ltiToolKeys)
    .where(isNull(ltiToolKeys.retiredAt))
    .orderBy(desc(ltiToolKeys.createdAt), desc(ltiToolKeys.kid));

/**
 * The key that signs now: the newest published one, made at the first need. Two processes making
 * the first key at once each publish theirs; the newer signs, and both stay valid.
 */
async function signingKey(db: AppDatabase, config: Config) {
  const [newest] = await publishedKeys(db);
  const row = newest ?? (await newKey(db, config));
  const pem = openSeal(privateKeySealKey(config), row.privateKeySealed);
  // Sealed under another JWT_SECRET (a backup restored elsewhere): a fresh key signs from now.
  if (pem === null) {
    const fresh = await newKey(db, config);
    const freshPem = openSeal(privateKeySealKey(config), fresh.privateKeySealed) ?? '';
    return { kid: fresh.kid, key: await importPKCS8(freshPem, LTI_ALGORITHM) };
  }
  return { kid: row.kid, key: await importPKCS8(pem, LTI_ALGORITHM) };
}

/** A JWT signed with the tool's current key, its `kid` in the header. */
export async function signAsTool(
  db: AppDatabase,
  config: Config,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<string> {
  const { kid, key } = await signingKey(db, config);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: LTI_ALGORITHM, kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${expiresInSeconds}s`)
    .setJti(randomUUID())
    .sign(key);
}

/** The public keys platforms check ExamIQ's signatures with: the signing one and the previous. */
export async function toolJwks(db: AppDatabase): Promise<{ keys: JWK[] }> {
  return { keys: (await publishedKeys(db)).map((row) => row.publicJwk as JWK) };
}

/** The published keys for the settings page, newest (the signing one) first. */
export async function toolKeyList(db: AppDatabase) {
  return (await publishedKeys(db)).map((row, index) => ({
    kid: row.kid,
    createdAt: row.createdAt.toISOString(),
    signing: index === 0,
  }));
}

/**
 * A new key signs from now on. The one it replaces stays in the JWKS until the next rotation, so
 * a platform holding a token or a cached key set from before keeps working; older keys retire.
 */
export async function rotateToolKey(db: AppDatabase, config: Config, actorUserId: string) {
  await db.transaction(async (tx) => {
    const [previous] = await publishedKeys(tx);
    const fresh = await newKey(tx, config);
    await tx
      .update(ltiToolKeys)
      .set({ retiredAt: sql`now()` })
      .where(
        and(
          isNull(ltiToolKeys.retiredAt),
          ne(ltiToolKeys.kid, fresh.kid),
          ...(previous ? [ne(ltiToolKeys.kid, previous.kid)] : []),
        ),
      );
    await recordAudit(tx, actorUserId, {
      action: 'settings.rotate-lti-key',
      recordType: 'settings',
      recordId: fresh.kid,
      recordLabel: 'LTI tool key',
      summary: previous
        ? `Rotated the LTI tool key: ${fresh.kid} signs, ${previous.kid} stays published until the next rotation`
        : `Made the first LTI tool key ${fresh.kid}`,
    });
  });
  return toolKeyList(db);
}
