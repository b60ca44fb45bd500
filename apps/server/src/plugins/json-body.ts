import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

/**
 * Deeper than any contract needs (an exam with sections, questions and options nests 7 levels),
 * shallow enough that no parser, walk or database column is strained by a body.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const NUL_IN_TEXT_MESSAGE = 'Text must not contain NUL characters';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]);
const CLOSING = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests arrays and objects deeper than MAX_JSON_DEPTH: one pass over its
 * characters, before parsing, since parsing and walking deep values is what costs.
 */
function nestsTooDeeply(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENING.has(code)) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return true;
    } else if (CLOSING.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

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
 * prototype-poisoning protection. Nesting beyond MAX_JSON_DEPTH, and a NUL character anywhere
 * in a body, are a 400.
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
      if (nestsTooDeeply(body)) {
        done(new ApiError(400, TOO_DEEP_MESSAGE), undefined);
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
