import { z } from 'zod';
import {
  BANK_LIMITS,
  BANK_MESSAGES,
  bloomLevelSchema,
  categoryField,
  tagsField,
} from './bank-labels';
import { idField } from './fields';
import {
  incompleteQuestionSchema,
  QUESTION_FILE_LIMITS,
  QUESTION_IMPORT_FORMATS,
  questionExportFormatSchema,
  questionImportFormatSchema,
  questionImportWarningSchema,
} from './question-interchange';

// --- Many questions at once: bulk actions, import and export ----------------------------------

export const BANK_IO_LIMITS = {
  /**
   * The questions one bulk action or one export of a selection takes: two full pages of the
   * list, and an export's ids still fit an address (200 ids are about 7,400 characters).
   */
  selection: 200,
} as const;

/**
 * What a bulk action does to every question chosen: move them to a category, add or remove tags,
 * retire them, or set them back to Draft (from Ready or Retired). Content never changes, so no
 * version does; each question gets its next revision in its history, as a single edit writes.
 */
export const BANK_BULK_ACTIONS = ['move', 'add-tags', 'remove-tags', 'retire', 'draft'] as const;
export type BankBulkAction = (typeof BANK_BULK_ACTIONS)[number];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const BANK_IO_MESSAGES = {
  idsRequired: 'Please choose the questions',
  idsTooMany: `Choose at most ${BANK_IO_LIMITS.selection} questions at a time`,
  idRepeated: 'Each question can be chosen once',
  actionInvalid: 'Please choose move, add-tags, remove-tags, retire or draft',
  categoryRequired: 'Please choose the category to move the questions to',
  tagsRequired: 'Please give at least one tag',
  notInBank: (count: number) =>
    `${plural(count, 'chosen question')} ${count === 1 ? 'is' : 'are'} not in this course's bank: reload the list and choose again`,
  retiredChosen: (count: number) =>
    `${plural(count, 'chosen question')} ${count === 1 ? 'is' : 'are'} retired: a retired question is set to Draft before it is moved or tagged`,
  tooManyTags: (label: string) =>
    `"${label}" would have more than ${BANK_LIMITS.tags} tags: remove some of its tags first`,
  categoryTooDeep: BANK_MESSAGES.categoryLevels,
  done: (action: BankBulkAction, count: number, category?: string) =>
    ({
      move: `${plural(count, 'question')} moved to ${category || 'the top of the bank'}`,
      'add-tags': `${plural(count, 'question')} tagged`,
      'remove-tags': `Tags removed from ${plural(count, 'question')}`,
      retire: `${plural(count, 'question')} retired`,
      draft: `${plural(count, 'question')} set to Draft`,
    })[action],
  imported: (count: number, incomplete: number, skipped: number) =>
    [
      `${plural(count, 'question')} imported as Draft`,
      incomplete > 0 ? `${incomplete} to complete in the file` : '',
      skipped > 0 ? `${skipped} skipped` : '',
    ]
      .filter(Boolean)
      .join(', '),
  nothingImported: 'No question of this file could be imported: see what each one needs',
  /** A category of the file that the bank cannot hold (too deep, a level too long). */
  categoryNotKept: (path: string, reason: string, target: string) =>
    `The category "${path}" could not be kept (${reason}): the question is in ${target || 'the top of the bank'}`,
  nothingToExport: 'There are no questions to export in this category',
  exportTooLarge: `A file holds at most ${QUESTION_FILE_LIMITS.maxQuestions} questions: export the subcategories one by one`,
} as const;

export const bulkBankQuestionsSchema = z
  .object({
    courseId: idField('Course is required', 'Please select a valid course'),
    ids: z
      .array(idField(BANK_IO_MESSAGES.idsRequired, 'Please select a valid question'), {
        error: BANK_IO_MESSAGES.idsRequired,
      })
      .min(1, BANK_IO_MESSAGES.idsRequired)
      .max(BANK_IO_LIMITS.selection, BANK_IO_MESSAGES.idsTooMany)
      .refine((ids) => new Set(ids).size === ids.length, BANK_IO_MESSAGES.idRepeated),
    action: z.enum(BANK_BULK_ACTIONS, { error: BANK_IO_MESSAGES.actionInvalid }),
    /** The category a move goes to ('' is the top of the bank). */
    category: categoryField.optional(),
    /** The tags added or removed (ignoring case). */
    tags: tagsField.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action === 'move' && input.category === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: BANK_IO_MESSAGES.categoryRequired,
      });
    }
    if (
      (input.action === 'add-tags' || input.action === 'remove-tags') &&
      (input.tags ?? []).length === 0
    ) {
      ctx.addIssue({ code: 'custom', path: ['tags'], message: BANK_IO_MESSAGES.tagsRequired });
    }
  });
export type BulkBankQuestionsInput = z.input<typeof bulkBankQuestionsSchema>;
export type BulkBankQuestionsPayload = z.output<typeof bulkBankQuestionsSchema>;

export const bulkBankQuestionsDataSchema = z.object({
  action: z.enum(BANK_BULK_ACTIONS),
  /** The questions the action changed: each has its next revision. */
  changed: z.number(),
  /** The questions already as the action would leave them: nothing was written for them. */
  unchanged: z.number(),
});
export type BulkBankQuestionsData = z.infer<typeof bulkBankQuestionsDataSchema>;

/** A Bloom's level the file cannot carry: every question imported gets the one chosen. */
export const IMPORTED_BLOOM_LEVEL = 'UNDERSTAND';

/** The text fields of the multipart body of POST /{area}/import-bank-questions/{courseId}. */
export const importBankQuestionsFieldsSchema = z.object({
  format: questionImportFormatSchema,
  /** Where the file's categories go: under this one ('' or left out: the top of the bank). */
  category: categoryField.default(''),
  bloomLevel: bloomLevelSchema.default(IMPORTED_BLOOM_LEVEL),
});
export type ImportBankQuestionsFields = z.output<typeof importBankQuestionsFieldsSchema>;

export const importBankQuestionsDataSchema = z.object({
  format: z.enum(QUESTION_IMPORT_FORMATS),
  /** The questions written to the bank, as Draft. */
  imported: z.number(),
  /** The categories they went to, by path, with how many each received. */
  categories: z.array(z.object({ path: z.string(), count: z.number() })),
  /** Questions the exam's rules refuse as the file has them: not written, to fix in the file. */
  incomplete: z.array(incompleteQuestionSchema),
  warnings: z.array(questionImportWarningSchema),
});
export type ImportBankQuestionsData = z.infer<typeof importBankQuestionsDataSchema>;

/**
 * GET /{area}/export-bank-questions: a selection (`ids`, comma-separated) or else a category
 * (with its subcategories unless told otherwise; none is the whole bank).
 */
export const exportBankQuestionsQuerySchema = z.object({
  courseId: idField('Course is required', 'Please select a valid course'),
  format: questionExportFormatSchema,
  category: categoryField.optional(),
  includeSubcategories: z
    .enum(['true', 'false'], { error: 'Include subcategories must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  ids: z
    .string({ error: 'Ids must be question ids separated by commas' })
    .max(BANK_IO_LIMITS.selection * 37, BANK_IO_MESSAGES.idsTooMany)
    .optional()
    .transform((value) => (value ? value.split(',').map((id) => id.trim()) : undefined))
    .pipe(
      z
        .array(z.uuid('Please select a valid question'))
        .min(1, BANK_IO_MESSAGES.idsRequired)
        .max(BANK_IO_LIMITS.selection, BANK_IO_MESSAGES.idsTooMany)
        .optional(),
    ),
});
export type ExportBankQuestionsQuery = z.output<typeof exportBankQuestionsQuerySchema>;
