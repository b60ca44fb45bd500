import type { FastifyInstance } from 'fastify';

/**
 * The API speaks JSON only: Fastify's text/plain parser is dropped so other bodies get a 415.
 * Clients (and the web app's logout) send `content-type: application/json` with no body; that
 * reads as "no body" instead of Fastify's 400. Non-empty bodies keep the default parser and its
 * prototype-poisoning protection.
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
      parseJson(request, body, done);
    },
  );
}
