import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { apiSignIn, signIn } from './support/session';
import {
  createSitting,
  openSection,
  SITTING_PASSWORD as PASSWORD,
  saveState,
  startFromLobby,
} from './support/sittings';

test('a student sits an exam: the lobby, every kind of answer, a reload, the submit and the receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const sitting = await createSitting(request, 'sits');
  await signIn(page, sitting.email, PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Student Dashboard' })).toBeVisible();
  const card = page
    .getByRole('region', { name: 'Available now' })
    .getByRole('article', { name: sitting.title });
  await expect(card).toContainText('90 minutes');
  await expectAccessibleAtBothWidths(page, 'Student dashboard');

  await card.getByRole('link', { name: 'Go to exam' }).click();
  await expect(page.getByRole('heading', { level: 1, name: sitting.title })).toBeVisible();
  await expect(page.getByText(/starts its clock when you first open it/)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam lobby');
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);

  // The keyboard alone answers a choice and marks a question for review.
  const first = page.getByRole('article', { name: 'Question 1' });
  await first.getByRole('radio', { name: 'Hash table' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(first.getByRole('radio', { name: 'Linked list' })).toBeChecked();
  await page
    .getByRole('article', { name: 'Question 2' })
    .getByRole('button', { name: 'Mark for review' })
    .focus();
  await page.keyboard.press('Enter');
  const palette = page.getByRole('navigation', { name: 'Questions' });
  await expect(
    palette.getByRole('button', { name: 'Question 2: not answered, marked for review' }),
  ).toBeVisible();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt page');

  await openSection(page, 'True or false');
  await page.getByRole('radio', { name: 'True' }).check();
  await openSection(page, 'Short answers');
  await page
    .getByRole('textbox', { name: 'Your answer to question 1' })
    .fill('A binary tree kept in order');

  await openSection(page, 'Essay');
  await expect(page.getByText('This section has its own time limit of 20 minutes')).toBeVisible();
  await page.getByRole('button', { name: 'Open section' }).click();
  await expect(page.getByText('Section time left')).toBeVisible();
  const essay = page.getByRole('textbox', { name: 'Your answer to question 1' });
  await essay.fill('Both divide the list and conquer the halves.');
  await expect(
    page.getByText('8 words · expected 150–500 (below the expected length)'),
  ).toBeVisible();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saving);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  // What the server saved comes back after a reload.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Linked list', checked: true })).toBeVisible();
  await openSection(page, 'Short answers');
  await expect(page.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveValue(
    'A binary tree kept in order',
  );

  await page.getByRole('button', { name: 'Submit exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit exam?' });
  await expect(dialog).toContainText('You have answered 4 of 5 questions.');
  await expect(dialog.getByRole('listitem')).toHaveText(['Multiple choice: question 2']);
  await expectAccessibleAtBothWidths(page, 'Submit dialog');
  await dialog.getByRole('button', { name: 'Submit exam' }).click();

  const receipt = page.getByRole('region', { name: 'Exam submitted' });
  await expect(receipt).toContainText(ATTEMPT_MESSAGES.submitted);
  await expect(receipt).toContainText('Answers saved4 of 5');
  await expect(page.getByRole('radio', { name: 'Linked list', checked: true })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'Receipt');

  await receipt.getByRole('link', { name: 'Back to dashboard' }).click();
  const done = page
    .getByRole('region', { name: 'Completed' })
    .getByRole('article', { name: sitting.title });
  await expect(done).toContainText(/Submitted \d/);
  await expect(done).toContainText('Results are not published yet');
});

test('an answer typed offline stays on the device and is sent when the exam is opened again', async ({
  page,
  context,
  request,
}) => {
  const sitting = await createSitting(request, 'offline');
  await startFromLobby(page, sitting);
  const attemptUrl = page.url();

  await context.setOffline(true);
  await openSection(page, 'Short answers');
  await page.getByRole('textbox', { name: 'Your answer to question 1' }).fill('Typed offline');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.offline);
  await page.close();
  await context.setOffline(false);

  const again = await context.newPage();
  await again.goto(attemptUrl);
  await openSection(again, 'Short answers');
  await expect(again.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveValue(
    'Typed offline',
  );
  await expect(saveState(again)).toHaveText(ATTEMPT_MESSAGES.saved);

  const { tokens } = await apiSignIn(request, sitting.email, PASSWORD);
  const attemptId = attemptUrl.split('/').at(-1);
  const response = await request.get(`/api/student/get-attempt/${attemptId}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  const { answers } = (await response.json()).data as { answers: { text: string | null }[] };
  expect(answers.map((answer) => answer.text)).toContain('Typed offline');
});

test('a second tab that saved newer answers makes the first one ask for a reload', async ({
  page,
  context,
  request,
}) => {
  const sitting = await createSitting(request, 'tabs');
  await startFromLobby(page, sitting);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('heading', { level: 2, name: 'Multiple choice' })).toBeVisible();

  // Three saves in the other tab put the attempt's seq ahead of anything this tab sends next.
  const choices = ['Hash table', 'Linked list', 'Binary heap'];
  for (const choice of choices) {
    await other
      .getByRole('article', { name: 'Question 1' })
      .getByRole('radio', { name: choice })
      .check();
    await expect(saveState(other)).toHaveText(ATTEMPT_MESSAGES.saved);
  }
  await page
    .getByRole('article', { name: 'Question 2' })
    .getByRole('radio', { name: 'Hash table' })
    .check();

  const banner = page.getByRole('alert');
  await expect(banner).toContainText(ATTEMPT_MESSAGES.conflict);
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(
    page.getByRole('article', { name: 'Question 1' }).getByRole('radio', { name: 'Binary heap' }),
  ).toBeChecked();
});

test('a long unbroken string in a question or an option wraps on a phone instead of pushing the page sideways, and every section tab shows whole', async ({
  page,
  request,
}) => {
  const hash = 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'.repeat(2);
  const sitting = await createSitting(request, 'wraps', {
    firstQuestion: {
      questionText: `Which structure does the digest ${hash} come from?`,
      options: [
        { text: hash, isCorrect: true },
        { text: 'Linked list', isCorrect: false },
      ],
    },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await startFromLobby(page, sitting);
  const first = page.getByRole('article', { name: 'Question 1' });
  await expect(first.getByText(`the digest ${hash}`)).toBeVisible();
  await expect(first.getByRole('radio', { name: hash })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);

  // Every section's tab is in sight, whole, on the phone and on a laptop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const tabs = page.getByRole('navigation', { name: 'Sections' }).getByRole('button');
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) {
      const box = await tab.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await tab.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    }
  }
});
