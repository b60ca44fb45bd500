import { ANSWER_FILE_MESSAGES } from '@examiq/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessibleAtBothWidths, screenshotsAtBothWidths } from './support/accessibility';
import { admin } from './support/accounts';
import { chromiumLaunchOptions } from './support/chromium';
import { apiSignIn, logout, signIn } from './support/session';
import {
  createEvaluator,
  createSitting,
  FACULTY_PASSWORD,
  SITTING_PASSWORD,
} from './support/sittings';
import { addSection, next, question, startExamForSitting } from './support/wizard';

// The marker sees the PDF in the whole browser's viewer, which the headless shell has not.
test.use({ launchOptions: chromiumLaunchOptions });

const RUN = Date.now().toString(36);
const WORKING = ['I = V / R', '= 12 V / 1 kΩ', '= 12 mA'];

/** A photo of handwritten working, as a phone would send it: drawn on a canvas, as PNG bytes. */
async function photoOfWorking(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate((lines) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#fdfbf3';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.strokeStyle = '#c7d7ee';
    for (let y = 60; y < canvas.height; y += 48) context.strokeRect(0, y, canvas.width, 0);
    context.fillStyle = '#1e3a8a';
    context.font = 'italic 34px serif';
    lines.forEach((line, index) => {
      context.fillText(line, 48 + index * 24, 100 + index * 96);
    });
    return canvas.toDataURL('image/png');
  }, WORKING);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** A one-page PDF holding the working as text, its cross-reference table at the right offsets. */
function pdfOfWorking(): Buffer {
  const text = WORKING.map(
    (line, index) =>
      `BT /F1 20 Tf ${72 + index * 20} ${720 - index * 40} Td (${line.replace('Ω', 'ohm')}) Tj ET`,
  ).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Through the API, as the attempt page does: the student starts, uploads the photo and the PDF to
 * the file upload question, keeps both in the answer and submits.
 */
async function uploadAndSubmit(
  request: APIRequestContext,
  sitting: { email: string; examId: string },
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  const { tokens } = await apiSignIn(request, sitting.email, SITTING_PASSWORD);
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const started = await request.post(`/api/student/start-exam/${sitting.examId}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const { attempt, sections } = (await started.json()).data;
  const asked = sections[0].questions[0];
  expect(asked).toMatchObject({ fileTypes: ['PDF', 'IMAGE'], maxFiles: 3, maxFileMb: 10 });
  const fileIds: string[] = [];
  for (const file of files) {
    const uploaded = await request.post(`/api/student/upload-answer-file/${attempt._id}`, {
      headers,
      multipart: { questionId: asked._id, file },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const body = await uploaded.json();
    expect(body.message).toBe(ANSWER_FILE_MESSAGES.uploaded);
    fileIds.push(body.data._id);
  }
  const saved = await request.put(`/api/student/save-answers/${attempt._id}`, {
    headers,
    data: { seq: 1, answers: [{ questionId: asked._id, fileIds }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post(`/api/student/submit-exam/${attempt._id}`, {
    headers,
    data: {},
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

test('an admin authors a file upload question; a marker marks the files inline; the student finds them in the result', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const sitting = await createSitting(request, 'uploads');
  const title = `Circuits Working ${RUN}`;

  // Authoring: the kinds of file, how many and how large, with the contract's messages.
  await startExamForSitting(page, sitting.sectionName, { title, totalMarks: '5' });
  await addSection(page, 1, { name: 'Working', marks: '5', type: 'File Upload', questions: '1' });
  await next(page);
  const card = question(page, 1, 1);
  await card
    .getByLabel('Question Text')
    .fill('Find the current through a 1 kΩ resistor across 12 V. Upload your handwritten working.');
  await card.getByLabel('Explanation').fill('Ohm’s law: I = V / R.');
  const pdf = card.getByRole('checkbox', { name: /^PDF/ });
  const image = card.getByRole('checkbox', { name: /^Image \(JPEG, PNG or WebP\)/ });
  await expect(pdf).toBeChecked();
  await expect(image).toBeChecked();
  await expect(card.getByLabel('Maximum files')).toHaveValue('1');
  await expect(card.getByLabel('Maximum file size (MB)')).toHaveValue('10');
  await pdf.uncheck();
  await image.uncheck();
  await image.blur();
  await expect(card.getByText('Choose at least one kind of file')).toBeVisible();
  const section = page.getByRole('region', { name: /^Section 1/ });
  await expect(section).toContainText('Question 1: Choose at least one kind of file');
  await expect(card.getByTitle('This question has validation errors')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Complete', exact: true })).toBeDisabled();
  await card.getByLabel('Maximum files').fill('6');
  await card.getByLabel('Maximum files').blur();
  await expect(card.getByText('Maximum files cannot exceed 5')).toBeVisible();
  await card.getByLabel('Maximum file size (MB)').fill('25');
  await card.getByLabel('Maximum file size (MB)').blur();
  await expect(card.getByText('Maximum file size cannot exceed 20 MB')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: a file upload question with errors');

  await pdf.check();
  await image.check();
  await card.getByLabel('Maximum files').fill('3');
  await card.getByLabel('Maximum file size (MB)').fill('10');
  await card.getByLabel('Maximum file size (MB)').blur();
  await expect(card.getByTitle('This question has validation errors')).toHaveCount(0);
  await card.getByRole('button', { name: 'Preview' }).click();
  const picker = card.getByLabel('Your files for question 1');
  await expect(picker).toBeDisabled();
  await expect(card.getByText('Up to 3 files, PDF or images, 10 MB each')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Wizard: a file upload question');
  await card.scrollIntoViewIfNeeded();
  await screenshotsAtBothWidths(page, 'wizard-card');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review exam' });
  await expect(review.getByText('File Upload · 1 question · 5 marks')).toBeVisible();
  const created = page.waitForResponse('**/api/admin/create-exam');
  await review.getByRole('button', { name: 'Publish exam' }).click();
  const { exam } = (await (await created).json()).data as { exam: { _id: string } };
  await expect(page.getByText('Exam published successfully!')).toBeVisible();

  // The exam's page and its printed paper say what the question takes.
  await page.goto(`/admin/exam/${exam._id}`);
  await expect(page.getByText('Up to 3 files, PDF or images, 10 MB each')).toBeVisible();
  await page.goto(`/admin/exam/${exam._id}/print`);
  await expect(page.getByText('Attach your working: up to 3 files, PDF or images.')).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'Printed paper with a file upload question');
  await logout(page);

  // The student uploads a photo and a PDF through the API and submits.
  const photo = await photoOfWorking(page);
  await uploadAndSubmit(request, { email: sitting.email, examId: exam._id }, [
    { name: 'working-page-1.png', mimeType: 'image/png', buffer: photo },
    { name: 'working.pdf', mimeType: 'application/pdf', buffer: pdfOfWorking() },
  ]);

  // The marker sees both files inline beside the marks, and marks them as a written answer.
  const evaluatorEmail = await createEvaluator(request, exam._id);
  await signIn(page, evaluatorEmail, FACULTY_PASSWORD);
  await expect(page).toHaveURL(/\/faculty$/);
  await page.goto(`/faculty/grade/${exam._id}`);
  await expect(page).toHaveURL(/\?question=/);
  const answer = page.getByRole('article', { name: /^Script [0-9A-Z]{4}-[0-9A-Z]{4}$/ });
  const files = answer.getByRole('list', { name: 'Uploaded files' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  const shown = files.getByRole('img', { name: 'Uploaded file working-page-1.png' });
  await shown.scrollIntoViewIfNeeded();
  await expect
    .poll(() => shown.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBe(640);
  const frame = files.getByTitle('Uploaded PDF working.pdf');
  await frame.scrollIntoViewIfNeeded();
  const source = (await frame.getAttribute('src')) ?? '';
  // The frame shows the file itself, not the browser's page for a refused frame.
  await expect.poll(() => page.frames().some((each) => each.url().endsWith(source))).toBe(true);
  const served = await request.get(source);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^application\/pdf/);
  await expect(
    files.getByRole('link', { name: 'Open in a new tab (working.pdf)' }),
  ).toHaveAttribute('target', '_blank');
  await expectAccessibleAtBothWidths(page, 'Marking uploaded files');
  await screenshotsAtBothWidths(page, 'marking');

  await answer.getByLabel('Marks out of 5').fill('4');
  await answer.getByLabel('Comment (optional)').fill('Right method; show the units at each step');
  await answer.getByLabel('Comment (optional)').press('Enter');
  await expect(answer.getByRole('status')).toHaveText('Saved');
  await expect(page.getByRole('progressbar', { name: 'All written answers' })).toHaveAttribute(
    'aria-valuetext',
    '1 of 1 marked',
  );
  await logout(page);

  // Published, the result lists the student's files, each opening the file.
  const { tokens } = await apiSignIn(request, admin.email, admin.password);
  const published = await request.post(`/api/admin/publish-results/${exam._id}`, {
    headers: { Authorization: `Bearer ${tokens.accessToken}` },
  });
  expect(published.status(), await published.text()).toBe(200);
  await signIn(page, sitting.email, SITTING_PASSWORD);
  await expect(page).toHaveURL(/\/student$/);
  await page.goto(`/student/result/${exam._id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const result = page.getByRole('region', { name: 'Working', exact: true });
  await expect(result.getByText('4 / 5 marks')).toBeVisible();
  const listed = result.getByRole('list', { name: 'Your files' });
  await expect(listed.getByRole('listitem')).toHaveText([/^working-page-1\.png/, /^working\.pdf/]);
  const link = listed.getByRole('link', { name: 'working.pdf (opens in a new tab)' });
  const opened = await request.get((await link.getAttribute('href')) ?? '');
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toMatch(/^application\/pdf/);
  expect((await opened.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(result).toContainText('Right method; show the units at each step');
  await expectAccessibleAtBothWidths(page, 'Result with uploaded files');
  await screenshotsAtBothWidths(page, 'result');
});
