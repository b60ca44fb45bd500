import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the test provider says about a person: their email and whether it verified it. */
export interface ProviderPerson {
  email?: string;
  emailVerified?: boolean;
  /** Claims beyond the email, e.g. Entra ID's `preferred_username`. */
  claims?: Record<string, unknown>;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in under a login name; a login not listed is its own verified email. */
  people: Map<string, ProviderPerson>;
  close(): Promise<void>;
}

/**
 * A real, certified OpenID provider (`oidc-provider`) on a free port of this machine, with one
 * confidential client registered for `redirectUri`. Its development login and consent pages
 * accept any login name and password: the login name picks the person.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = 'examiq-test';
  const clientSecret = 'test-client-secret-that-must-never-leak-8c1f';
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username'],
    },
    cookies: { keys: ['examiq test provider cookie key'] },
    pkce: { required: () => true },
    findAccount: (_ctx, login) => ({
      accountId: login,
      claims: () => {
        const person = people.get(login) ?? { email: login, emailVerified: true };
        return {
          sub: login,
          ...(person.email === undefined ? {} : { email: person.email }),
          ...(person.emailVerified === undefined ? {} : { email_verified: person.emailVerified }),
          ...person.claims,
        };
      },
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider, without a browser: follows its redirects with its cookies, and fills
 * its login and consent forms. `signIn` goes from the authorization URL to ExamIQ's callback.
 */
export function providerBrowser(issuer: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return response;
  }

  /**
   * Follows the provider's redirects: to the address that leaves it, or to a page's form (its
   * absolute action and its fields).
   */
  async function follow(
    url: string,
    init?: RequestInit,
  ): Promise<{ left: string } | { action: string; fields: URLSearchParams }> {
    let at = url;
    let response = await request(at, init);
    for (;;) {
      const location = response.headers.get('location');
      if (!location) {
        const page = await response.text();
        const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page);
        if (!form) throw new Error(`The provider answered ${response.status} without a form`);
        const fields = new URLSearchParams();
        for (const input of (form[2] ?? '').matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
          fields.set(input[1] ?? '', /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
        }
        return { action: new URL(form[1] ?? '', at).href, fields };
      }
      at = new URL(location, at).href;
      if (!at.startsWith(issuer)) return { left: at };
      response = await request(at);
    }
  }

  return {
    /**
     * Signs in at the provider as `login` and consents; gives the URL of ExamIQ's callback the
     * provider sends the browser to, with its query.
     */
    async signIn(authorizationUrl: string, login: string): Promise<string> {
      let step = await follow(authorizationUrl);
      for (let forms = 0; !('left' in step); forms += 1) {
        if (forms > 4) throw new Error('The provider kept asking');
        if (step.fields.get('prompt') === 'login') {
          step.fields.set('login', login);
          step.fields.set('password', 'any password');
        }
        step = await follow(step.action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: step.fields.toString(),
        });
      }
      return step.left;
    },
  };
}
