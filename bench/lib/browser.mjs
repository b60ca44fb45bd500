// Browser measurements in Chromium: what the pages download, and how the exam wizard responds.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../apps/web/e2e/support/chromium.ts';
import { ADMIN, benchId } from './dataset.mjs';
import { largestExamQuestions, largestExamSections, QUESTIONS_PER_SECTION } from './exams.mjs';

const PUBLIC_BUDGET_KB = 150;
const KEYSTROKE_P95_MS = 50;
const STEP_SWITCH_MS = 200;
const ADMIN_ROUTES = {
  admin: '/admin',
  wizard: '/admin/exam/create-exam',
  monitor: '/admin/exam/exam-ui',
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const fileName = (url) => new URL(url).pathname.split('/').pop();
const sum = (assets) => [...assets.values()].reduce((total, asset) => total + asset.gzip, 0);

/**
 * The JavaScript and CSS a fresh browser downloads to show `url`: asset url → { gzip, encoded }.
 * The gzip -9 size is computed here, whatever the server sent; `encoded` says whether the server
 * compressed the response itself.
 */
async function assetsOf(browser, url, storageState) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') responses.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const assets = new Map();
  for (const response of responses) {
    assets.set(response.url(), {
      gzip: gzipSync(await response.body(), { level: 9 }).length,
      encoded: Boolean(response.headers()['content-encoding']),
    });
  }
  await context.close();
  return assets;
}

/** Signs in through the login page, as an admin would; the resulting storage state. */
async function adminSession(browser, baseUrl) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

function without(assets, ...others) {
  return new Map([...assets].filter(([url]) => others.every((other) => !other.has(url))));
}

/** '12.3 KB in 4 files, the largest page-a.js 9.1 KB'. */
function describe(assets) {
  if (assets.size === 0) return 'nothing';
  const [url, largest] = [...assets].sort(([, a], [, b]) => b.gzip - a.gzip)[0];
  return `${kb(sum(assets))} in ${assets.size} files, the largest ${fileName(url)} ${kb(largest.gzip)}`;
}

/** Landing and login pages within the budget; admin, wizard and monitor in chunks of their own. */
async function bundleSizes(browser, baseUrl, session) {
  const landing = await assetsOf(browser, `${baseUrl}/`);
  const login = await assetsOf(browser, `${baseUrl}/login`);
  const publicAssets = new Map([...landing, ...login]);
  const total = sum(publicAssets);
  const compressed = [...publicAssets.values()].some((asset) => asset.encoded);

  const routes = {};
  for (const [name, path] of Object.entries(ADMIN_ROUTES)) {
    routes[name] = await assetsOf(browser, `${baseUrl}${path}`, session);
  }
  const own = {
    admin: without(routes.admin, publicAssets),
    wizard: without(routes.wizard, routes.admin, routes.monitor, publicAssets),
    monitor: without(routes.monitor, routes.admin, routes.wizard, publicAssets),
  };
  const separate = Object.values(own).every((chunks) => chunks.size > 0);
  return [
    {
      id: 'bundle',
      title: 'JS + CSS of the landing and login pages (gzip)',
      target: `≤ ${PUBLIC_BUDGET_KB} KB in all`,
      figure: `${describe(publicAssets)} (landing ${kb(sum(landing))}, login ${kb(sum(login))}; the server sends them ${compressed ? 'compressed' : 'uncompressed'})`,
      pass: total <= PUBLIC_BUDGET_KB * 1024,
    },
    {
      id: 'bundle',
      title: 'Admin area, wizard and monitor in separate chunks',
      target: 'each loads chunks of its own',
      figure: Object.entries(ADMIN_ROUTES)
        .map(
          ([name, path]) =>
            `${path} ${kb(sum(routes[name]))} in all, of which its own ${describe(own[name])}`,
        )
        .join('; '),
      pass: separate,
    },
  ];
}

// --- The exam wizard at its limit ----------------------------------------------------------------

/**
 * A draft as the wizard keeps it on the device (wizard/draft-storage.ts): every step complete,
 * 5 sections of 50 questions, so Resume opens it on the Questions step with 250 cards.
 */
function fullDraft() {
  const values = {
    examTitle: 'Bench exam at the limits',
    examDescription: 'Every section and question the rules allow.',
    subject: 'Data Structures',
    totalMarks: 200,
    passingMarks: 80,
    duration: 120,
    examMode: 'AUTO',
    generalInstructions: ['Read every question carefully.'],
    batchId: benchId('batch', 0),
    courseId: benchId('course', 0),
    branchId: benchId('branch', 0),
    sectionIds: [benchId('section', 0)],
    assignedFacultyIds: [],
    scheduleDetails: {
      examDate: '',
      startTime: '',
      endTime: '',
      startDate: '2030-03-14',
      endDate: '2030-03-16',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
    examSections: largestExamSections().map((section, index) => ({
      ...section,
      id: `section-${index}`,
      isExpanded: false,
    })),
    questions: largestExamQuestions().map((list, index) =>
      list.map((question, position) => ({ ...question, id: `question-${index}-${position}` })),
    ),
  };
  return { version: 1, savedAt: new Date().toISOString(), step: 'questions', values };
}

const CARDS = '[data-testid="question-card"]';
const ALL_CARDS = 5 * QUESTIONS_PER_SECTION;

/**
 * In the page: for each keydown, the time from the event to the paint that follows it (a
 * message posted from the next animation frame runs once that frame is painted).
 */
function installKeystrokeProbe() {
  window.benchLatencies = [];
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.benchLatencies.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    },
    { capture: true },
  );
}

/**
 * In the page: clicks a step in the stepper and times the paint showing its title; for the
 * Questions step also when its last card is drawn (cards are drawn over several frames).
 */
async function switchStep([title, cards, allCards]) {
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const painted = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = resolve;
        channel.port2.postMessage(null);
      }),
    );
  const stepper = document.querySelector('nav[aria-label="Exam steps"]');
  const button = [...stepper.querySelectorAll('button')].find((b) => b.textContent.includes(title));
  const start = performance.now();
  button.click();
  while (document.querySelector('h2[tabindex="-1"]')?.textContent !== title) await nextFrame();
  await painted();
  const shown = performance.now() - start;
  if (title !== 'Questions') return { shown };
  while (document.querySelectorAll(cards).length < allCards) await nextFrame();
  await painted();
  return { shown, complete: performance.now() - start };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value)} ms`;

/** Types 100 keystrokes into a question and switches steps, on a resumed 250-question draft. */
async function wizardTiming(browser, baseUrl, session) {
  const context = await browser.newContext({
    storageState: session,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/admin`);
    await page.evaluate(
      ([key, draft]) => localStorage.setItem(key, draft),
      [`examiq.exam-draft.${benchId('admin', 0)}`, JSON.stringify(fullDraft())],
    );
    await page.goto(`${baseUrl}${ADMIN_ROUTES.wizard}`);
    const resume = page.getByRole('button', { name: 'Resume' });
    const offered = await resume
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (!offered) return null;
    await resume.click();
    await page.waitForFunction(
      ([cards, all]) => document.querySelectorAll(cards).length === all,
      [CARDS, ALL_CARDS],
      { timeout: 60_000 },
    );

    // A question in the middle of the list. Leaving the field once first marks it touched, so
    // each keystroke is validated as it is when a person edits a question again.
    const text = page.getByTestId('question-text').nth(ALL_CARDS / 2);
    await text.click();
    await page.keyboard.press('Tab');
    await text.click();
    await page.keyboard.press('End');
    await page.evaluate(installKeystrokeProbe);
    // A steady typist (5 keys a second) who pauses every 20 keys: the debounced validity check
    // and draft autosave then run between keystrokes, as they do for a person.
    for (let key = 0; key < 100; key++) {
      await page.keyboard.press(String.fromCharCode(97 + (key % 26)));
      await page.waitForTimeout(key % 20 === 19 ? 1_000 : 200);
    }
    const latencies = await page.evaluate(() => window.benchLatencies);

    const switches = [];
    const route = [
      'Exam Structure',
      'Questions',
      'Schedule',
      'Target Audience',
      'Exam Information',
    ];
    let from = 'Questions';
    for (const to of [...route, ...route, 'Questions']) {
      switches.push({ from, to, ...(await page.evaluate(switchStep, [to, CARDS, ALL_CARDS])) });
      from = to;
      await page.waitForTimeout(300);
    }
    return { latencies, switches };
  } finally {
    await context.close();
  }
}

async function wizardRows(browser, baseUrl, session) {
  const timing = await wizardTiming(browser, baseUrl, session);
  const typing = {
    id: 'wizard',
    title: 'Wizard at 5 × 50 questions: keystroke in a question to the next paint',
    target: `p95 ≤ ${KEYSTROKE_P95_MS} ms over 100 keystrokes`,
  };
  const steps = {
    id: 'wizard',
    title: 'Wizard at 5 × 50 questions: switching steps',
    target: `≤ ${STEP_SWITCH_MS} ms to the paint of the new step`,
  };
  if (!timing) {
    const figure = `not available: ${ADMIN_ROUTES.wizard} offered no stored draft to resume`;
    return [
      { ...typing, figure, pass: null },
      { ...steps, figure, pass: null },
    ];
  }
  const { latencies, switches } = timing;
  const p95 = percentile(latencies, 0.95);
  const shown = switches.map((step) => step.shown);
  const slowest = switches.reduce((a, b) => (b.shown > a.shown ? b : a));
  const complete = switches.filter((step) => step.complete).map((step) => step.complete);
  return [
    {
      ...typing,
      figure: `p95 ${ms(p95)} (median ${ms(percentile(latencies, 0.5))}, max ${ms(Math.max(...latencies))}, ${latencies.length} keystrokes)`,
      pass: latencies.length === 100 && p95 <= KEYSTROKE_P95_MS,
    },
    {
      ...steps,
      figure: `max ${ms(slowest.shown)}, ${slowest.from} → ${slowest.to} (median ${ms(percentile(shown, 0.5))}, ${shown.length} switches); all ${ALL_CARDS} question cards drawn ${ms(Math.max(...complete))} after opening Questions`,
      pass: slowest.shown <= STEP_SWITCH_MS,
    },
  ];
}

/** Rows for the selected browser scenarios, against a running server. */
export async function browserScenarios(baseUrl, selected) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const session = await adminSession(browser, baseUrl);
    const rows = [];
    if (selected.has('bundle')) rows.push(...(await bundleSizes(browser, baseUrl, session)));
    if (selected.has('wizard')) rows.push(...(await wizardRows(browser, baseUrl, session)));
    return rows;
  } finally {
    await browser.close();
  }
}
