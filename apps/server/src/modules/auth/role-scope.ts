import type { Role } from '@examiq/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { BEARER_AUTH } from '../../plugins/openapi';
import { requireRole } from './authenticate';

/**
 * Wraps one area's routes (admin, student) in one encapsulated scope whose onRequest hooks are
 * its guard: a route is protected by where it is registered, not by remembering to add a check,
 * and the API documentation says so for every route of the scope. Register it with the area's
 * prefix, e.g. `{ prefix: '/api/admin' }`.
 */
export function roleScope(role: Role, routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (area) => {
    area.addHook('onRequest', area.authenticate);
    area.addHook('onRequest', requireRole(role));
    area.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: BEARER_AUTH };
    });
    await area.register(routes);
  };
}
