/** Every query of the faculty area starts with this key, so a saved mark refreshes them all. */
export const facultyAreaQueryKey = ['faculty-area'] as const;

export const facultyExamsQueryKey = [...facultyAreaQueryKey, 'my-exams'] as const;

/** Every page and filter of one exam's answers to grade. */
export function answersToGradeQueryKey(examId: string) {
  return [...facultyAreaQueryKey, 'answers-to-grade', examId] as const;
}
