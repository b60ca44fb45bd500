import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

/**
 * Deeper than any contract needs (an exam with sections, questions and options nests 7 levels),
 * shallow enough that no parser, walk or database column is strained by a body.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
export const NUL_IN_TEXT_MESSAGE = 'Text must not contain NUL characters';
export const LONE_SURROGATE_MESSAGE =
  'Text must be valid Unicode: a surrogate escape (\\uD800-\\uDFFF) must be one of a pair';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than MAX_JSON_DEPTH: one pass over its
 * characters before parsing, since parsing deep values is what costs (a 4 MiB nested body takes
 * hundreds of milliseconds to parse; the pass stops at the 33rd level). Compared code by code: a
 * Set lookup per character made the pass cost as much as parsing a flat body.
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
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * In unicode mode a surrogate pair reads as one code point, so this matches only a lone half:
 * UTF-8 text columns would store it as U+FFFD and jsonb columns refuse it.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored as PostgreSQL text, if it cannot. */
function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_IN_TEXT_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : undefined;
}

function findUnstorableText(value: unknown): string | undefined {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = findUnstorableText(item);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorable(key) ?? findUnstorableText(item);
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * JSON can carry NUL and lone surrogates only as escapes (invalid UTF-8 is decoded as U+FFFD), so
 * most bodies skip the walk.
 */
const UNSTORABLE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * The API speaks JSON only: Fastify's text/plain parser is dropped so other bodies get a 415.
 * Clients (and the web app's logout) send `content-type: application/json` with no body; that
 * reads as "no body" instead of Fastify's 400. Non-empty bodies keep the default parser and its
 * prototype-poisoning protection. Nesting beyond MAX_JSON_DEPTH, and text PostgreSQL cannot store
 * (NUL, lone surrogates) anywhere in a body, are a 400.
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
        const problem = !error && UNSTORABLE_ESCAPE.test(body) && findUnstorableText(value);
        if (problem) {
          done(new ApiError(400, problem), undefined);
          return;
        }
        done(error, value);
      });
    },
  );
}
