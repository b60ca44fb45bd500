import { z } from 'zod';
import { type ExamWizardValues, emptyExamValues } from './exam-values';
import { regenerateQuestions } from './regenerate-questions';
import { STEP_IDS, type StepId } from './steps';

/**
 * The exam being built is kept on this device, per signed-in user, so a reload or an expired
 * session loses nothing. It is the wizard's own value, not something the server sent: the shape
 * is checked only as far as the wizard needs to open it, and anything unreadable is dropped.
 */
const storedDraftSchema = z.object({
  version: z.literal(1),
  savedAt: z.string(),
  step: z.enum(STEP_IDS),
  values: z.looseObject({
    scheduleDetails: z.looseObject({}).optional(),
    proctoringThresholds: z.looseObject({}).optional(),
    examSections: z.array(z.looseObject({ id: z.string() })).optional(),
    questions: z.array(z.array(z.looseObject({ id: z.string() }))).optional(),
  }),
});

export interface StoredDraft {
  savedAt: string;
  step: StepId;
  values: ExamWizardValues;
}

export function draftKey(userId: string): string {
  return `examiq.exam-draft.${userId}`;
}

/** JSON writes the NaN of an emptied number input as null; back in the form it is empty again. */
function emptyNumbers(_key: string, value: unknown) {
  return value === null ? Number.NaN : value;
}

/** What a section kept before sections could draw their questions holds: a listed section's. */
const LISTED_SECTION = { source: 'LISTED', draw: [], answerAny: Number.NaN } as const;

/** Fields a draft lacks take their defaults. */
function withDefaults(stored: Partial<ExamWizardValues>): ExamWizardValues {
  const empty = emptyExamValues();
  const values = {
    ...empty,
    ...stored,
    scheduleDetails: { ...empty.scheduleDetails, ...stored.scheduleDetails },
    proctoringThresholds: { ...empty.proctoringThresholds, ...stored.proctoringThresholds },
    examSections: (stored.examSections ?? []).map((section) => ({
      ...LISTED_SECTION,
      ...section,
    })),
  };
  // A draft saved between typing a new question count and leaving the field has lists that do
  // not match their sections yet.
  values.questions = regenerateQuestions(
    values.examSections,
    values.questions,
    values.examSections,
  );
  return values;
}

export function loadDraft(userId: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (!raw) return null;
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw, emptyNumbers));
    if (!parsed.success) return null;
    const { savedAt, step, values } = parsed.data;
    return { savedAt, step, values: withDefaults(values as Partial<ExamWizardValues>) };
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, values: ExamWizardValues, step: StepId): void {
  const draft = { version: 1, savedAt: new Date().toISOString(), step, values };
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(draft));
  } catch {
    // A full or disabled storage only costs the safety net; the exam on screen is untouched.
  }
}

export function clearDraft(userId: string): void {
  localStorage.removeItem(draftKey(userId));
}
