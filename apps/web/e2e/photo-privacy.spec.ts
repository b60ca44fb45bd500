import { validFacultyPayload } from '@examiq/contracts/test-support';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';
import { createSitting } from './support/sittings';

/** Every request the page makes to `host`, from now on: a photo there would tell it who looked. */
function requestsTo(page: Page, host: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === host) seen.push(request.url());
  });
  return seen;
}

async function expectPhotoLink(page: Page, host: string, href: string) {
  const profile = page.getByRole('region', { name: 'Profile' });
  const link = profile.getByRole('link', { name: `Open photo (${host})` });
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noreferrer noopener');
  await expect(profile.locator('img')).toHaveCount(0);
}

test("a student's photo on another site is a link the admin may open, never loaded by the pages", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'photo');
  const seen = requestsTo(page, 'example.com');

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/student/${sitting.studentId}`);
  await expectPhotoLink(page, 'example.com', 'https://example.com/photos/asha.jpg');
  await expectAccessibleAtBothWidths(page, 'Student detail with a photo on another site');

  await page.goto('/admin/student');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

test("a faculty member's photo on another site is a link too", async ({ page, request }) => {
  const create = await adminCreator(request);
  const handle = `photo-${Date.now().toString(36)}`;
  const payload = validFacultyPayload({
    email: `${handle}@examiq.test`,
    employeeId: handle.toUpperCase(),
  });
  const photo = 'https://photos.elsewhere.example/vikram.jpg';
  const { faculty } = await create('create-faculty', {
    ...payload,
    personalInfo: { ...payload.personalInfo, photo },
  });
  const seen = requestsTo(page, 'photos.elsewhere.example');

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/faculty/${faculty._id}`);
  await expectPhotoLink(page, 'photos.elsewhere.example', photo);
  await expectAccessibleAtBothWidths(page, 'Faculty detail with a photo on another site');
  expect(seen).toEqual([]);
});
