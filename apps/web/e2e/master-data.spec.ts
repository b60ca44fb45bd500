import type { MasterDataCounts } from '@examiq/contracts';
import { expect, type Locator, type Page, type Response, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { signIn } from './support/session';

const types = ['Batch', 'Course', 'Branch', 'Section'] as const;
type MasterDataType = (typeof types)[number];

async function openMasterData(page: Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Master Data' }).click();
  await expect(page).toHaveURL(/\/admin\/data$/);
}

function card(page: Page, type: MasterDataType) {
  return page.getByRole('region', { name: type });
}

function countOf(page: Page, type: MasterDataType) {
  return card(page, type).getByRole('definition');
}

async function openCreate(page: Page, type: MasterDataType) {
  await card(page, type).getByRole('button', { name: 'Create' }).click();
  return page.getByRole('dialog', { name: `Create ${type}` });
}

const COUNT_FIELDS = {
  Batch: 'batches',
  Course: 'courses',
  Branch: 'branches',
  Section: 'sections',
} as const satisfies Record<MasterDataType, keyof MasterDataCounts>;

function isCountsResponse(response: Response) {
  return response.url().endsWith('/api/admin/get-master-data-counts') && response.ok();
}

/**
 * Submits the create form and checks the card shows the count the server gave after the create.
 * Other spec files create and delete master data at the same time, so neither the count before
 * nor a count read later is a fair comparison: the refresh the create itself triggers is.
 */
async function submitCreate(page: Page, dialog: Locator, type: MasterDataType) {
  const countsAfterCreate = page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        response.url().endsWith(`/api/admin/create-${type.toLowerCase()}`),
    )
    .then(() => page.waitForResponse(isCountsResponse));
  await dialog.getByRole('button', { name: `Create ${type}` }).click();
  await expect(page.getByText(`${type} created successfully!`)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const { data } = (await (await countsAfterCreate).json()) as { data: MasterDataCounts };
  expect(data[COUNT_FIELDS[type]]).toBeGreaterThanOrEqual(1);
  await expect(countOf(page, type)).toHaveText(String(data[COUNT_FIELDS[type]]));
}

test('an admin builds a batch, course, branch and section and finds each in its view', async ({
  page,
}) => {
  // Four creates and four view pages through the browser, each checked for accessibility: more
  // than the default budget when the machine is busy with the other worker.
  test.setTimeout(180_000);
  await openMasterData(page);
  await expectAccessibleAtBothWidths(page, 'Master data');

  let dialog = await openCreate(page, 'Batch');
  await expectAccessibleAtBothWidths(page, 'Create Batch dialog');
  await dialog.getByLabel('Start Year').fill('2031');
  await dialog.getByLabel('End Year').fill('2035');
  await submitCreate(page, dialog, 'Batch');

  dialog = await openCreate(page, 'Course');
  await expectAccessibleAtBothWidths(page, 'Create Course dialog');
  await dialog.getByLabel('Batch', { exact: true }).selectOption({ label: '2031-2035' });
  await dialog.getByLabel('Course Name').fill('B.Arch');
  await dialog.getByLabel('Full Name').fill('Bachelor of Architecture');
  await dialog.getByLabel('Total Semesters').fill('10');
  await dialog.getByLabel('Duration (Years)').fill('5');
  await dialog.getByLabel('Course Type').selectOption({ label: 'Undergraduate' });
  await submitCreate(page, dialog, 'Course');

  dialog = await openCreate(page, 'Branch');
  await expectAccessibleAtBothWidths(page, 'Create Branch dialog');
  const branchCourse = dialog.getByLabel('Course', { exact: true });
  await expect(branchCourse).toBeDisabled();
  await dialog.getByLabel('Batch', { exact: true }).selectOption({ label: '2031-2035' });
  await branchCourse.selectOption({ label: 'Bachelor of Architecture' });
  await dialog.getByLabel('Branch Name').fill('Landscape Design');
  await dialog.getByLabel('Branch Code').fill('LSD');
  await submitCreate(page, dialog, 'Branch');

  dialog = await openCreate(page, 'Section');
  await expectAccessibleAtBothWidths(page, 'Create Section dialog');
  const sectionBranch = dialog.getByLabel('Branch', { exact: true });
  await expect(sectionBranch).toBeDisabled();
  await dialog.getByLabel('Batch', { exact: true }).selectOption({ label: '2031-2035' });
  await dialog.getByLabel('Course', { exact: true }).selectOption({
    label: 'Bachelor of Architecture',
  });
  await sectionBranch.selectOption({ label: 'Landscape Design (LSD)' });
  await dialog.getByLabel('Section Name').fill('Studio 1');
  await dialog.getByLabel('Capacity').fill('60');
  await submitCreate(page, dialog, 'Section');

  await card(page, 'Batch').getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/admin\/data\/view-batch$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Batches' })).toBeVisible();
  await expect(page.getByRole('article', { name: '2031-2035' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Batches');

  await page.getByRole('link', { name: 'Back to Master Data' }).click();
  await card(page, 'Course').getByRole('link', { name: 'View' }).click();
  const course = page.getByRole('article', { name: 'B.Arch' });
  await expect(course).toContainText('Bachelor of Architecture');
  await expect(course).toContainText('Undergraduate');
  await expect(course).toContainText('5 years');
  await expect(course.getByText('Active')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Courses');

  await page.getByRole('link', { name: 'Back to Master Data' }).click();
  await card(page, 'Branch').getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('article', { name: 'Landscape Design' })).toContainText('LSD');
  await expectAccessibleAtBothWidths(page, 'Branches');

  await page.getByRole('link', { name: 'Back to Master Data' }).click();
  await card(page, 'Section').getByRole('link', { name: 'View' }).click();
  await expect(page.getByRole('article', { name: 'Section Studio 1' })).toContainText(
    '60 students',
  );
  await expectAccessibleAtBothWidths(page, 'Sections');
});

test('a create form shows a validation message only once the field is touched', async ({
  page,
}) => {
  await openMasterData(page);
  const dialog = await openCreate(page, 'Batch');
  const startYear = dialog.getByLabel('Start Year');

  await startYear.fill('1999');
  await expect(dialog.getByText('Start year must be at least 2000')).toBeHidden();
  await startYear.blur();
  await expect(dialog.getByText('Start year must be at least 2000')).toBeVisible();
  await expect(startYear).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('End year is required')).toBeHidden();
  await expectAccessibleAtBothWidths(page, 'Create Batch dialog with a message');
});
