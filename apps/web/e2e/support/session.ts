import { type APIRequestContext, expect, type Page } from '@playwright/test';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the API, as the browser app would, and returns what it would store. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  return body.data as {
    tokens: { accessToken: string; refreshToken: string };
    sessionId: string;
    user: Record<string, unknown>;
  };
}
