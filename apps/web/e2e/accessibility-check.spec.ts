import { expect, test } from '@playwright/test';
import { expectAccessible, expectAccessibleAtBothWidths } from './support/accessibility';

// The check every screen passes must itself fail on a page that breaks WCAG: a misread option
// would let every screen pass.
test('the accessibility check fails on low contrast and on a button without a name', async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Results</h1><p style="color:#bbb;background:#fff">Marks are published</p>
    <button><svg width="10" height="10"></svg></button></main></body></html>`);
  const failure = await expectAccessible(page, 'low contrast').then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('button-name (critical)');
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Results</h1><p>Marks are published</p></main></body></html>`);
  await expectAccessibleAtBothWidths(page, 'a plain page');
});
