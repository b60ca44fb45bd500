import { validExamPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { expectAuditHistory } from './support/audit';
import { apiSignIn, signIn } from './support/session';

// This file's batch; its tests make their own course, branches and sections, named after the run.
const BATCH = { startYear: 2049, endYear: 2053 };
const RUN = Date.now().toString(36).toUpperCase();

/** Through the API: a course and a branch with one section, and an unused branch beside it. */
async function createRecords(request: APIRequestContext, label: string) {
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  async function create(path: string, data: object) {
    const response = await request.post(`/api/admin/${path}`, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  }
  // Made by whichever test comes first; the others find it.
  const made = await request.post('/api/admin/create-batch', { headers, data: BATCH });
  expect([201, 409], await made.text()).toContain(made.status());
  const batches = (await (await request.get('/api/admin/get-batches', { headers })).json()).data;
  const batchId: string = batches.find(
    (batch: { name: string }) => batch.name === `${BATCH.startYear}-${BATCH.endYear}`,
  )._id;
  const course = await create('create-course', {
    batchId,
    name: `Course ${label}${RUN}`,
    fullName: 'Bachelor of Commerce',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  const used = await create('create-branch', {
    courseId: course._id,
    name: `Used ${label}${RUN}`,
    code: `U${RUN}`.slice(0, 10),
  });
  const unused = await create('create-branch', {
    courseId: course._id,
    name: `Unused ${label}${RUN}`,
    code: `N${RUN}`.slice(0, 10),
  });
  const section = await create('create-section', {
    branchId: used._id,
    name: `${label}${RUN}`,
    capacity: 60,
  });
  return {
    create,
    audience: { batchId, courseId: course._id, branchId: used._id, sectionIds: [section._id] },
    used: used.name as string,
    unused: unused.name as string,
    section: `Section ${section.name}`,
  };
}

async function openAsAdmin(page: Page, path: string) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(path);
}

test('an admin opens a draft exam, finishes it in the wizard and publishes it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { create, audience } = await createRecords(request, 'E');
  const title = `Draft to finish ${RUN}`;
  const { exam } = await create('create-exam', {
    ...validExamPayload(audience),
    examTitle: title,
  });

  await openAsAdmin(page, '/admin/exam/all-exam');
  await page.goto(`/admin/exam/${exam._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByText('Read every question carefully.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam page');

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/${exam._id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Exam' })).toBeVisible();
  const titleField = page.getByLabel('Exam Title');
  await expect(titleField).toHaveValue(title);
  await expectAccessibleAtBothWidths(page, 'Edit Exam wizard');

  await titleField.fill(`${title} final`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Exam published successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/${exam._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title} final` })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expectAuditHistory(page, { type: 'exam', id: exam._id }, [
    'Exam published',
    'Exam created',
  ]);
});

test("an admin edits a section's capacity", async ({ page, request }) => {
  const { section } = await createRecords(request, 'S');
  await openAsAdmin(page, '/admin/data/view-section');
  const card = page.getByRole('article', { name: section });
  await card.getByRole('button', { name: `Edit ${section}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Section' });
  await expect(dialog.getByLabel('Capacity')).toHaveValue('60');
  await expectAccessibleAtBothWidths(page, 'Edit Section dialog');

  await dialog.getByLabel('Capacity').fill('501');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Capacity cannot exceed 500')).toBeVisible();
  await dialog.getByLabel('Capacity').fill('45');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Section updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('45 students')).toBeVisible();
});

test('an admin deletes an unused branch and is told what uses another', async ({
  page,
  request,
}) => {
  const { used, unused } = await createRecords(request, 'B');
  await openAsAdmin(page, '/admin/data/view-branch');

  const unusedCard = page.getByRole('article', { name: unused });
  await unusedCard.getByRole('button', { name: /^Delete/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete Branch' });
  await expectAccessibleAtBothWidths(page, 'Delete Branch dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Branch deleted successfully')).toBeVisible();
  await expect(unusedCard).toBeHidden();

  await page
    .getByRole('article', { name: used })
    .getByRole('button', { name: /^Delete/ })
    .click();
  dialog = page.getByRole('dialog', { name: 'Delete Branch' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /cannot be deleted: 1 section uses this branch\.$/,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: used })).toBeVisible();
});
