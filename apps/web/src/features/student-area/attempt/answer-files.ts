import {
  ANSWER_FILE_MESSAGES,
  DEFAULT_UPLOAD_SETTINGS,
  FILE_KIND_ACCEPT,
  FILE_KIND_CONTENT_TYPES,
  FILE_KINDS,
  type FileKind,
  type StudentQuestion,
} from '@examiq/contracts';
import type { UploadLimits } from '@/components/answer-files';

const MEGABYTE = 1024 * 1024;

/** A file upload question's limits; the contract's defaults for any the paper leaves out. */
export function uploadLimitsOf(question: StudentQuestion): UploadLimits {
  return {
    fileTypes: question.fileTypes ?? FILE_KINDS,
    maxFiles: question.maxFiles ?? DEFAULT_UPLOAD_SETTINGS.maxFiles,
    maxFileMb: question.maxFileMb ?? DEFAULT_UPLOAD_SETTINGS.maxFileMb,
  };
}

/**
 * Whether a file is of one of the kinds, as the browser tells its type; a file the browser
 * gives no type goes by its extension. The server decides from the bytes in the end.
 */
function isOfKinds(file: File, kinds: readonly FileKind[]): boolean {
  if (file.type) return kinds.some((kind) => FILE_KIND_CONTENT_TYPES[kind].includes(file.type));
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0];
  return (
    extension !== undefined &&
    kinds.some((kind) => FILE_KIND_ACCEPT[kind].split(',').includes(extension))
  );
}

/**
 * The chosen files the question can take, and why each other one was left out: its kind, its
 * size, or the question holding as many files as it takes (`held`, uploaded or waiting).
 */
export function checkChosenFiles(limits: UploadLimits, chosen: readonly File[], held: number) {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of chosen) {
    let problem: string | null = null;
    if (!isOfKinds(file, limits.fileTypes)) {
      problem = ANSWER_FILE_MESSAGES.wrongKind(limits.fileTypes);
    } else if (file.size > limits.maxFileMb * MEGABYTE) {
      problem = ANSWER_FILE_MESSAGES.tooLarge(limits.maxFileMb);
    } else if (held + accepted.length >= limits.maxFiles) {
      problem = ANSWER_FILE_MESSAGES.tooManyFiles(limits.maxFiles);
    }
    if (problem) problems.push(`${file.name}: ${problem}`);
    else accepted.push(file);
  }
  return { accepted, problems };
}
