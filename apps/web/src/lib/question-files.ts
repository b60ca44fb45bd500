import {
  QUESTION_FILE_LIMITS,
  QUESTION_FORMAT_ACCEPT,
  QUESTION_FORMAT_LABELS,
  QUESTION_IMPORT_FORMATS,
  QUESTION_INTERCHANGE_MESSAGES,
  type QuestionImportFormat,
} from '@examiq/contracts';

/** The formats a question file may be in, as a dropdown offers them. */
export const QUESTION_FORMAT_OPTIONS = QUESTION_IMPORT_FORMATS.map((format) => ({
  value: format,
  label: QUESTION_FORMAT_LABELS[format],
}));

/** What a picker of question files offers: every format's extensions. */
export const QUESTION_FILE_ACCEPT = [
  ...new Set(Object.values(QUESTION_FORMAT_ACCEPT).join(',').split(',')),
].join(',');

/** The formats a file name's extension can be; a `.txt` may be GIFT or Aiken, so both. */
export function formatsOf(fileName: string): QuestionImportFormat[] {
  const extension = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0];
  return QUESTION_IMPORT_FORMATS.filter(
    (format) => extension && QUESTION_FORMAT_ACCEPT[format].split(',').includes(extension),
  );
}

/** What is wrong with the chosen question file before it is sent, if anything. */
export function questionFileProblem(file: File | null): string | undefined {
  if (!file) return QUESTION_INTERCHANGE_MESSAGES.fileRequired;
  if (file.size === 0) return QUESTION_INTERCHANGE_MESSAGES.fileEmpty;
  if (file.size > QUESTION_FILE_LIMITS.maxBytes) return QUESTION_INTERCHANGE_MESSAGES.tooLarge;
  return undefined;
}
