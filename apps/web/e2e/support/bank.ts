import { type APIRequestContext, expect } from '@playwright/test';

/** Calls a bank path as the one signed in with `accessToken`, expecting `status`: its data. */
export async function bankCall(
  request: APIRequestContext,
  accessToken: string,
  path: string,
  data: object,
  status = 200,
) {
  const response = await request.post(`/api/${path}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()).data;
}
