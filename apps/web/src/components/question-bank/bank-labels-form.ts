import {
  type BankQuestionInput,
  bankQuestionSchema,
  fieldErrors,
  type UpdateBankQuestionInput,
  updateBankQuestionSchema,
} from '@examiq/contracts';
import type { QuestionValues } from '@/components/question-editor/question-values';

/**
 * A bank question's place and labels as a form edits them: tags typed as one line, separated by
 * commas, and no Bloom's level ('') until one is chosen.
 */
export interface BankLabelValues {
  courseId: string;
  category: string;
  tags: string;
  bloomLevel: string;
  courseOutcomes: string[];
}

export const LABEL_FIELDS = ['courseId', 'category', 'tags', 'bloomLevel', 'courseOutcomes'];

export function emptyLabels(courseId = ''): BankLabelValues {
  return { courseId, category: '', tags: '', bloomLevel: '', courseOutcomes: [] };
}

/** 'kirchhoff, circuits,' as the payload's tags: each trimmed, the empty ones dropped. */
export function tagsOf(line: string): string[] {
  return line
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The payload's flat shape: the labels beside the question's own fields, without its form id. */
export function bankPayloadOf(
  labels: BankLabelValues,
  question: QuestionValues,
): UpdateBankQuestionInput {
  const { id: _formOnly, ...content } = question;
  return {
    ...content,
    courseId: labels.courseId,
    category: labels.category,
    tags: tagsOf(labels.tags),
    bloomLevel: labels.bloomLevel as BankQuestionInput['bloomLevel'],
    courseOutcomes: labels.courseOutcomes,
  } as UpdateBankQuestionInput;
}

/**
 * The contract's messages for a payload, keyed by the form's paths: a label at its own name (a
 * tag's message on the tags line), a question's field under `questionPath`.
 */
export function bankFormErrors(
  flat: Record<string, string>,
  questionPath: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(flat)) {
    const root = path.split('.')[0] ?? '';
    const key =
      root === 'tags'
        ? 'tags'
        : LABEL_FIELDS.includes(root) || root === 'status'
          ? path
          : `${questionPath}.${path}`;
    errors[key] ??= message;
  }
  return errors;
}

/** The contract's check of a new question (with its status) or an edit, as form errors. */
export function checkBankQuestion(
  payload: UpdateBankQuestionInput & { status?: 'DRAFT' | 'READY' },
  questionPath: string,
): Record<string, string> {
  const schema = payload.status ? bankQuestionSchema : updateBankQuestionSchema;
  const result = schema.safeParse(payload);
  return result.success ? {} : bankFormErrors(fieldErrors(result.error.issues), questionPath);
}
