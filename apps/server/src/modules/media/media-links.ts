import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MediaUrls, mediaIdsIn } from '@examiq/contracts';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../../errors';
import { sealKey } from '../auth/tokens';

/**
 * How long a signed URL lasts. URLs are signed for a period, not per request: everyone reading an
 * exam's content within the same period gets the same URL, so it is signed once and the browser
 * keeps the image across reloads. Signed in one period, a URL expires at the end of the next, so
 * it lasts between one and two periods, longer than any sitting.
 */
export const MEDIA_LINK_PERIOD_MS = 12 * 60 * 60_000;

/** Who a URL is signed for when it is no exam's: the admin who uploaded the image. */
export const UPLOADER_AUDIENCE = 'upload';

declare module 'fastify' {
  interface FastifyInstance {
    mediaLinks: SignedLinks;
    answerFileLinks: SignedLinks;
  }
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/**
 * Signed URLs of files read by `<img>`, `<iframe>` or a new tab, which cannot send a bearer token,
 * so the URL itself is the permission: an HMAC-SHA256, under a key derived from the server's
 * secret for this kind of file alone, over the file's id, the audience it was handed to and its
 * expiry. Who may see a file is decided by who is handed its URL: only a response that shows it.
 */
export interface SignedLinks {
  /** The URL of file `id` for `audience`, valid until the end of the period after `now`'s. */
  url(id: string, audience: string, now: Date): string;
  /** The signed URLs of these files for `audience` at `now`, by id. */
  urls(ids: Iterable<string>, audience: string, now: Date): Record<string, string>;
  check(id: string, link: { aud: string; exp: number; sig: string }, now: Date): LinkCheck;
}

/** The media of exam content, signed for an exam's id (or UPLOADER_AUDIENCE). */
export type MediaLinks = SignedLinks;

/** The expiry, in Unix seconds, of a URL signed at `now`. */
export function linkExpiry(now: Date): number {
  const period = Math.floor(now.getTime() / MEDIA_LINK_PERIOD_MS);
  return ((period + 2) * MEDIA_LINK_PERIOD_MS) / 1000;
}

/**
 * The signer of one kind of file, served at `path`/{id}: each kind has a key of its own, so a
 * URL of one kind never opens a file of another.
 */
function signedLinks(secret: string, kind: { purpose: string; path: string }): SignedLinks {
  const key = sealKey(secret, kind.purpose);
  const signature = (id: string, audience: string, expiry: number) =>
    createHmac('sha256', key).update(`${id}\n${audience}\n${expiry}`).digest();
  // The same URLs are asked for by every reader of an exam in a period: signed once.
  const signed = new LRUCache<string, string>({ max: 20_000 });

  const url = (id: string, audience: string, now: Date) => {
    const expiry = linkExpiry(now);
    const cacheKey = `${id}\n${audience}\n${expiry}`;
    let link = signed.get(cacheKey);
    if (link === undefined) {
      const sig = signature(id, audience, expiry).toString('base64url');
      link = `${kind.path}/${id}?aud=${encodeURIComponent(audience)}&exp=${expiry}&sig=${sig}`;
      signed.set(cacheKey, link);
    }
    return link;
  };

  return {
    url,
    urls(ids, audience, now) {
      const links: Record<string, string> = {};
      for (const id of ids) links[id] = url(id, audience, now);
      return links;
    },
    check(id, link, now) {
      const expected = signature(id, link.aud, link.exp);
      const given = Buffer.from(link.sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return link.exp * 1000 <= now.getTime() ? 'expired' : 'valid';
    },
  };
}

export function mediaLinks(secret: string): MediaLinks {
  return signedLinks(secret, { purpose: 'examiq media links', path: '/api/media' });
}

/** The files students upload as answers, signed for the attempt they belong to. */
export function answerFileLinks(secret: string): SignedLinks {
  return signedLinks(secret, { purpose: 'examiq answer file links', path: '/api/answer-files' });
}

/** The media ids the texts refer to, each once. */
export function mediaIdsOf(texts: Iterable<string | null | undefined>): Set<string> {
  const ids = new Set<string>();
  for (const text of texts) {
    if (text) for (const id of mediaIdsIn(text)) ids.add(id);
  }
  return ids;
}

/**
 * The `mediaUrls` of a response whose content shows these media, signed for everyone reading exam
 * `examId`'s content in this period; nothing when it shows none.
 */
export function mediaUrlsFor(
  links: MediaLinks,
  ids: Iterable<string>,
  examId: string,
  now: Date,
): { mediaUrls?: MediaUrls } {
  const mediaUrls = links.urls(ids, examId, now);
  return Object.keys(mediaUrls).length > 0 ? { mediaUrls } : {};
}

/** What a signed file route says when its link or its file is wrong, in its own words. */
export interface SignedFileMessages {
  linkInvalid: string;
  linkExpired: string;
  notFound: string;
}

/**
 * Answers a request for the bytes a signed link names: 403 for a link altered or expired, 304
 * when the browser holds them already (an id's bytes never change: a browser holding this id
 * holds these bytes), 404 when there are none, else the bytes with their headers.
 */
export async function sendSignedFile(
  reply: FastifyReply,
  request: { id: string; link: { aud: string; exp: number; sig: string }; ifNoneMatch?: string },
  {
    links,
    at,
    messages,
    read,
  }: {
    links: SignedLinks;
    at: Date;
    messages: SignedFileMessages;
    read: () => Promise<{ bytes: Buffer; headers: Record<string, string> } | undefined>;
  },
) {
  const check = links.check(request.id, request.link, at);
  if (check === 'invalid') throw new ApiError(403, messages.linkInvalid);
  if (check === 'expired') throw new ApiError(403, messages.linkExpired);
  const cacheHeaders = {
    etag: `"${request.id}"`,
    'cache-control': `private, max-age=${Math.max(0, request.link.exp - Math.ceil(at.getTime() / 1000))}, immutable`,
  };
  if (request.ifNoneMatch?.includes(cacheHeaders.etag)) {
    return reply.code(304).headers(cacheHeaders).send();
  }
  const stored = await read();
  if (!stored) throw new ApiError(404, messages.notFound);
  return reply
    .headers({ ...cacheHeaders, ...stored.headers, 'x-content-type-options': 'nosniff' })
    .send(stored.bytes);
}
