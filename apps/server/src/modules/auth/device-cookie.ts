import { createHmac, randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { normalizeEmail } from '../users/users.service';

/**
 * A browser that has signed in to an account before carries this cookie (OWASP's device cookie):
 * an attacker guessing that account's password elsewhere cannot slow it down. It names the
 * account, so it vouches for one account only, and a device id that its own failures are counted
 * against.
 */
const DEVICE_COOKIE = 'examiq_device';
const DEVICE_COOKIE_DAYS = 180;
/** Only the sign-in routes read it: no other request carries it. */
const DEVICE_COOKIE_PATH = '/api/auth';

/** Registered in the sign-in routes' scope; the key is derived so it differs from the JWTs'. */
export async function registerDeviceCookie(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyCookie, {
    secret: createHmac('sha256', config.jwtSecret).update('examiq device cookie').digest('hex'),
  });
}

/** The device id of a valid cookie that vouches for `email`'s account, if the request has one. */
export function trustedDeviceOf(request: FastifyRequest, email: string): string | undefined {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie) return undefined;
  const { valid, value } = request.unsignCookie(cookie);
  if (!valid || value === null) return undefined;
  const separator = value.indexOf(':');
  if (separator < 0 || value.slice(separator + 1) !== normalizeEmail(email)) return undefined;
  return value.slice(0, separator);
}

/** Sets the cookie after a successful sign-in, keeping the device id it already had. */
export function rememberDevice(
  reply: FastifyReply,
  email: string,
  deviceId: string = randomUUID(),
): void {
  reply.setCookie(DEVICE_COOKIE, `${deviceId}:${normalizeEmail(email)}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
