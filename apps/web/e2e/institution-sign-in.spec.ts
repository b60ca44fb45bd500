import { AUTH_MESSAGES } from '@examiq/contracts';
import { validFacultyPayload } from '@examiq/contracts/test-support';
import { expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../server/src/test/oidc-provider';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin, firstLoginStudent } from './support/accounts';
import { adminCreator, apiSignIn, logout, signIn } from './support/session';

const LABEL = 'Westbrook University';
const RUN = Date.now().toString(36);

let provider: TestProvider;
test.beforeAll(async ({ baseURL }) => {
  provider = await startTestProvider(`${baseURL}/api/auth/oidc/callback`);
});
test.afterAll(async () => {
  await provider?.close();
});

/** The provider's own development pages: any password signs in as the login typed. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // Consent: ExamIQ asks for the person's email and profile.
  await page.getByRole('button', { name: 'Continue' }).click();
}

test("an admin adds the institution's provider, and a person signs in with it and lands in their area", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { authorization: `Bearer ${tokens.accessToken}` };
  // A faculty member whose account the admin deactivated.
  const departed = `departed.${RUN}@examiq.test`;
  const { faculty } = await (await adminCreator(request))(
    'create-faculty',
    validFacultyPayload({ email: departed, employeeId: `LEFT-${RUN}`.toUpperCase() }),
  );
  const deactivated = await request.post('/api/admin/set-account-status', {
    headers,
    data: { userId: faculty.userId._id, isActive: false },
  });
  expect(deactivated.status(), await deactivated.text()).toBe(200);
  try {
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Sign-in with your institution' });
    await expect(
      section.getByText('No provider yet: everyone signs in with a password.'),
    ).toBeVisible();
    await expect(section.getByText(/\/api\/auth\/oidc\/callback$/)).toBeVisible();

    await section.getByRole('button', { name: 'Add provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a sign-in provider' });
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(dialog.getByText('Button label is required')).toBeVisible();
    await expect(dialog.getByText('Client secret is required')).toBeVisible();
    // The form focuses its first wrong field, then again on the next turn of the page's event
    // loop: typing into another field waits for that turn, or its text lands in the first.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    // Saving again checks the whole form at once, as the admin who presses Save sees it.
    await dialog.getByLabel('Issuer URL').fill('http://idp.college.test');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(
      dialog.getByText(
        'Issuer URL must be an https:// URL without a query, e.g. https://accounts.google.com',
      ),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'The add-provider dialog with errors');
    await dialog.getByLabel('Button label').fill(LABEL);
    await dialog.getByLabel('Issuer URL').fill(provider.issuer);
    await dialog.getByLabel('Client ID').fill(provider.clientId);
    await dialog.getByLabel('Client secret').fill(provider.clientSecret);
    await dialog.getByLabel('Allowed email domains').fill('examiq.test');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await expect(page.getByText('Sign-in provider added')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(section.getByText(`Sign in with ${LABEL}`)).toBeVisible();
    await expect(section.getByText(/client secret set/)).toBeVisible();
    await expect(page.locator('body')).not.toContainText(provider.clientSecret);
    await page.screenshot({
      path: test.info().outputPath('settings-providers-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({
      path: test.info().outputPath('settings-providers-phone.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.desktop);
    await expectAccessibleAtBothWidths(page, 'Settings with a sign-in provider');

    // Editing keeps the secret unless a new one is typed.
    await section.getByRole('button', { name: `Edit ${LABEL}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${LABEL}` });
    await expect(edit.getByLabel('Client secret')).toHaveValue('');
    await expect(
      edit.getByText('Set. Leave empty to keep it, or type a new one to replace it.'),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Save provider' }).click();
    await expect(page.getByText('Sign-in provider saved')).toBeVisible();
    await logout(page);

    // The sign-in screen: the password form stays, the provider's button beside it.
    const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
    await expect(button).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath('login-provider-desktop.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.phone);
    await page.screenshot({
      path: test.info().outputPath('login-provider-phone.png'),
      fullPage: true,
    });
    await page.setViewportSize(WIDTHS.desktop);
    await expectAccessibleAtBothWidths(page, 'Sign-in screen with a provider');

    // A student whose temporary password was never replaced: the provider vouches for them, so
    // no password change is asked.
    await button.click();
    await signInAtProvider(page, firstLoginStudent.email);
    await expect(page).toHaveURL(/\/student$/);
    await expect(page.getByText('Login successful')).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/student$/);

    // Someone the provider knows but ExamIQ does not: back on the sign-in screen, refused.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto('/login');
    await strangerPage.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    await signInAtProvider(strangerPage, 'stranger@examiq.test');
    await expect(strangerPage).toHaveURL(/\/login$/);
    await expect(strangerPage.getByRole('alert')).toHaveText(
      'No ExamIQ account matches stranger@examiq.test. Ask your administrator.',
    );
    await strangerPage.screenshot({
      path: test.info().outputPath('login-refused-desktop.png'),
      fullPage: true,
    });
    await expectAccessibleAtBothWidths(strangerPage, 'Sign-in screen with a refusal');

    // A deactivated account the provider vouches for: refused too, and its owner told why. The
    // provider's own session is ended first, so it asks who signs in.
    await stranger.clearCookies();
    await strangerPage.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
    await signInAtProvider(strangerPage, departed);
    await expect(strangerPage).toHaveURL(/\/login$/);
    await expect(strangerPage.getByRole('alert')).toHaveText(AUTH_MESSAGES.accountDisabled);
    await stranger.close();
  } finally {
    const list = await request.get('/api/admin/sign-in-providers', { headers });
    for (const { _id } of (await list.json()).data.providers as { _id: string }[]) {
      await request.delete(`/api/admin/delete-sign-in-provider/${_id}`, { headers });
    }
  }
});
