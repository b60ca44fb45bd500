import { gradeAnswerSchema, RESULT_MESSAGES } from '@examiq/contracts';

/** The marks typed, checked as the server checks them, or why they cannot be saved. */
export function parseMarks(typed: string, max: number): { marks: number } | { error: string } {
  if (typed.trim() === '') return { error: 'Type the marks' };
  const parsed = gradeAnswerSchema.shape.marks.safeParse(Number(typed));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Marks are not valid' };
  if (parsed.data > max) return { error: RESULT_MESSAGES.marksAboveQuestion(max) };
  return { marks: parsed.data };
}
