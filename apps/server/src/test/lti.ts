import { LTI_LAUNCHED_PATH, ltiSessionDataSchema, successResponse } from '@examiq/contracts';
import { expect } from 'vitest';
import type { App } from '../app';
import type { LaunchOptions, LtiPlatformHarness } from './lti-platform';
import { bearer } from './users';

export const ltiSessionResponse = successResponse(ltiSessionDataSchema);

/** What a browser's form post sends: a refusal then comes as a page. */
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

/**
 * A browser between the platform and ExamIQ, through `inject`: the platform's login initiation,
 * ExamIQ's redirect to the platform, the platform's signed answer posted back with the cookie the
 * login set. `tamper` changes what the browser posts; `withoutCookie` is another browser's post.
 */
export function ltiBrowser(app: App, platform: LtiPlatformHarness) {
  async function login(launch: LaunchOptions, parameters = platform.loginParameters(launch)) {
    return app.inject({
      method: 'POST',
      url: '/api/lti/login',
      headers: FORM,
      payload: new URLSearchParams(parameters).toString(),
    });
  }

  async function launch(
    options: LaunchOptions,
    {
      withoutCookie = false,
      tamper,
    }: { withoutCookie?: boolean; tamper?: (form: Record<string, string>) => void } = {},
  ) {
    const started = await login(options);
    expect(started.statusCode, started.body).toBe(302);
    const answer: Record<string, string> = await platform.answerAuthorization(
      started.headers.location as string,
    );
    tamper?.(answer);
    const cookie = started.cookies.map((set) => `${set.name}=${set.value}`).join('; ');
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/lti/launch',
        headers: { ...FORM, ...(withoutCookie ? {} : { cookie }) },
        payload: new URLSearchParams(answer).toString(),
      });
    return { response: await post(), again: post };
  }

  /** A launch that succeeds, and the session its page collects. */
  async function signedIn(options: LaunchOptions) {
    const { response } = await launch(options);
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    expect(location.startsWith(`${LTI_LAUNCHED_PATH}#`)).toBe(true);
    const ticket = location.slice(location.indexOf('#') + 1);
    const collected = await app.inject({
      method: 'POST',
      url: '/api/lti/session',
      payload: { ticket },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const { data } = ltiSessionResponse.parse(collected.json());
    return { ...data, ticket, headers: bearer(data.tokens.accessToken) };
  }

  return { login, launch, signedIn };
}
