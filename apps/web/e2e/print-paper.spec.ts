import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { signIn } from './support/session';
import { createExamWithFirstQuestion } from './support/wizard';

const PRINTED_QUESTION = [
  'Solve $$\\frac{d}{dx} x^2 = ?$$ using the listing and the table.',
  '```c\nint square(int x) { return x * x; }\n```',
  '| $x$ | $x^2$ |\n|---|---|\n| 3 | 9 |',
].join('\n\n');

test('an admin prints the paper as students see it, and the answer key for the examiners', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const title = `Printed Paper ${Date.now().toString(36)}`;
  const { exam, payload } = await createExamWithFirstQuestion(
    request,
    2031,
    title,
    {
      questionText: PRINTED_QUESTION,
      options: [
        { text: '$2x$', isCorrect: true },
        { text: '$x$', isCorrect: false },
      ],
    },
    2039,
  );
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/exam/${exam._id}`);
  await page.getByRole('link', { name: 'Print paper' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exam/${exam._id}/print$`));

  const paper = page.getByRole('article');
  await expect(paper.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(paper.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  await expect(paper.locator('math').first()).toBeAttached();
  await expect(
    paper.getByRole('region', { name: 'Code' }).locator('.hljs-type').first(),
  ).toHaveText('int');
  await expect(paper.getByRole('region', { name: 'Table' }).getByRole('cell')).toHaveText([
    '3',
    '9',
  ]);
  const firstSection = payload.examSections[0];
  await expect(
    paper.getByRole('heading', {
      level: 2,
      name: `Section ${firstSection?.order}: ${firstSection?.name}`,
    }),
  ).toBeVisible();
  // The paper holds no answer key.
  await expect(paper).not.toContainText('Explanation');
  await expectAccessibleAtBothWidths(page, 'Printable paper');

  // On paper: no sidebar, no header, no buttons, and no question cut by a page break.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  const firstQuestion = paper.getByRole('listitem').filter({ hasText: 'Solve' }).first();
  expect(await firstQuestion.evaluate((item) => getComputedStyle(item).breakInside)).toBe('avoid');
  await page.emulateMedia({ media: 'screen' });

  await page.goto(`/admin/exam/${exam._id}/print-key`);
  const key = page.getByRole('article');
  await expect(key.getByText('Answer key: for examiners only')).toBeVisible();
  await expect(key.getByText('(correct answer)').first()).toBeAttached();
  await expect(key.getByText('Explanation:').first()).toBeVisible();
  await expect(key.locator('.katex').first()).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Printable answer key');
});
