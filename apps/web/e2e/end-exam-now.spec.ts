import { END_EXAM_MESSAGES, EXAM_RECORD_MESSAGES, RESULT_MESSAGES } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { signIn } from './support/session';
import { createSitting, startFromLobby } from './support/sittings';

const MINUTE = 60_000;

/** 'HH:MM' of an instant on the wall clock the server and the browser share. */
function clockTime(instant: Date): string {
  return instant.toTimeString().slice(0, 5);
}

test('an admin gives an AUTO exam an end time, ends it now while a student sits it, and publishes its results the same day', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers on a busy two-core machine.
  test.setTimeout(240_000);
  const closes = new Date(Date.now() + 3 * 60 * MINUTE);
  test.skip(
    closes.toDateString() !== new Date().toDateString(),
    'Too close to midnight for an end time later today',
  );
  // An AUTO exam open from today to the end of tomorrow, with a student who sits it and one who
  // never starts.
  const sitting = await createSitting(request, 'endnow');
  await sitting.enrol('endnow-absent');
  const today = new Date().toLocaleDateString('sv-SE');

  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await startFromLobby(student, sitting);
  await student
    .getByRole('article', { name: 'Question 1' })
    .getByRole('radio', { name: 'Hash table' })
    .check();
  await expect(student.getByTestId('save-state')).toHaveText('Saved');

  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${sitting.examId}`);
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();

  // The exam now closes today at a time of its own rather than at midnight tomorrow.
  await page.getByRole('button', { name: 'Change End Time' }).click();
  const change = page.getByRole('dialog', { name: 'Change End Time' });
  await change.getByLabel('End Date').fill(today);
  await change.getByLabel('End Time (optional)').fill(clockTime(closes));
  await change.screenshot({ path: test.info().outputPath('change-end-time.png') });
  await expectAccessibleAtBothWidths(page, 'Change end time dialog of an AUTO exam');
  await change.getByRole('button', { name: 'Save End Time' }).click();
  await expect(page.getByText(EXAM_RECORD_MESSAGES.updated)).toBeVisible();
  await expect(change).toBeHidden();
  await expect(page.getByText(`${today} - ${today} ${clockTime(closes)}`)).toBeVisible();

  // Publishing is not offered while the exam runs: the page says why and what to do.
  await page.goto(`/admin/exam/${sitting.examId}/results`);
  await expect(
    page.getByText(
      `Results can be published once the exam has ended. End it now, or wait until ${clockTime(closes)}.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish Results' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('results-waiting-desktop.png') });
  await expectAccessibleAtBothWidths(page, 'Results of a running exam');

  await page.getByRole('button', { name: 'End exam now' }).click();
  const end = page.getByRole('dialog', { name: 'End Exam Now' });
  await expect(end).toContainText(
    '1 student is still sitting. Their answers will be submitted as saved.',
  );
  await end.screenshot({ path: test.info().outputPath('end-exam-dialog-desktop.png') });
  await page.setViewportSize(WIDTHS.phone);
  await page.screenshot({ path: test.info().outputPath('end-exam-dialog-phone.png') });
  await page.setViewportSize(WIDTHS.desktop);
  await expectAccessibleAtBothWidths(page, 'End exam now dialog');
  await end.getByRole('button', { name: 'End exam now' }).click();
  await expect(page.getByText(END_EXAM_MESSAGES.ended(1))).toBeVisible();
  await expect(end).toBeHidden();

  await page.getByRole('button', { name: 'Publish Results' }).click();
  const publish = page.getByRole('dialog', { name: 'Publish Results' });
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(RESULT_MESSAGES.published)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Exam' })).toContainText('Published');
  // The student who never started is in the results, as Absent, once the exam has ended.
  await expect(page.getByRole('row').filter({ hasText: 'Absent' })).toHaveCount(1);
  await expectAccessibleAtBothWidths(page, 'Results published the same day');

  // The student's page, read again, shows the attempt submitted with the answer saved.
  await student.reload();
  await expect(student.getByText(END_EXAM_MESSAGES.endedForStudent)).toBeVisible();
  await studentContext.close();
});
