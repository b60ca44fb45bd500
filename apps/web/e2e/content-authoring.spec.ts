import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { signIn } from './support/session';
import { createSitting, openSection, SITTING_PASSWORD, saveState } from './support/sittings';
import { addSection, clickUntilShown, next, question, startExamForSitting } from './support/wizard';

const RUN = Date.now().toString(36);
const DESCRIPTION = 'Two resistors in series with a battery';

/** A small diagram drawn by the browser, as a PNG a lecturer would upload. */
async function diagram(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 80;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 160, 80);
    context.strokeStyle = '#1e3a8a';
    context.lineWidth = 3;
    context.strokeRect(20, 20, 120, 40);
    context.fillStyle = '#b91c1c';
    context.fillRect(60, 14, 40, 12);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** The question's text field and the toolbar above it. */
function questionText(card: Locator) {
  return card.getByRole('textbox', { name: 'Question Text' });
}

test('a lecturer writes a formula, an image, code and a table into a question; the student sees them and answers with a formula', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'authoring');
  const title = `Circuits Paper ${RUN}`;

  await startExamForSitting(page, sitting.sectionName, { title, totalMarks: '6' });
  await addSection(page, 1, {
    name: 'Circuits',
    marks: '1',
    type: 'MCQ (Multiple Choice)',
    questions: '1',
  });
  await addSection(page, 2, { name: 'Essay', marks: '5', type: 'Long Answer', questions: '1' });
  await next(page);

  // The question: words, a formula typed in the visual editor, a table, an image, a code block.
  const card = question(page, 1, 1);
  const text = questionText(card);
  await text.click();
  await text.pressSequentially('Find the current when ');
  await card.getByRole('button', { name: 'Formula (Ctrl+M)' }).first().click();
  const formula = page.getByRole('dialog', { name: 'Insert formula' });
  const visual = formula.locator('math-field');
  await expect(visual).toBeFocused();
  await page.keyboard.type('V=IR');
  await expect(formula.getByLabel('TeX', { exact: true })).toHaveValue('V=IR');
  await expect(formula.getByTestId('formula-preview').locator('.katex')).toBeVisible();
  await formula.getByRole('button', { name: 'Insert formula' }).click();
  await expect(formula).toBeHidden();
  await expect(text).toHaveValue('Find the current when $V=IR$');
  await text.pressSequentially(' holds:');

  await card.getByRole('button', { name: 'Table' }).first().click();
  // The first heading is selected: typing replaces it.
  await page.keyboard.type('Voltage');
  await page.keyboard.press('Control+End');

  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Image' }).first().click();
  await (await chooser).setFiles({
    name: 'circuit.png',
    mimeType: 'image/png',
    buffer: await diagram(page),
  });
  const describe = page.getByRole('dialog', { name: 'Describe the image' });
  await describe.getByLabel('Image description').fill(DESCRIPTION);
  await describe.getByRole('button', { name: 'Save description' }).click();
  await expect(describe).toBeHidden();

  await page.keyboard.press('Control+End');
  await card.getByRole('button', { name: 'Code block (Ctrl+E)' }).first().click();
  await page.keyboard.type('print(12 / 4)');
  // The language goes after the opening fence, for the highlighting.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type('python');
  await expect(text).toHaveValue(
    new RegExp(
      String.raw`^Find the current when \$V=IR\$ holds:\n\n\| Voltage \| Column 2 \|\n\| --- \| --- \|[\s\S]*!\[${DESCRIPTION}\]\(media:[0-9a-f]{64}\)\n\n\`\`\`python\nprint\(12 / 4\)\n\`\`\`$`,
    ),
  );

  // The preview shows it as the student will see it.
  const preview = card.getByTestId('content-preview').first();
  await expect(preview.locator('.katex')).toBeVisible();
  await expect(preview.getByRole('table')).toContainText('Voltage');
  await expect(preview.getByRole('img', { name: DESCRIPTION })).toBeVisible();
  await expect(preview.locator('code .hljs-built_in, code .hljs-number').first()).toBeVisible();
  await expectAccessibleAtBothWidths(
    page,
    'Wizard: a question being written with the content editor',
  );
  await page.screenshot({ path: test.info().outputPath('content-editor.png') });

  // Resumed on this device before anything was saved, the draft still shows the image it holds.
  const storedDraft = () =>
    page.evaluate(
      () =>
        Object.entries(localStorage).find(([key]) => key.startsWith('examiq.exam-draft.'))?.[1] ??
        '',
    );
  await expect.poll(storedDraft).toContain('print(12 / 4)');
  await page.reload();
  await page.getByRole('button', { name: 'Resume' }).click();
  await card.getByRole('button', { name: 'Preview' }).click();
  const resumedImage = card
    .getByRole('article', { name: 'Question 1' })
    .getByRole('img', { name: DESCRIPTION });
  await expect
    .poll(() => resumedImage.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(160);

  await card.getByLabel('Explanation').fill('Ohm’s law divides the voltage by the resistance.');
  for (const [index, option] of ['3 A', '$\\frac{1}{3}$ A'].entries()) {
    const field = card.getByLabel(`Option ${index + 1}`, { exact: true });
    // Focusing the explanation opened the card's toolbars and previews, which push the button down.
    await clickUntilShown(card.getByRole('button', { name: 'Add option' }), field);
    await field.fill(option);
  }
  await card.getByRole('checkbox', { name: 'Correct (option 1)' }).check();

  const essay = question(page, 2, 1);
  await essay.getByLabel('Question Text').fill('Explain how resistors in series share a voltage.');
  await essay.getByLabel('Explanation').fill('The same current flows through each resistor.');
  await essay
    .getByLabel('Model Answer / Key Points')
    .fill('The current is the same in each; the voltage divides in proportion to resistance.');
  await essay.getByLabel('Keywords').fill('series');
  await essay.getByLabel('Keywords').press('Enter');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await page
    .getByRole('dialog', { name: 'Review exam' })
    .getByRole('button', { name: 'Publish exam' })
    .click();
  expect((await created).status()).toBe(201);

  // The student sees what the lecturer previewed.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await page
    .getByRole('region', { name: 'Available now' })
    .getByRole('article', { name: title })
    .getByRole('link', { name: 'Go to exam' })
    .click();
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  const shown = page.getByRole('article', { name: 'Question 1' });
  await expect(shown.locator('.katex math').first()).toBeAttached();
  await expect(shown.locator('.katex-html').first()).toBeVisible();
  await expect(shown.getByRole('table')).toContainText('Voltage');
  const image = shown.getByRole('img', { name: DESCRIPTION });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBe(160);
  await expect(shown.locator('code .hljs-built_in, code .hljs-number').first()).toBeVisible();

  // A long answer with a formula written through the toolbar is saved.
  await openSection(page, 'Essay');
  const answer = page.getByRole('textbox', { name: 'Your answer to question 1' });
  await answer.click();
  await answer.pressSequentially('The voltage divides: ');
  await page.getByRole('button', { name: 'Formula (Ctrl+M)' }).click();
  const answerFormula = page.getByRole('dialog', { name: 'Insert formula' });
  await answerFormula.getByLabel('TeX', { exact: true }).fill('V = V_1 + V_2');
  await answerFormula.getByRole('button', { name: 'Insert formula' }).click();
  await expect(answer).toHaveValue('The voltage divides: $V = V_1 + V_2$');
  await expect(page.getByTestId('content-preview').locator('.katex')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Image' })).toHaveCount(0);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt: a long answer written with the toolbar');
  await page.screenshot({ path: test.info().outputPath('long-answer.png') });

  await page.reload();
  await openSection(page, 'Essay');
  await expect(page.getByRole('textbox', { name: 'Your answer to question 1' })).toHaveValue(
    'The voltage divides: $V = V_1 + V_2$',
  );
});
