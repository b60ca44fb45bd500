import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_FOUND = 'Not found';
/** Vite's hashed build output: a changed file gets a new name, so it can be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so browsers revalidate it every time. */
const REVALIDATE = 'no-cache';

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function pathnameOf(url: string): string {
  return url.split('?', 1)[0] ?? '/';
}

/** Whether a request URL (path and query) is a call of the API, not a file or page of the app. */
export function isApiUrl(url: string): boolean {
  return isApiPath(pathnameOf(url));
}

/** A missing file (`/assets/old-hash.js`) must stay a 404: index.html in its place breaks the page. */
function looksLikeFile(pathname: string): boolean {
  return path.posix.basename(pathname).includes('.');
}

/**
 * Serves the built single-page app beside the API: its files, and index.html for every other
 * GET so client-side routes (/admin/student/…) load. Unknown /api paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    const assetsDir = path.join(webDistDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDistDir,
      // The build writes .br and .gz beside each file; a browser that accepts one gets it.
      preCompressed: true,
      // A route per file of the build, instead of one catch-all that looks on disk for every
      // unmatched path: an unknown /api path, or a page of the app, reaches the handler below
      // without touching the file system.
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = pathnameOf(request.url);
    if (isApiPath(pathname)) {
      return reply.code(404).send({ success: false, message: NOT_FOUND });
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isRead && !looksLikeFile(pathname)) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(NOT_FOUND);
  };
  // Fastify reads and parses a body before the not-found handler runs: a request no route takes
  // is answered before, so whatever body it carries costs nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return notFound(request, reply);
  });
  app.setNotFoundHandler(notFound);
}
