import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';

export const METRICS_MESSAGES = {
  tokenRequired: 'The metrics need the METRICS_TOKEN as a bearer token',
  loopbackOnly: 'The metrics are read from this machine only, or with METRICS_TOKEN set',
  closed:
    'The metrics are closed: set METRICS_TOKEN, or METRICS_LOOPBACK=true to read them from this machine',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the connection comes from this machine: 127.0.0.0/8, ::1, or IPv4 through IPv6. */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return address === '::1';
}

/**
 * Who may read the metrics. With METRICS_TOKEN, a bearer of it, from anywhere: the digests are
 * compared in constant time, so the answer's timing tells nothing of the token. Without it, nobody,
 * unless the operator opted in with METRICS_LOOPBACK: a reverse proxy on the same host makes
 * every visitor's connection come from this machine, and a proxy may be added without TRUST_PROXY
 * being set. Opted in, the connection's own address must be this machine's (X-Forwarded-For is
 * never read); the setting is refused at start together with TRUST_PROXY.
 */
function allowMetrics(
  request: FastifyRequest,
  config: Pick<Config, 'metricsToken' | 'metricsLoopback'>,
) {
  if (config.metricsToken) {
    const [scheme, presented] = (request.headers.authorization ?? '').split(' ');
    const valid =
      scheme?.toLowerCase() === 'bearer' &&
      presented !== undefined &&
      timingSafeEqual(sha256(presented), sha256(config.metricsToken));
    if (!valid) {
      throw new ApiError(401, METRICS_MESSAGES.tokenRequired, { 'www-authenticate': 'Bearer' });
    }
    return;
  }
  if (!config.metricsLoopback) throw new ApiError(403, METRICS_MESSAGES.closed);
  if (!isLoopback(request.socket.remoteAddress)) {
    throw new ApiError(403, METRICS_MESSAGES.loopbackOnly);
  }
}

export const metricsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary:
          "The server's figures in Prometheus text format: METRICS_TOKEN as bearer, or from this machine when METRICS_LOOPBACK is true",
        response: {
          200: z.string().describe('Prometheus text exposition format 0.0.4'),
          ...errorResponses(401, 403),
        },
      },
      onRequest: async (request) => allowMetrics(request, config),
    },
    async (_request, reply) => {
      const { registry } = app.metrics;
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
};
