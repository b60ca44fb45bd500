import { validFacultyPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { admin } from './accounts';

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

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The default password of a just-created account, as its dialog shows it (the success toast says
 * it too); the dialog is closed, as the admin does once it is copied.
 */
export async function readDefaultPassword(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  const password = await dialog.getByLabel('Default password').inputValue();
  expect(password.length).toBeGreaterThanOrEqual(8);
  await expect(page.getByText(`Default password: ${password}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return password;
}

/**
 * Signs in with a default password and replaces it on the reset screen, which goes on signed in,
 * as a new student or faculty member does at first login.
 */
export async function completeFirstLogin(
  page: Page,
  account: { email: string; defaultPassword: string; newPassword: string },
) {
  await signIn(page, account.email, account.defaultPassword);
  await expect(page).toHaveURL(/\/change-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Temporary Password').fill(account.defaultPassword);
  await page.getByLabel('New Password').fill(account.newPassword);
  await page.getByLabel('Confirm Password').fill(account.newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).not.toHaveURL(/\/change-password$/);
}

/** Creates records as the admin through the API: `create('create-batch', {...})` gives its data. */
export async function adminCreator(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  return async function create(path: string, data: object) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  };
}

/**
 * A faculty member to proctor with, by the name given; each spec names its own, as the wizard
 * lists every active faculty member of the run. The seeded faculty account has no faculty profile,
 * so the wizard's faculty list (profiles of active faculty) would not offer it.
 */
export async function createProctor(
  request: APIRequestContext,
  { handle, firstName, lastName }: { handle: string; firstName: string; lastName: string },
) {
  const create = await adminCreator(request);
  const payload = validFacultyPayload({
    email: `${handle}@examiq.test`,
    employeeId: `EMP-${handle}`.toUpperCase(),
  });
  const { faculty } = await create('create-faculty', {
    ...payload,
    personalInfo: { ...payload.personalInfo, firstName, lastName },
  });
  return { name: `${firstName} ${lastName}`, userId: faculty.userId._id as string };
}
