import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';

test('the landing page leads to the documentation and to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ExamIQ');
  await expectAccessibleAtBothWidths(page, 'Landing');

  await page.getByRole('link', { name: 'Documentation' }).first().click();
  await expect(page).toHaveURL(/\/documentation$/);
  for (const entry of [
    'Overview',
    'Features',
    'Functionality',
    'API Reference',
    'DB Schema',
    'Security',
    'Deployment',
  ]) {
    await expect(page.getByRole('navigation').getByText(entry, { exact: true })).toBeVisible();
  }
  await expectAccessibleAtBothWidths(page, 'Documentation');

  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path redirects to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor opening /admin is sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('login messages appear only once a field is touched', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText("Don't have an account?")).toBeVisible();
  await expect(page.getByText('Contact Admin')).toBeVisible();
  await expect(page.getByText(/secured with advanced proctoring/i)).toBeVisible();
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });

  await email.focus();
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await password.focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toHaveCount(0);

  await email.fill('not-an-email');
  await password.fill('short');
  await email.focus();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Login with messages');

  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});
