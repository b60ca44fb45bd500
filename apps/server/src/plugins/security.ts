import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: string[] | undefined,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
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
