import { expect } from 'vitest';
import type { App } from '../app';
import { providerBrowser } from './oidc-provider';

/**
 * A browser signing in to ExamIQ through a provider, over HTTP: ExamIQ's answers by `inject`, with
 * its sign-in cookie carried from step to step, and the provider's over the network.
 */
export function providerSignIn(app: App, issuer: string) {
  return {
    /** The button: gives the provider's authorization URL and ExamIQ's sign-in cookie. */
    async start(providerId: string, query = '') {
      const response = await app.inject({
        method: 'GET',
        url: `/api/auth/oidc/${providerId}/start${query}`,
      });
      expect(response.statusCode, response.body).toBe(302);
      const cookie = response.cookies.find(({ name }) => name === 'examiq_sign_in');
      expect(cookie?.httpOnly).toBe(true);
      return {
        authorizationUrl: String(response.headers.location),
        cookie: cookie ? `${cookie.name}=${cookie.value}` : '',
      };
    },
    /** The person signs in at the provider; gives the callback address it sends them to. */
    atProvider(authorizationUrl: string, login: string) {
      return providerBrowser(issuer).signIn(authorizationUrl, login);
    },
    /** The provider's answer reaches ExamIQ; gives where ExamIQ sends the browser next. */
    async answer(callbackUrl: string, cookie: string) {
      const url = new URL(callbackUrl);
      const response = await app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(302);
      return String(response.headers.location);
    },
    /** The sign-in screen collects the outcome. */
    collect(cookie: string) {
      return app.inject({
        method: 'POST',
        url: '/api/auth/oidc/session',
        headers: cookie ? { cookie } : {},
      });
    },
    /** The whole flow for `login`, from the button to the collected outcome. */
    async signIn(providerId: string, login: string, query = '') {
      const { authorizationUrl, cookie } = await this.start(providerId, query);
      const callback = await this.atProvider(authorizationUrl, login);
      expect(await this.answer(callback, cookie)).toBe('/login?provider=done');
      return this.collect(cookie);
    },
  };
}
