import { z } from 'zod';
import {
  drawRuleRecordSchema,
  examListItemSchema,
  examSectionSchema,
  questionSchema,
} from './exams';

/** One group of the audience by name: a course's branch and the sections of it that sit. */
export const audienceGroupNamesSchema = z.object({
  course: z.string(),
  branch: z.string(),
  sections: z.array(z.string()),
});
export type AudienceGroupNames = z.infer<typeof audienceGroupNamesSchema>;

import { mediaUrlsSchema } from './media';
import { proctoringThresholdsSchema } from './proctoring-thresholds';

/**
 * What an exam allows to change now. FULL: a draft, or a published exam whose window has not
 * opened and that nobody has started. SCHEDULE_END: once it has opened or anyone started it, only
 * the end of its schedule and its buffers. NONE: its results are published.
 */
export const EXAM_CHANGE_SCOPES = ['FULL', 'SCHEDULE_END', 'NONE'] as const;
export type ExamChangeScope = (typeof EXAM_CHANGE_SCOPES)[number];

/** One exam as the admin reads it back: everything the wizard sent, with the names it chose. */
export const examDetailSchema = examListItemSchema.extend({
  examDescription: z.string(),
  generalInstructions: z.array(z.string()),
  batchId: z.string(),
  courseId: z.string(),
  branchId: z.string(),
  /** The first group's sections; the other groups' are in additionalAudiences. */
  sectionIds: z.array(z.string()),
  /** The branches beside the first group's, each with its course and sections. */
  additionalAudiences: z.array(
    z.object({ courseId: z.string(), branchId: z.string(), sectionIds: z.array(z.string()) }),
  ),
  audience: z.object({
    batch: z.string(),
    course: z.string(),
    branch: z.string(),
    sections: z.array(z.string()),
    /** Every group, the first one first, by name. */
    groups: z.array(audienceGroupNamesSchema),
    faculty: z.array(z.object({ userId: z.string(), name: z.string() })),
  }),
  /** The thresholds a PROCTORING exam applies (its own, or the defaults); null for AUTO. */
  proctoringThresholds: proctoringThresholdsSchema.nullable(),
  examSections: z.array(
    examSectionSchema
      .required({ id: true })
      .extend({ draw: z.array(drawRuleRecordSchema).optional() }),
  ),
  /** Each question with, when copied from a bank, the bank question and the version copied. */
  questions: z.array(
    z.array(
      z.intersection(
        questionSchema,
        z.object({ bankQuestionId: z.string().optional(), bankVersion: z.number().optional() }),
      ),
    ),
  ),
  startedCount: z.number(),
  /** Students writing it at this moment: what "End exam now" would submit. */
  inProgressCount: z.number(),
  /** Whether "End exam now" is accepted: published, running, and not over. */
  canEndNow: z.boolean(),
  resultsPublished: z.boolean(),
  changeScope: z.enum(EXAM_CHANGE_SCOPES),
});
export type ExamDetail = z.infer<typeof examDetailSchema>;
export const examDetailDataSchema = z.object({
  exam: examDetailSchema,
  /** Signed URLs of the images its content shows, by media id (see media.ts). */
  mediaUrls: mediaUrlsSchema.optional(),
});

export const EXAM_RECORD_MESSAGES = {
  updated: 'Exam updated successfully',
  deleted: 'Exam deleted successfully',
  duplicated: 'Exam copied into a new draft',
  scheduleEndOnly:
    'This exam has opened or been started: only the end of its schedule and its buffers can change',
  resultsPublished: 'The results of this exam are published: it can no longer be changed',
  startedNoDelete: 'Students have started this exam: it cannot be deleted',
  updateFailed: 'Error updating exam. Please try again.',
  deleteFailed: 'Error deleting exam. Please try again.',
  duplicateFailed: 'Error copying exam. Please try again.',
  loadFailed: 'Failed to load exam',
  copySuffix: ' (copy)',
} as const;
