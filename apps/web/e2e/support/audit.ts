import { expect, type Page } from '@playwright/test';

/**
 * Opens the audit log on one record's history, as its History button does, and expects each
 * action's label in its table, newest first.
 */
export async function expectAuditHistory(
  page: Page,
  record: { type: string; id: string },
  labels: string[],
): Promise<void> {
  await page.goto(`/admin/audit?recordType=${record.type}&recordId=${record.id}`);
  const rows = page.getByRole('table').getByRole('row');
  // The heading row, then one row per entry.
  await expect(rows).toHaveCount(labels.length + 1);
  for (const [index, label] of labels.entries()) {
    await expect(rows.nth(index + 1)).toContainText(label);
  }
}
