import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { adminCreator, signIn } from './support/session';

// The batch 2029-2033 is this spec's own (no other spec creates it): its course's bank starts empty.
const START_YEAR = 2029;
const COURSE = 'Circuit Theory (2029-2033)';

const GIFT = `$CATEGORY: $course$/top/Unit 1/Kirchhoff

::KCL::The currents into a node add up to {=zero ~one ~two ####Charge is conserved at a node.}

::KVL::The voltages around a closed loop add up to zero {T ####Energy is conserved around a loop.}

$CATEGORY: $course$/top/Unit 2

::Ohm::A resistor of 2 ohms carries 3 A. The voltage across it in volts is {#6 ####By Ohm's law.}
`;

test('an admin imports a GIFT file into a bank, moves, tags and retires questions, and exports a category', async ({
  page,
  request,
}) => {
  const create = await adminCreator(request);
  const { _id: batchId } = await create('create-batch', {
    startYear: START_YEAR,
    endYear: START_YEAR + 4,
  });
  await create('create-course', {
    batchId,
    name: 'CT',
    fullName: 'Circuit Theory',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  });
  await signIn(page, admin.email, admin.password);
  await page.getByRole('link', { name: 'Question bank' }).first().click();
  await page.getByLabel('Course').selectOption({ label: COURSE });
  const tree = page.getByRole('navigation', { name: 'Categories' });
  await expect(tree.getByRole('button', { name: 'All categories 0 questions' })).toBeVisible();

  // Import: the file's categories go under the one chosen.
  await page.getByRole('button', { name: 'Import' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import questions into the bank' });
  await importDialog
    .getByLabel('File')
    .setInputFiles({ name: 'circuits.gift', mimeType: 'text/plain', buffer: Buffer.from(GIFT) });
  await expect(importDialog.getByRole('combobox', { name: 'Format' })).toHaveValue('gift');
  await importDialog.getByRole('textbox', { name: 'Into category' }).fill('Circuits');
  await expectAccessibleAtBothWidths(page, 'import dialog');
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByRole('status')).toHaveText('3 questions imported as Draft');
  await expect(importDialog.getByText('Circuits/Unit 1/Kirchhoff')).toBeVisible();
  await screenshotsAtBothWidths(page, 'import-report');
  await importDialog.getByRole('button', { name: 'Done' }).click();
  await expect(tree.getByRole('button', { name: 'Circuits 3 questions' })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Kirchhoff 2 questions' })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Unit 2 1 question' })).toBeVisible();

  // Move every question of the page to one category.
  const table = page.getByRole('table', { name: 'Questions' });
  await expect(table.getByText('The currents into a node add up to')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all questions on this page' }).check();
  const bar = page.getByRole('region', { name: 'Chosen questions' });
  await expect(bar.getByText('3 questions selected')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'bank with a selection');
  await screenshotsAtBothWidths(page, 'bank-selection');
  await bar.getByRole('button', { name: 'Move…' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Move questions' });
  await moveDialog.getByRole('combobox', { name: 'Category' }).fill('Unit 1/Laws');
  await expectAccessibleAtBothWidths(page, 'move dialog');
  await moveDialog.getByRole('button', { name: 'Move 3 questions' }).click();
  await expect(page.getByText('3 questions moved to Unit 1/Laws')).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Laws 3 questions' })).toBeVisible();
  await expect(tree.getByRole('button', { name: /^Circuits/ })).toBeHidden();

  // Tag two of them, then retire one.
  await table.getByRole('checkbox', { name: /^Select The currents/ }).check();
  await table.getByRole('checkbox', { name: /^Select The voltages/ }).check();
  await bar.getByRole('button', { name: 'Tag…' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Tag questions' });
  await tagDialog.getByRole('textbox', { name: 'Tags' }).fill('conservation, laws');
  await tagDialog.getByRole('button', { name: 'Tag 2 questions' }).click();
  await expect(page.getByText('2 questions tagged')).toBeVisible();
  await expect(table.getByText('conservation')).toHaveCount(2);

  await table.getByRole('checkbox', { name: /^Select A resistor/ }).check();
  await bar.getByRole('button', { name: 'Retire' }).click();
  const retireDialog = page.getByRole('dialog', { name: 'Retire questions' });
  await expectAccessibleAtBothWidths(page, 'retire dialog');
  await retireDialog.getByRole('button', { name: 'Retire 1 question' }).click();
  await expect(page.getByText('1 question retired')).toBeVisible();
  await page.getByLabel('Status').selectOption('RETIRED');
  await expect(table.getByText(/^A resistor of 2 ohms/)).toBeVisible();
  await page.getByLabel('Status').selectOption('');

  // Export the category: its questions in use, with the category in the file.
  await tree.getByRole('button', { name: 'Laws 3 questions' }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export questions' });
  await expect(
    exportDialog.getByRole('radio', {
      name: 'The category Unit 1/Laws with its subcategories (retired questions left out)',
    }),
  ).toBeChecked();
  await expectAccessibleAtBothWidths(page, 'export dialog');
  await screenshotsAtBothWidths(page, 'export-dialog');
  const download = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Circuit Theory question bank.gift');
  const text = await readFile((await file.path()) as string, 'utf8');
  expect(text).toContain('$CATEGORY: Unit 1/Laws');
  expect(text).toContain('The currents into a node add up to');
  expect(text).not.toContain('A resistor of 2 ohms');
});
