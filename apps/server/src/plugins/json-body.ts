import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

export const NUL_IN_TEXT_MESSAGE = 'Text must not contain NUL characters';

/** PostgreSQL text cannot hold U+0000, so such a value would fail at the database instead. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => containsNul(key) || containsNul(item));
  }
  return false;
}

/**
 * The API speaks JSON only: Fastify's text/plain parser is dropped so other bodies get a 415.
 * Clients (and the web app's logout) send `content-type: application/json` with no body; that
 * reads as "no body" instead of Fastify's 400. Non-empty bodies keep the default parser and its
 * prototype-poisoning protection, and a NUL character anywhere in them is a 400.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser<string>(
    'application/json',
    { parseAs: 'string' },
    (request, body, done) => {
      if (body.length === 0) {
        done(null, undefined);
        return;
      }
      parseJson(request, body, (error, value) => {
        // JSON can only carry NUL as the escape \u0000, so most bodies skip the walk.
        if (!error && /\\u0000/i.test(body) && containsNul(value)) {
          done(new ApiError(400, NUL_IN_TEXT_MESSAGE), undefined);
          return;
        }
        done(error, value);
      });
    },
  );
}
