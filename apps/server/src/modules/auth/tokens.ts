import { createHash, randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { roleSchema } from '@examiq/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config';

const ALGORITHM = 'HS256';
const ISSUER = 'examiq';

export interface AccessTokenClaims {
  userId: string;
  role: z.infer<typeof roleSchema>;
  sessionId: string;
}

/** Claims are checked before they reach SQL: a uuid column given a non-uuid is a database error. */
const payloadSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  role: roleSchema,
});

/**
 * The signing key, imported into WebCrypto once per configuration: given raw bytes, jose would
 * import them again on every token it signs or verifies, on every authenticated request.
 */
const keys = new WeakMap<Config, Promise<webcrypto.CryptoKey>>();
function keyOf(config: Config): Promise<webcrypto.CryptoKey> {
  let key = keys.get(config);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(config, key);
  }
  return key;
}

export async function signAccessToken(
  config: Config,
  claims: AccessTokenClaims,
  expiresAt: Date = new Date(Date.now() + config.accessTokenTtlSeconds * 1000),
): Promise<string> {
  return (
    new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      // Unique per token, so two tokens issued within the same second still differ.
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(await keyOf(config))
  );
}

/** Null for anything but a well-formed, correctly signed, unexpired token of ours. */
export async function verifyAccessToken(
  config: Config,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(config), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    });
    const claims = payloadSchema.safeParse(payload);
    return claims.success
      ? { userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid }
      : null;
  } catch {
    return null;
  }
}

/** Refresh tokens are opaque random strings; only their hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
