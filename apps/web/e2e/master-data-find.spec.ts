import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';

// This file's batch: no other spec makes it, so its records are the only ones under it.
const BATCH = { startYear: 2042, endYear: 2046 };

test('an admin narrows All Sections to one branch and sees where each section sits', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const create = await adminCreator(request);
  const batch = await create('create-batch', BATCH);
  const course = await create('create-course', {
    batchId: batch._id,
    name: 'B.Tech',
    fullName: 'Bachelor of Technology',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const cse = await create('create-branch', {
    courseId: course._id,
    name: 'Computer Science',
    code: 'CSE',
  });
  const ece = await create('create-branch', {
    courseId: course._id,
    name: 'Electronics',
    code: 'ECE',
  });
  await create('create-section', { branchId: cse._id, name: 'A', capacity: 60 });
  await create('create-section', { branchId: ece._id, name: 'A', capacity: 40 });

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/data/view-section');
  await expect(page.getByRole('heading', { level: 1, name: 'All Sections' })).toBeVisible();

  const filters = page.getByRole('group', { name: 'Filter sections' });
  await filters.getByLabel('Batch').selectOption({ label: '2042-2046' });
  await filters.getByLabel('Course').selectOption({ label: 'Bachelor of Technology' });
  // Both sections A of the batch, told apart by their paths.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('Section A · ECE · B.Tech · 2042-2046')).toBeVisible();

  await filters.getByLabel('Branch').selectOption({ label: 'Computer Science (CSE)' });
  await expect(cards).toHaveCount(1);
  const section = page.getByRole('article', { name: 'Section A' });
  await expect(section.getByText('Section A · CSE · B.Tech · 2042-2046')).toBeVisible();
  await expect(section.getByText('60 students')).toBeVisible();
  await expect(page).toHaveURL(
    `/admin/data/view-section?batchId=${batch._id}&courseId=${course._id}&branchId=${cse._id}`,
  );
  await expectAccessibleAtBothWidths(page, 'All Sections filtered by branch');

  // A shared link opens on the same cards and choices.
  await page.reload();
  await expect(filters.getByLabel('Branch')).toHaveValue(cse._id);
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('Section A · CSE · B.Tech · 2042-2046')).toBeVisible();
});
