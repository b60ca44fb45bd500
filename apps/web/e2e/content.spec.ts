import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  expectAccessibleAtBothWidths,
  screenshotsAtBothWidths,
  WIDTHS,
} from './support/accessibility';
import { admin } from './support/accounts';
import { signIn } from './support/session';
import {
  createEvaluator,
  createSitting,
  FACULTY_PASSWORD,
  startFromLobby,
  submitEssay,
} from './support/sittings';
import { createExamWithFirstQuestion, question, stepButton } from './support/wizard';

// A question as an engineering paper sets it: a formula (display and inline, chemistry too), a
// code listing and a table.
const RICH_QUESTION = [
  'Which $x$ makes $$\\int_0^x 2t\\,dt = 4$$ hold, for the `area` below and water, $\\ce{H2O}$?',
  '```python\ndef area(r):\n    return 3.14 * r * r\n```',
  '| $x$ | $x^2$ |\n|---|---|\n| 1 | 1 |\n| 2 | 4 |',
].join('\n\n');

// Raw HTML is stored as text; none of it may ever run or fetch anything.
const HOSTILE_OPTIONS = [
  '<img src="https://evil.example/x.png" onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '<iframe src="https://evil.example/"></iframe><style>body{background:url(https://evil.example/b.png)}</style>',
];

// A student's long answer is not checked like an author's content: links, TeX commands and images
// of any kind reach the grader as typed.
const HOSTILE_ESSAY = [
  'Both are divide and conquer: $T(n) = 2T(n/2) + O(n)$.',
  '[notes](javascript:window.__xss=3) $\\href{javascript:window.__xss=4}{x}$ $\\url{javascript:window.__xss=5}$',
  '<script>window.__xss=6</script> <img src=x onerror="window.__xss=7">',
  '![diagram](https://evil.example/d.png)',
].join('\n\n');

/** Fails the test on any dialog; records every request the page makes to another origin. */
function watchForAttacks(page: Page) {
  const foreign: string[] = [];
  page.on('dialog', (dialog) => {
    throw new Error(`A dialog opened: ${dialog.message()}`);
  });
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  return foreign;
}

async function expectNothingRan(page: Page, foreign: string[]) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(foreign).toEqual([]);
}

/** The phone shows the page without sideways scrolling: wide code and tables scroll in place. */
async function expectNoPageScrollOnPhone(page: Page) {
  await page.setViewportSize(WIDTHS.phone);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize(WIDTHS.desktop);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: WIDTHS.desktop });
  return context.newPage();
}

test('a student and a grader see formulas, code and tables rendered, and nothing hostile runs', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const sitting = await createSitting(request, 'content', {
    firstQuestion: {
      questionText: RICH_QUESTION,
      options: [
        { text: '$x = 2$', isCorrect: true },
        ...HOSTILE_OPTIONS.map((text) => ({ text, isCorrect: false })),
      ],
    },
  });
  const reader = await sitting.enrol('reader');
  const evaluatorEmail = await createEvaluator(request, sitting.examId);
  await submitEssay(request, sitting.email, sitting.examId, HOSTILE_ESSAY);

  const foreign = watchForAttacks(page);
  await startFromLobby(page, { email: reader, examId: sitting.examId });
  const question = page.getByRole('article', { name: 'Question 1' }).first();
  await expect(question.locator('.katex').first()).toBeVisible();
  // Inline, display and chemistry formulas, and one in each table header, each with its MathML.
  await expect(question.locator('.katex')).toHaveCount(6);
  await expect(question.locator('math')).toHaveCount(6);
  await expect(question.locator('.katex-error')).toHaveCount(0);
  const code = question.getByRole('region', { name: 'Code' });
  await expect(code.locator('.hljs-keyword').first()).toHaveText('def');
  await expect(code).toHaveAttribute('tabindex', '0');
  const table = question.getByRole('region', { name: 'Table' });
  await expect(table.getByRole('cell')).toHaveText(['1', '1', '2', '4']);
  // An option that is only a formula is named by its TeX.
  await expect(question.getByRole('radio', { name: 'x = 2' })).toBeVisible();
  for (const text of HOSTILE_OPTIONS) await expect(question.getByText(text)).toBeVisible();
  await expect(question.locator('script, iframe, style, img')).toHaveCount(0);
  await expectAccessibleAtBothWidths(page, 'Attempt page with content');
  await expectNoPageScrollOnPhone(page);
  await screenshotsAtBothWidths(page, 'content-attempt');
  await expectNothingRan(page, foreign);

  const grader = await newPage(browser);
  const graderForeign = watchForAttacks(grader);
  await signIn(grader, evaluatorEmail, FACULTY_PASSWORD);
  await expect(grader).toHaveURL(/\/faculty$/);
  await grader.goto(`/faculty/grade/${sitting.examId}`);
  const answer = grader.getByRole('article', { name: /^Script [0-9A-Z]{4}-[0-9A-Z]{4}$/ });
  // The grading page and the renderer load on a busy machine: more than the default wait.
  await expect(answer.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  await expect(answer.locator('math').first()).toBeAttached();
  // The student's links and images stay the text typed; raw HTML too.
  await expect(answer.locator('a, img, script, iframe')).toHaveCount(0);
  await expect(answer).toContainText('[notes](javascript:window.__xss=3)');
  await expect(answer).toContainText('![diagram](https://evil.example/d.png)');
  await expect(answer).toContainText('<script>window.__xss=6</script>');
  await expect(answer.locator('mark')).toHaveText(['divide and conquer']);
  await expectAccessibleAtBothWidths(grader, 'Grading page with content');
  await screenshotsAtBothWidths(grader, 'content-grading');
  await expectNothingRan(grader, graderForeign);
});

test('the admin sees the content on the exam page and previews a question as the student will see it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { exam } = await createExamWithFirstQuestion(
    request,
    2031,
    `Content Draft ${Date.now().toString(36)}`,
    {
      questionText: RICH_QUESTION,
      options: [
        { text: '$x = 2$', isCorrect: true },
        { text: '$x = 4$', isCorrect: false },
      ],
    },
  );
  const foreign = watchForAttacks(page);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin/exam/${exam._id}`);
  await expect(page.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('region', { name: 'Code' }).locator('.hljs-keyword').first(),
  ).toHaveText('def');
  await expect(page.getByRole('region', { name: 'Table' })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Exam page with content');
  await expectNoPageScrollOnPhone(page);
  await screenshotsAtBothWidths(page, 'content-exam-page');

  await page.goto(`/admin/exam/${exam._id}/edit`);
  // The wizard loads its exam on a busy machine: more than the default wait.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Exam' })).toBeVisible({
    timeout: 30_000,
  });
  await stepButton(page, 'Questions').click();
  const card = question(page, 1, 1);
  await card.getByRole('button', { name: 'Preview' }).click();
  const preview = card.getByRole('article', { name: 'Question 1' });
  await expect(preview.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('region', { name: 'Code' })).toBeVisible();
  await expect(preview.getByRole('radio', { name: 'x = 2' })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'Wizard question preview');
  await screenshotsAtBothWidths(page, 'content-wizard-preview');
  await expectNothingRan(page, foreign);
});
