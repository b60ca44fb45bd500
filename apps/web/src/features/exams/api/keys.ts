/** Every exams query starts with this key, so creating an exam refreshes every exam list. */
export const examsQueryKey = ['exams'] as const;

/** One exam as its page and the wizard's edit read it. */
export function examQueryKey(examId: string) {
  return [...examsQueryKey, examId, 'detail'] as const;
}

/** Every page and search of one exam's sittings, which granting extra time refreshes. */
export function sittingsQueryKey(examId: string) {
  return [...examsQueryKey, examId, 'sittings'] as const;
}

/** Who evaluates one exam, which saving the evaluators refreshes. */
export function evaluatorsQueryKey(examId: string) {
  return [...examsQueryKey, examId, 'evaluators'] as const;
}
