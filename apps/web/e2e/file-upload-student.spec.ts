import { ANSWER_FILE_MESSAGES, ATTEMPT_MESSAGES } from '@examiq/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, WIDTHS } from './support/accessibility';
import { signIn } from './support/session';
import {
  createOneSectionExam,
  createSitting,
  press,
  SITTING_PASSWORD,
  saveState,
} from './support/sittings';

/** A one-page PDF, as a scanner would make it. */
const WORKING_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/MediaBox[0 0 300 400]/Parent 2 0 R>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Through the API: an exam for the sitting's section with one file upload question (up to two
 * files, PDF or images, 5 MB each), open from today to tomorrow.
 */
async function createUploadExam(request: APIRequestContext, sittingExamId: string) {
  const title = `Circuits Working ${Date.now().toString(36)}`;
  const { examId } = await createOneSectionExam(request, sittingExamId, {
    title,
    passingMarks: 2,
    section: {
      name: 'Working',
      marks: 5,
      questionType: 'FILE_UPLOAD',
      totalQuestions: 1,
      instructions: ['Photograph or scan each page of your working.'],
    },
    questions: [
      {
        questionText: 'Find the current through R2. Upload your working, on paper.',
        questionType: 'FILE_UPLOAD',
        marks: 5,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'I = V / R across each branch.',
        fileTypes: ['PDF', 'IMAGE'],
        maxFiles: 2,
        maxFileMb: 5,
      },
    ],
  });
  return { examId, title };
}

/** Opens the file chooser from the keyboard alone and chooses the files in it. */
async function chooseByKeyboard(
  page: Page,
  input: Locator,
  files: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await press(input, 'Space');
  await (await chooser).setFiles(files);
}

// A phone: its primary pointer is a finger, so the card offers the camera too.
test.use({ viewport: WIDTHS.phone, hasTouch: true });

test('a student on a phone uploads their working by keyboard, offline and back, across a closed tab, and submits it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'fileupload');
  const exam = await createUploadExam(request, sitting.examId);

  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/exam/${exam.examId}`);
  await page.getByRole('button', { name: 'Start exam' }).click();
  await expect(page).toHaveURL(/\/student\/attempt\/[^/]+$/);
  const card = page.getByRole('article', { name: 'Question 1' });
  await expect(card.getByText('Up to 2 files, PDF or images, 5 MB each')).toBeVisible();
  const chooser = card.getByLabel('Choose files for question 1');
  await expect(card.getByLabel('Take a photo for question 1')).toHaveAttribute(
    'capture',
    'environment',
  );
  await expect(card.getByText('Take a photo')).toBeVisible();

  // The chooser follows the review toggle in the tab order, and opens from the keyboard.
  await press(card.getByRole('button', { name: 'Mark for review' }), 'Tab');
  await expect(chooser).toBeFocused();
  const photo = await card.getByText('Find the current through R2').screenshot();
  await chooseByKeyboard(page, chooser, {
    name: 'page-1.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  const files = card.getByRole('list', { name: 'Your files for question 1' });
  const view = files.getByRole('link', { name: 'View page-1.png (opens in a new tab)' });
  await expect(view).toBeVisible();
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  // The link opens the file itself, in a new tab, with no sign-in of its own.
  const href = (await view.getAttribute('href')) ?? '';
  const opened = page.waitForEvent('popup');
  await press(view, 'Enter');
  const tab = await opened;
  await expect(tab).toHaveURL(new URL(href, page.url()).href);
  await tab.close();
  const file = await request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');

  // Offline: the second file waits on the device, and both the card and the bar say so.
  await context.setOffline(true);
  await chooser.setInputFiles({
    name: 'page-2.pdf',
    mimeType: 'application/pdf',
    buffer: WORKING_PDF,
  });
  const waiting = files.getByRole('listitem').filter({ hasText: 'page-2.pdf' });
  await expect(waiting).toContainText(ANSWER_FILE_MESSAGES.waiting);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.offline);
  await card.screenshot({ path: test.info().outputPath('card-offline-phone.png') });

  await context.setOffline(false);
  await expect(files.getByRole('link', { name: /^View page-2\.pdf/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(waiting).not.toContainText(ANSWER_FILE_MESSAGES.waiting);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  // A third file is more than the question takes: the card says why, next to the chooser.
  await chooser.setInputFiles({ name: 'page-3.png', mimeType: 'image/png', buffer: photo });
  await expect(card.getByRole('alert')).toHaveText(
    `page-3.png: ${ANSWER_FILE_MESSAGES.tooManyFiles(2)}`,
  );
  await expectAccessibleAtBothWidths(page, 'Attempt page with a file upload question');
  await card.screenshot({ path: test.info().outputPath('card-desktop.png') });
  await page.setViewportSize(WIDTHS.phone);
  await card.screenshot({ path: test.info().outputPath('card-phone.png') });

  // Removing by keyboard: the answer keeps the PDF alone.
  await press(files.getByRole('button', { name: 'Remove page-1.png' }), 'Enter');
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(saveState(page)).toHaveText(ATTEMPT_MESSAGES.saved);

  // A file chosen offline outlives its tab: the exam opened again uploads it from the device.
  const attemptUrl = page.url();
  // Other bytes than page 1's: the same bytes again would be the same file.
  const secondPhoto = await card.getByText('Up to 2 files').screenshot();
  await context.setOffline(true);
  await chooser.setInputFiles({ name: 'page-3.png', mimeType: 'image/png', buffer: secondPhoto });
  await expect(files.getByRole('listitem').filter({ hasText: 'page-3.png' })).toContainText(
    ANSWER_FILE_MESSAGES.waiting,
  );
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(attemptUrl);
  const answer = again
    .getByRole('article', { name: 'Question 1' })
    .getByRole('list', { name: 'Your files for question 1' });
  await expect(answer.getByRole('link', { name: /^View page-3\.png/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(answer.getByRole('listitem')).toHaveCount(2);
  await expect(saveState(again)).toHaveText(ATTEMPT_MESSAGES.saved);

  await press(again.getByRole('button', { name: 'Submit exam' }), 'Enter');
  const dialog = again.getByRole('dialog', { name: 'Submit exam?' });
  await expect(dialog).toContainText('You have answered 1 of 1 question.');
  await press(dialog.getByRole('button', { name: 'Submit exam' }), 'Enter');
  await expect(again.getByRole('region', { name: 'Exam submitted' })).toContainText(
    'Answers saved1 of 1',
  );
  const submitted = again.getByRole('list', { name: 'Your files for question 1' });
  await expect(submitted.getByRole('link')).toHaveText([/^View page-2\.pdf/, /^View page-3\.png/]);
  await expect(submitted.getByRole('button')).toHaveCount(0);
});
