import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from './authenticate';

/**
 * Wraps the admin routes in one encapsulated scope whose onRequest hooks are the admin guard:
 * a route is protected by where it is registered, not by remembering to add a check.
 * Register it with `{ prefix: '/api/admin' }`.
 */
export function adminScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (admin) => {
    admin.addHook('onRequest', admin.authenticate);
    admin.addHook('onRequest', requireRole('admin'));
    await admin.register(routes);
  };
}
