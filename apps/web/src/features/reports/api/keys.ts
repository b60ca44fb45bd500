/** Every query of the reports feature starts with this key. */
export const reportsQueryKey = ['reports'] as const;

/** One exam's report, which an applied regrade refreshes once its job is done. */
export function examReportQueryKey(examId: string) {
  return [...reportsQueryKey, 'exam', examId] as const;
}

export function regradeJobQueryKey(jobId: string) {
  return [...reportsQueryKey, 'regrade-job', jobId] as const;
}
