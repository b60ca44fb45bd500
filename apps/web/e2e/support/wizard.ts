import { validExamPayload } from '@examiq/contracts/test-support';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { admin } from './accounts';
import { adminCreator, signIn } from './session';
import { localDate } from './sittings';

// The wizard specs' batches end in 2040 unless they say, and each test starts its own at another
// year (audiences 2030, content 2031, drawn sections 2032, the bank 2033, proctoring rules 2034,
// question import 2035 and 2039, exams 2036-2038; the printed paper's is 2031-2039); other specs
// create theirs meanwhile. Every batch a spec makes, so a new spec picks years nobody uses:
// 2020-2024 internal choice, 2021-2025 drawn papers, 2022-2026 settings' sitting, 2026-2030
// sittings, 2027-2031 bank editor, 2028-2032 bank statistics, 2029-2033 question-bank files,
// 2030..2039-2040 the wizard specs above, 2031-2035 master data (typed in the dialog), 2032 to
// 2035 the dashboard's short ones, 2039-2043 people import, 2040-2044 settings' optional fields,
// 2041-2045 students, 2042-2046 master-data search, 2043-2047 exam search, 2044-2048 the shared
// sitting batch (support/sittings.ts), 2044-2049 the exam list's layout, 2045-2049 LTI, 2046-2050
// XSS, 2047-2051 search, 2048-2052 managing people, 2049-2053 managing records, 2050-2054
// invitations; the audit spec takes a random one starting before 2020.
const END_YEAR = 2040;

/**
 * A batch (startYear to 2040 unless `endYear` says) with one course, branch and two sections, made through the API: the
 * batch's name as the wizard lists it, and the ids an exam made through the API needs.
 */
export async function createMasterData(
  request: APIRequestContext,
  startYear: number,
  endYear = END_YEAR,
) {
  const create = await adminCreator(request);
  const { _id: batchId } = await create('create-batch', { startYear, endYear });
  const { _id: courseId } = await create('create-course', {
    batchId,
    name: 'B.E',
    fullName: 'Bachelor of Engineering',
    totalSemesters: 2 * (endYear - startYear),
    durationYears: endYear - startYear,
    courseType: 'UG',
  });
  const { _id: branchId } = await create('create-branch', {
    courseId,
    name: 'Computer Science',
    code: 'CSE',
  });
  const { _id: sectionA } = await create('create-section', { branchId, name: 'A', capacity: 60 });
  await create('create-section', { branchId, name: 'B', capacity: 60 });
  return {
    batch: `${startYear}-${endYear}`,
    audience: { batchId, courseId, branchId, sectionIds: [sectionA] },
  };
}

/**
 * A draft exam made through the API on a batch of its own (see createMasterData), whose first
 * question of its first section is changed by `first`: its title and what the API answered.
 */
export async function createExamWithFirstQuestion(
  request: APIRequestContext,
  startYear: number,
  title: string,
  first: { questionText: string; options: { text: string; isCorrect: boolean }[] },
  endYear = END_YEAR,
) {
  const { audience } = await createMasterData(request, startYear, endYear);
  const create = await adminCreator(request);
  const payload = validExamPayload(audience);
  const { exam } = await create('create-exam', {
    ...payload,
    examTitle: title,
    questions: payload.questions.map((section, index) =>
      index === 0
        ? section.map((question, order) => (order === 0 ? { ...question, ...first } : question))
        : section,
    ),
  });
  return { exam: exam as { _id: string }, payload };
}

function steps(page: Page) {
  return page.getByRole('navigation', { name: 'Exam steps' });
}

export function stepButton(page: Page, name: string) {
  return steps(page).getByRole('button', { name: new RegExp(`^${name}`) });
}

export async function next(page: Page) {
  const button = page.getByRole('button', { name: 'Next', exact: true });
  await expect(button).toBeEnabled();
  await button.click();
}

export async function openWizard(page: Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/exam/create-exam');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Exam' })).toBeVisible();
}

export async function fillExamInformation(
  page: Page,
  exam: { title: string; mode: 'Auto' | 'Proctoring'; totalMarks: string },
) {
  await page.getByLabel('Exam Title').fill(exam.title);
  await page.getByLabel('Description').fill('An end-to-end check of the exam wizard.');
  await page.getByLabel('Subject').fill('Data Structures');
  await page.getByLabel('Total Marks').fill(exam.totalMarks);
  await page.getByLabel('Passing Marks').fill('2');
  await page.getByLabel('Duration (minutes)').fill('60');
  await page.getByRole('radio', { name: new RegExp(exam.mode) }).check();
  await page.getByLabel('Instruction 1', { exact: true }).fill('Read every question carefully.');
}

export async function chooseAudience(page: Page, batch: string) {
  await page.getByLabel('Batch').selectOption({ label: batch });
  await page.getByLabel('Course').selectOption({ label: 'Bachelor of Engineering' });
  await page.getByLabel('Branch').selectOption({ label: 'Computer Science (CSE)' });
  await page.getByRole('group', { name: 'Sections' }).getByLabel('Section A').check();
}

/**
 * Clicks a button that adds `added` until it is there. A click that lands while the content
 * above is still growing (a card loading its toolbars and previews) can miss the button on a busy
 * machine; it is repeated only while `added` has not appeared, so nothing is added twice.
 */
export async function clickUntilShown(button: Locator, added: Locator) {
  await expect(async () => {
    if ((await added.count()) === 0) await button.click();
    await expect(added).toBeVisible({ timeout: 5_000 });
  }).toPass();
}

export async function addSection(
  page: Page,
  number: number,
  section: { name: string; marks: string; type: string; questions: string },
) {
  const card = page.getByRole('region', { name: new RegExp(`^Section ${number}`) });
  await clickUntilShown(page.getByRole('button', { name: 'Add Section' }), card);
  await card.getByLabel('Section Name').fill(section.name);
  await card.getByLabel('Section Marks').fill(section.marks);
  await card.getByLabel('Question Type').selectOption({ label: section.type });
  await card.getByLabel('Total Questions').fill(section.questions);
  await card.getByLabel('Total Questions').blur();
}

export function question(page: Page, section: number, number: number): Locator {
  return page
    .getByRole('region', { name: new RegExp(`^Section ${section}`) })
    .getByRole('group', { name: new RegExp(`^Question ${number}`) });
}

/**
 * Opens the wizard and fills the steps before the exam's structure for an AUTO exam open today
 * and tomorrow, sat by a sitting's section (see createSitting).
 */
export async function startExamForSitting(
  page: Page,
  sectionName: string,
  exam: { title: string; totalMarks: string },
) {
  await openWizard(page);
  await fillExamInformation(page, { ...exam, mode: 'Auto' });
  await next(page);
  await page.getByLabel('Batch').selectOption({ label: '2044-2048' });
  await page.getByLabel('Course').selectOption({ label: 'Bachelor of Science' });
  await page.getByLabel('Branch').selectOption({ label: 'Mathematics (MAT)' });
  await page.getByRole('group', { name: 'Sections' }).getByLabel(`Section ${sectionName}`).check();
  await next(page);
  await page.getByLabel('Start Date').fill(localDate(new Date()));
  await page.getByLabel('End Date').fill(localDate(new Date(Date.now() + 86_400_000)));
  await next(page);
}
