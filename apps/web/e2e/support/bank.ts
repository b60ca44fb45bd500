import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { WIDTHS } from './accessibility';

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

/** Full-page screenshots at the phone's and the desktop's width, named after the screen. */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(WIDTHS.desktop);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
}
