import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { admin } from './support/accounts';
import { logout, signIn } from './support/session';
import {
  createSitting,
  press,
  SITTING_PASSWORD,
  saveState,
  submitAndReadResult,
} from './support/sittings';
import { addSection, clickUntilShown, next, question, startExamForSitting } from './support/wizard';

const RUN = Date.now().toString(36);
const STEPS = ['Switch the supply on', 'Read the ammeter', 'Switch the supply off'] as const;

async function writeExplanation(card: Locator) {
  await card.getByLabel('Explanation').fill('Resistance is in ohms; glass does not conduct.');
}

/** The texts of an ordering question's items, top to bottom, as the student sees them. */
async function shownOrder(list: Locator): Promise<string[]> {
  return (await list.getByRole('listitem').allInnerTexts()).map((text) =>
    text.replace(/^\d+\s*/, '').trim(),
  );
}

/** Puts the items in the right order with the Move up buttons alone, by keyboard. */
async function orderByKeyboard(page: Page, list: Locator) {
  for (const [target, step] of STEPS.entries()) {
    let at = (await shownOrder(list)).indexOf(step);
    while (at > target) {
      await press(list.getByRole('button', { name: `Move ${step} up` }), 'Enter');
      at -= 1;
      await expect(
        page.getByText(`${step} moved to position ${at + 1} of ${STEPS.length}`),
      ).toBeAttached();
    }
  }
  expect(await shownOrder(list)).toEqual(STEPS);
}

/** Drags an item by its grip, with the mouse, onto the place of another. */
async function dragOnto(page: Page, list: Locator, item: string, onto: string) {
  const grip = list.getByRole('listitem').filter({ hasText: item }).locator('[data-drag-handle]');
  const from = await grip.boundingBox();
  const to = await list.getByRole('listitem').filter({ hasText: onto }).boundingBox();
  if (!from || !to) throw new Error('The items to drag are not on the page');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 12, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('an admin authors fill-in-the-blanks, matching and ordering questions; a student answers them by keyboard on a phone and reads the scores', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'qtmore');
  const title = `Circuits Quiz ${RUN}`;

  await startExamForSitting(page, sitting.sectionName, { title, totalMarks: '6' });
  await addSection(page, 1, {
    name: 'Blanks',
    marks: '2',
    type: 'Fill in the Blanks',
    questions: '1',
  });
  await addSection(page, 2, { name: 'Pairs', marks: '2', type: 'Matching', questions: '1' });
  await addSection(page, 3, { name: 'Sequence', marks: '2', type: 'Ordering', questions: '1' });
  await next(page);

  // Fill in the blanks: each Insert blank writes the next marker at the caret and adds its row.
  const blanks = question(page, 1, 1);
  const text = blanks.getByLabel('Question Text');
  await text.fill('Resistance is measured in ');
  await blanks.getByRole('button', { name: 'Insert blank' }).click();
  await text.press('End');
  await text.pressSequentially(', and 12 V across 1 kΩ drives ');
  await blanks.getByRole('button', { name: 'Insert blank' }).click();
  await text.press('End');
  await text.pressSequentially(' mA.');
  await expect(text).toHaveValue(
    'Resistance is measured in [[1]], and 12 V across 1 kΩ drives [[2]] mA.',
  );
  await writeExplanation(blanks);
  const first = blanks.getByRole('group', { name: /^Blank 1/ });
  await first.getByRole('textbox', { name: 'Accepted answer 1' }).fill('ohms');
  await clickUntilShown(
    first.getByRole('button', { name: 'Add accepted answer' }),
    first.getByRole('textbox', { name: 'Accepted answer 2' }),
  );
  await first.getByRole('textbox', { name: 'Accepted answer 2' }).fill('ohm');
  const second = blanks.getByRole('group', { name: /^Blank 2/ });
  await second.getByLabel('Tolerance', { exact: true }).fill('0.5');
  // A blank with a tolerance takes numbers only: the contract's message shows on leaving.
  await second.getByRole('textbox', { name: 'Accepted answer 1' }).fill('twelve');
  await second.getByRole('textbox', { name: 'Accepted answer 1' }).blur();
  await expect(second.getByText('A blank with a tolerance accepts numbers only')).toBeVisible();
  await second.getByRole('textbox', { name: 'Accepted answer 1' }).fill('12');
  await expect(second.getByText('A blank with a tolerance accepts numbers only')).toHaveCount(0);
  await blanks.getByRole('button', { name: 'Preview' }).click();
  await expect(blanks.getByRole('textbox', { name: 'Blank 2' })).toBeVisible();

  // Matching: two pairs and a distractor.
  const pairs = question(page, 2, 1);
  await pairs.getByLabel('Question Text').fill('Match each material with what it is.');
  await writeExplanation(pairs);
  await pairs.getByLabel('Prompt 1', { exact: true }).fill('Copper');
  await pairs.getByLabel('Match 1', { exact: true }).fill('Conductor');
  await pairs.getByLabel('Prompt 2', { exact: true }).fill('Glass');
  await pairs.getByLabel('Match 2', { exact: true }).fill('Insulator');
  await clickUntilShown(
    pairs.getByRole('button', { name: 'Add distractor' }),
    pairs.getByLabel('Distractor 1', { exact: true }),
  );
  await pairs.getByLabel('Distractor 1', { exact: true }).fill('Superconductor');
  await pairs.getByRole('button', { name: 'Preview' }).click();
  await expect(pairs.getByRole('combobox', { name: 'Copper' })).toBeVisible();

  // Ordering: the items in the right order, one moved into place with its buttons.
  const sequence = question(page, 3, 1);
  await sequence.getByLabel('Question Text').fill('Put the steps of the measurement in order.');
  await writeExplanation(sequence);
  await sequence.getByLabel('Item 1', { exact: true }).fill(STEPS[0] ?? '');
  await sequence.getByLabel('Item 2', { exact: true }).fill(STEPS[2] ?? '');
  await clickUntilShown(
    sequence.getByRole('button', { name: 'Add item' }),
    sequence.getByLabel('Item 3', { exact: true }),
  );
  await sequence.getByLabel('Item 3', { exact: true }).fill(STEPS[1] ?? '');
  await press(sequence.getByRole('button', { name: 'Move item 3 up' }), 'Enter');
  await expect(sequence.getByLabel('Item 2', { exact: true })).toHaveValue(STEPS[1] ?? '');
  await expect(sequence.getByLabel('Item 3', { exact: true })).toHaveValue(STEPS[2] ?? '');
  await expect(sequence.getByRole('radio', { name: /Partial credit/ })).toBeChecked();
  await sequence.getByRole('button', { name: 'Preview' }).click();
  await expect(sequence.getByRole('button', { name: `Move ${STEPS[0]} up` })).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Wizard: fill-in-the-blanks, matching and ordering');
  await page.screenshot({ path: test.info().outputPath('wizard.png'), fullPage: true });

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText('Fill in the Blanks · 1 question · 2 marks')).toBeVisible();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const { exam } = (await (await created).json()).data as { exam: { _id: string } };
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  // The paper and its key, as printed.
  await page.goto(`/admin/exam/${exam._id}/print`);
  await expect(
    page.getByText('Write the letter of its match in the box beside each prompt.'),
  ).toBeVisible();
  await expect(
    page.getByText('Number the items in the right order: 1 for the first.'),
  ).toBeVisible();
  await page.goto(`/admin/exam/${exam._id}/print-key`);
  await expect(page.getByText('ohms; ohm')).toBeVisible();
  await expect(page.getByText('12 ± 0.5')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Answer key with blanks, pairs and an order');
  await logout(page);

  // The student sits it on a phone, with the keyboard alone.
  await page.setViewportSize(WIDTHS.phone);
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${exam._id}`);
  await press(page.getByRole('button', { name: 'Start exam' }), 'Enter');
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Blanks' })).toBeVisible();

  const sentence = page.getByRole('article', { name: 'Question 1' });
  await sentence.getByRole('textbox', { name: 'Blank 1' }).focus();
  await page.keyboard.type('Ohms');
  await page.keyboard.press('Tab');
  await expect(sentence.getByRole('textbox', { name: 'Blank 2' })).toBeFocused();
  await page.keyboard.type('12,2');
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt: a fill-in-the-blanks question');
  await page.screenshot({ path: test.info().outputPath('blanks.png'), fullPage: true });

  await page.setViewportSize(WIDTHS.phone);
  await press(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Pairs/ }),
    'Enter',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Pairs' })).toBeFocused();
  const copper = page.getByRole('combobox', { name: 'Copper' });
  await copper.focus();
  await page.keyboard.type('Con');
  await expect(copper.locator('option:checked')).toHaveText('Conductor');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ins');
  await expect(page.getByRole('combobox', { name: 'Glass' }).locator('option:checked')).toHaveText(
    'Insulator',
  );
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt: a matching question');
  await page.screenshot({ path: test.info().outputPath('matching.png'), fullPage: true });

  await page.setViewportSize(WIDTHS.phone);
  await press(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Sequence/ }),
    'Enter',
  );
  const steps = page.getByRole('article', { name: 'Question 1' }).getByRole('list');
  // Nothing is answered until an item moves.
  await expect(
    page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: 'Question 1: not answered' }),
  ).toBeVisible();
  await orderByKeyboard(page, steps);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);
  await expectAccessibleAtBothWidths(page, 'Attempt: an ordering question');
  await page.screenshot({ path: test.info().outputPath('ordering.png'), fullPage: true });

  await submitAndReadResult(page, request, { _id: exam._id, title }, 3);
  await expect(page.getByRole('region', { name: 'Your score' })).toContainText('6 / 6');
  const blankResult = page.getByRole('region', { name: 'Blanks' });
  await expect(blankResult.getByRole('row', { name: /Blank 1/ })).toContainText('Ohms');
  await expect(blankResult.getByRole('row', { name: /Blank 2/ })).toContainText('12 ± 0.5');
  const pairResult = page.getByRole('region', { name: 'Pairs' });
  const matches = pairResult.getByRole('list', { name: 'Your matches' });
  await expect(matches.getByRole('listitem').filter({ hasText: 'Copper' })).toContainText(
    'matched withConductorRight',
  );
  const orderResult = page.getByRole('region', { name: 'Sequence' });
  await expect(orderResult.getByText('2 / 2 marks')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Result with blanks, pairs and an order');
  await page.screenshot({ path: test.info().outputPath('result.png'), fullPage: true });

  // The report says how many scripts got each part right.
  await logout(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`/admin/exam/${exam._id}/report`);
  const figures = page.getByRole('table', { name: 'Questions' });
  await expect(figures.getByRole('row').nth(1)).toContainText('Right: Blank 1 1 · Blank 2 1');
  await expect(figures.getByRole('row').nth(2)).toContainText('Right: Copper 1 · Glass 1');

  // A pointer may drag a match onto its prompt: the prompt's list follows. Closed unapplied.
  await page.getByRole('button', { name: 'Correct the key of Q2' }).click();
  const pairKey = page.getByRole('dialog', { name: 'Correct the answer key' });
  const insulator = await pairKey
    .locator('[data-drag-match]', { hasText: 'Insulator' })
    .boundingBox();
  const copperRow = await pairKey.locator('[data-prompt-row]', { hasText: 'Copper' }).boundingBox();
  if (!insulator || !copperRow) throw new Error('The matches to drag are not on the page');
  await page.mouse.move(insulator.x + insulator.width / 2, insulator.y + insulator.height / 2);
  await page.mouse.down();
  await page.mouse.move(copperRow.x + 40, copperRow.y + copperRow.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(
    pairKey.getByRole('combobox', { name: 'Copper' }).locator('option:checked'),
  ).toHaveText('Insulator');
  await expect(page.getByText('Insulator matched with Copper')).toBeAttached();
  await pairKey.getByRole('button', { name: 'Close' }).last().click();

  // The ordering key is corrected from the report: the step moved up costs the student marks.
  await page.getByRole('button', { name: 'Correct the key of Q3' }).click();
  const correction = page.getByRole('dialog', { name: 'Correct the answer key' });
  const order = correction.getByRole('list', { name: 'Correct order' });
  expect(await shownOrder(order)).toEqual(STEPS);
  await dragOnto(page, order, STEPS[1], STEPS[0]);
  await expect(page.getByText(`${STEPS[1]} moved to position 1 of 3`).first()).toBeAttached();
  expect(await shownOrder(order)).toEqual([STEPS[1], STEPS[0], STEPS[2]]);
  const corrected = [STEPS[1], STEPS[0], STEPS[2]].join(', ');
  await correction.getByRole('button', { name: 'Preview' }).click();
  await expect(correction.getByRole('region', { name: 'Preview' })).toContainText(
    /^1 result changes;/,
  );
  await expectAccessibleAtBothWidths(page, 'Correcting an ordering key');
  await correction.getByRole('button', { name: 'Apply…' }).click();
  await expect(correction).toContainText(`The key of this question becomes the order ${corrected}`);
  await correction.getByRole('button', { name: 'Apply the corrected key' }).click();
  await expect(correction).toContainText(
    `Every submitted attempt was re-scored with the order ${corrected} as the key.`,
  );
  await correction.getByRole('button', { name: 'Close' }).last().click();
});
