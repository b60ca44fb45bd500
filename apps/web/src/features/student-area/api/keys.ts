/** Every query of the student area starts with this key. */
export const studentQueryKey = ['student'] as const;

export const myExamsQueryKey = [...studentQueryKey, 'my-exams'] as const;

export function lobbyQueryKey(examId: string) {
  return [...studentQueryKey, 'exam', examId] as const;
}

export function attemptQueryKey(attemptId: string) {
  return [...studentQueryKey, 'attempt', attemptId] as const;
}

export function resultQueryKey(examId: string) {
  return [...studentQueryKey, 'result', examId] as const;
}

export function messagesQueryKey(attemptId: string) {
  return [...attemptQueryKey(attemptId), 'messages'] as const;
}
