import type { App } from '../app';
import { send } from '../deploy/nginx';

/**
 * The test helpers drive an app through `inject`; this one answers it with real requests to
 * `origin`, so the same helpers work through nginx or against one process.
 */
export function overHttp(origin: string, ca = ''): App {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }) => {
    const body = options.payload === undefined ? undefined : JSON.stringify(options.payload);
    const answer = await send(
      new URL(options.url, origin),
      {
        method: options.method,
        headers: { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ca,
      },
      body,
    );
    return { ...answer, json: () => JSON.parse(answer.body) };
  };
  // Nothing else of a Fastify instance means anything over HTTP.
  return { inject } as unknown as App;
}
