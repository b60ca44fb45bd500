import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * A CSP the Vite-built SPA runs under without inline scripts. Inline styles stay allowed because
 * react-hot-toast injects a style tag. No upgrade-insecure-requests: the embedded default is
 * reached over plain http on a LAN address, where upgrading would break every asset.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * Helmet's middleware, built once. (@fastify/helmet builds it anew for every request, and parsing
 * the policy again was a tenth of the server's work on a page of students.)
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: string[] | undefined,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });
  // Only for a web app served from another origin (e.g. a separate dev server); tokens travel
  // in the Authorization header, so no credentials mode.
  if (corsOrigins) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  }
}
