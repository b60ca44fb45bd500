import { validFacultyPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  expectAccessibleAtBothWidths,
  screenshotsAtBothWidths,
  WIDTHS,
} from './support/accessibility';
import { admin } from './support/accounts';
import { apiSignIn, signIn } from './support/session';

/** Through the API: a faculty member still on the default password the create gave. */
async function createFaculty(request: APIRequestContext) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const payload = validFacultyPayload({
    email: `new.user.${suffix}@examiq.test`,
    employeeId: `NUF-${suffix}`.toUpperCase(),
  });
  const created = await request.post('/api/admin/create-faculty', {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
    data: payload,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { faculty, defaultPassword } = (await created.json()).data;
  return { id: faculty._id as string, email: payload.email, defaultPassword: defaultPassword };
}

test('a new faculty member on the default password is held on the reset screen, with no success toast', async ({
  page,
  request,
}) => {
  const account = await createFaculty(request);
  await signIn(page, account.email, account.defaultPassword);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Login successful')).toHaveCount(0);

  for (const path of ['/faculty', '/student', '/admin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/change-password$/);
  }
});

test('without SUPPORT_EMAIL, Contact Admin on the sign-in screen is plain text, not a link to nowhere', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(
    page.getByText("Don't have an account? Contact Admin to have one created."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Contact Admin/ })).toHaveCount(0);
});

test('choosing a page in the sidebar focuses its heading; the sidebar spans long pages', async ({
  page,
}) => {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Student', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Students' })).toBeFocused();
  await nav.getByRole('link', { name: 'Master Data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Master Data' })).toBeFocused();

  await page.goto('/admin/student/create-student');
  await expect(page.getByRole('button', { name: 'Create Student' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.screenshot({ path: test.info().outputPath('long-page-bottom.png') });
  const viewport = page.viewportSize() ?? WIDTHS.desktop;
  // The point at the bottom-left corner, after scrolling a long form, is still the sidebar.
  const atBottom = await page.evaluate(
    ({ height }) => document.elementFromPoint(20, height - 4)?.closest('aside') != null,
    viewport,
  );
  expect(atBottom).toBe(true);
});

test('tables fit a laptop, and on a phone say they scroll sideways and keep their actions in view', async ({
  page,
  request,
}) => {
  await createFaculty(request);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const width of [1366, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/exam/all-exam');
    const table = page.getByRole('region', { name: 'Exams' });
    await expect(table).toBeVisible();
    const fits = await table.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, `All Exams fits ${width} px`).toBe(true);
    await expect(page.getByText(/Scroll sideways/)).toHaveCount(0);
  }

  await page.setViewportSize(WIDTHS.phone);
  await page.goto('/admin/faculty');
  await expect(page.getByText(/Scroll sideways to see every column/)).toBeVisible();
  const deleteButton = page.getByRole('button', { name: /^Delete / }).first();
  await expect(deleteButton).toBeInViewport();
  await expectAccessibleAtBothWidths(page, 'Faculty list with the scroll hint');
  await screenshotsAtBothWidths(page, 'faculty-list');
});

test("a faculty member's qualification and experience headings keep the case they were written in", async ({
  page,
  request,
}) => {
  const member = await createFaculty(request);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/faculty/${member.id}`);
  const heading = page.getByRole('heading', { level: 3, name: 'M.Tech, 2012' });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => getComputedStyle(element).textTransform)).toBe('none');
  await expect(page.getByRole('heading', { level: 3, name: 'VIT Pune' })).toBeVisible();
  await screenshotsAtBothWidths(page, 'faculty-detail');
});
