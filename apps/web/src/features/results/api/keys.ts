/** Every results query starts with this key, so publishing refreshes every list and exam page. */
export const resultsQueryKey = ['results'] as const;

export function examResultsQueryKey(examId: string) {
  return [...resultsQueryKey, 'exam', examId] as const;
}

/** One attempt's proctoring timeline, which reviewing one of its flags refreshes. */
export function attemptTimelineQueryKey(attemptId: string) {
  return [...resultsQueryKey, 'timeline', attemptId] as const;
}
