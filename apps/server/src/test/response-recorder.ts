import type { FastifyInstance } from 'fastify';
import { hashToken } from '../modules/auth/tokens';

/** Every refresh token the API hands out appears in a body as this field. */
const REFRESH_TOKEN_FIELD = /"refreshToken":"([^"]+)"/g;
/** The shape of a stored refresh-token hash (SHA-256, hex). */
const SHA256_HEX = /[0-9a-f]{64}/g;
const ARGON2_MARKER = '$argon2';

/** Adds an onSend hook that keeps the text of every response the app sends. */
export function recordResponses(app: FastifyInstance, bodies: string[]): void {
  app.addHook('onSend', async (_request, _reply, payload) => {
    // Streams are static files (the docs UI), never API data.
    if (typeof payload === 'string') bodies.push(payload);
    else if (Buffer.isBuffer(payload)) bodies.push(payload.toString('utf8'));
    return payload;
  });
}

/**
 * The secrets a response must never carry: a password hash, or the stored hash of a refresh token.
 * A refresh token's hash is known without the database: it is the SHA-256 of a token some body
 * handed out, so the check also runs for suites that closed their database early.
 */
export function findLeakedSecrets(bodies: readonly string[], storedHashes: Iterable<string> = []) {
  const hashes = new Set(storedHashes);
  for (const body of bodies) {
    for (const [, token] of body.matchAll(REFRESH_TOKEN_FIELD))
      if (token) hashes.add(hashToken(token));
  }
  const leaks: string[] = [];
  for (const body of bodies) {
    if (body.includes(ARGON2_MARKER)) leaks.push(`password hash in ${body.slice(0, 200)}`);
    for (const [candidate] of body.matchAll(SHA256_HEX)) {
      if (hashes.has(candidate)) leaks.push(`refresh-token hash in ${body.slice(0, 200)}`);
    }
  }
  return leaks;
}
