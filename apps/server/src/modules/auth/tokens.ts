import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { roleSchema } from '@examiq/contracts';
import { createSigner, createVerifier } from 'fast-jwt';
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
 * The signer and verifier of a configuration, made once. HS256 through node:crypto runs in the
 * request's own tick, where WebCrypto would queue every authenticated request on the thread
 * pool behind the argon2id hashing of sign-ins.
 */
interface Jwt {
  sign(payload: Record<string, unknown>): string;
  verify(token: string): unknown;
}
/**
 * How many signed-in clients the token and session caches keep: every student of the largest
 * exam day at once (20,000 in the benchmark) with room to spare. Below that, an exam's students
 * push each other out and every save verifies its token and reads its session again, which halved
 * the saves a server takes per second. An entry is a few hundred bytes.
 */
export const SIGNED_IN_CLIENTS_KEPT = 100_000;

const jwts = new WeakMap<Config, Jwt>();
function jwtOf(config: Config): Jwt {
  let jwt = jwts.get(config);
  if (!jwt) {
    jwt = {
      // Each token carries its own iat and exp (tests mint expired ones).
      sign: createSigner({ key: config.jwtSecret, algorithm: ALGORITHM, noTimestamp: true }),
      verify: createVerifier({
        key: config.jwtSecret,
        algorithms: [ALGORITHM],
        allowedIss: ISSUER,
        requiredClaims: ['exp'],
        // A token's signature is checked once until it expires: a client sends the same one
        // with every request. The session behind it is still checked every time.
        cache: SIGNED_IN_CLIENTS_KEPT,
      }),
    };
    jwts.set(config, jwt);
  }
  return jwt;
}

export async function signAccessToken(
  config: Config,
  claims: AccessTokenClaims,
  expiresAt: Date = new Date(Date.now() + config.accessTokenTtlSeconds * 1000),
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return jwtOf(config).sign({
    sub: claims.userId,
    role: claims.role,
    sid: claims.sessionId,
    iss: ISSUER,
    // Unique per token, so two tokens issued within the same second still differ.
    jti: randomUUID(),
    iat: now,
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
}

/** Null for anything but a well-formed, correctly signed, unexpired token of ours. */
export async function verifyAccessToken(
  config: Config,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    const claims = payloadSchema.safeParse(jwtOf(config).verify(token));
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

const SEAL_CIPHER = 'aes-256-gcm';
const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;

/** A 256-bit key derived from a secret for one purpose (`info`), so no two purposes share one. */
export function sealKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', info, 32));
}

/** `text` encrypted and authenticated (AES-256-GCM) under `key`, as base64url. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv(SEAL_CIPHER, key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** What `seal` sealed, or null when `key` is not the one that did or the seal was altered. */
export function openSeal(key: Buffer, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  const iv = bytes.subarray(0, SEAL_IV_BYTES);
  const tag = bytes.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES);
  try {
    const decipher = createDecipheriv(SEAL_CIPHER, key, iv);
    decipher.setAuthTag(tag);
    const opened = Buffer.concat([
      decipher.update(bytes.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES)),
      decipher.final(),
    ]);
    return opened.toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The key that seals what a refresh token was rotated into: derived from that token, which is
 * stored only hashed, so only its holder can open the seal; the database alone cannot.
 */
function successorKeyOf(refreshToken: string): Buffer {
  return sealKey(refreshToken, 'examiq refresh successor');
}

/** `successor` encrypted and authenticated under a key only `refreshToken`'s holder can derive. */
export function sealSuccessor(refreshToken: string, successor: string): string {
  return seal(successorKeyOf(refreshToken), successor);
}

/** The successor `sealSuccessor` sealed, or null when `refreshToken` is not the one that did. */
export function openSuccessor(refreshToken: string, sealed: string): string | null {
  return openSeal(successorKeyOf(refreshToken), sealed);
}
