import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiUrl } from './web-app';

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
    // Never another site: a photo URL on any host would load in staff browsers and tell that host
    // when an admin opened a student. The pages link to such a photo instead.
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * A browser that received HSTS over plain HTTP (the embedded default on a LAN address) would
 * refuse that address until it served HTTPS; a server behind an HTTPS proxy learns it from the
 * proxy (TRUST_PROXY).
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The camera, microphone and full screen for the app's own pages (proctoring), the other powerful
 * features for none. Autoplay stays the browser's default: a proctoring preview plays by itself.
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'fullscreen=(self)',
  ...[
    'accelerometer',
    'display-capture',
    'geolocation',
    'gyroscope',
    'magnetometer',
    'midi',
    'payment',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * Helmet's headers and the permissions policy, which every answer carries alike, read once from
 * Helmet's middleware: every policy above is a fixed string (a directive computed per request
 * would need the middleware again). Set in one step on each reply; running the middleware for
 * every request set them one by one on the raw response, about a twentieth of the server's work
 * on an exam day, and building it for every request (as @fastify/helmet does) a tenth on a page
 * of students.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which Fastify never sets.
    removeHeader() {},
  };
  helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent by the hook below, and only over HTTPS.
    strictTransportSecurity: false,
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
})();

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: string[] | undefined,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    // The API's answers carry personal data and tokens: no browser or proxy may keep them. A
    // route that may be kept sets its own; the web app's files are not API answers.
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
    done();
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
