import { ANSWER_FILE_MESSAGES } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import type { UploadLimits } from '@/components/answer-files';
import { checkChosenFiles } from './answer-files';

const MB = 1024 * 1024;
const limits: UploadLimits = { fileTypes: ['PDF', 'IMAGE'], maxFiles: 3, maxFileMb: 10 };
const file = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

describe('checking chosen files before they upload', () => {
  it('takes PDFs and images within the size, and names each file left out with the reason', () => {
    const { accepted, problems } = checkChosenFiles(
      limits,
      [
        file('working.pdf', 'application/pdf'),
        file(
          'notes.docx',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
        file('photo.jpg', 'image/jpeg', 10 * MB + 1),
        file('photo-small.webp', 'image/webp', 10 * MB),
      ],
      0,
    );

    expect(accepted.map((chosen) => chosen.name)).toEqual(['working.pdf', 'photo-small.webp']);
    expect(problems).toEqual([
      `notes.docx: ${ANSWER_FILE_MESSAGES.wrongKind(['PDF', 'IMAGE'])}`,
      `photo.jpg: ${ANSWER_FILE_MESSAGES.tooLarge(10)}`,
    ]);
  });

  it("refuses what the question's kinds leave out, going by the name when the browser gives no type", () => {
    const pdfOnly = { ...limits, fileTypes: ['PDF' as const] };
    const { accepted, problems } = checkChosenFiles(
      pdfOnly,
      [file('scan.PDF', ''), file('page.png', 'image/png'), file('README', '')],
      0,
    );

    expect(accepted.map((chosen) => chosen.name)).toEqual(['scan.PDF']);
    expect(problems).toEqual([
      `page.png: ${ANSWER_FILE_MESSAGES.wrongKind(['PDF'])}`,
      `README: ${ANSWER_FILE_MESSAGES.wrongKind(['PDF'])}`,
    ]);
  });

  it('counts the files the question already holds, uploaded or waiting', () => {
    const { accepted, problems } = checkChosenFiles(
      limits,
      [file('page-3.png', 'image/png'), file('page-4.png', 'image/png')],
      2,
    );

    expect(accepted.map((chosen) => chosen.name)).toEqual(['page-3.png']);
    expect(problems).toEqual([`page-4.png: ${ANSWER_FILE_MESSAGES.tooManyFiles(3)}`]);
  });
});
