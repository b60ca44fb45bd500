import { describe, expect, it } from 'vitest';
import { fileSizeText, uploadLimitsText } from './answer-files';

const MB = 1024 * 1024;

describe('a file upload question’s limits in words', () => {
  it('says how many files, of which kinds, and how large', () => {
    expect(uploadLimitsText({ fileTypes: ['PDF', 'IMAGE'], maxFiles: 3, maxFileMb: 10 })).toBe(
      'Up to 3 files, PDF or images, 10 MB each',
    );
    expect(uploadLimitsText({ fileTypes: ['PDF'], maxFiles: 1, maxFileMb: 5 })).toBe(
      'One file, PDF, up to 5 MB',
    );
    expect(uploadLimitsText({ fileTypes: ['IMAGE'], maxFiles: 1, maxFileMb: 20 })).toBe(
      'One file, image, up to 20 MB',
    );
  });
});

describe('a file size in words', () => {
  it('uses bytes, KB or MB', () => {
    expect([fileSizeText(900), fileSizeText(84_000), fileSizeText(2.45 * MB)]).toEqual([
      '900 bytes',
      '82 KB',
      '2.5 MB',
    ]);
  });
});
