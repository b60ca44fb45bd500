import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useGradeAnswer } from './api/grade-answer';

export interface MarkSave {
  status: 'saving' | 'saved' | 'failed';
  marks: number;
  comment: string;
  error?: string;
}

const SAVE_FAILED = 'The marks could not be saved';

function failureOf(error: unknown): string {
  const [fieldError] = Object.values(getFieldErrors(error));
  return fieldError ?? getErrorMessage(error, SAVE_FAILED);
}

/**
 * Saves marks at once, each answer's latest on its own, and remembers how every save went for as
 * long as the grading screen is open: a failed save stays listed with its marks until it is
 * retried, whichever question or page is on screen, and leaving the page asks first.
 */
export function useMarkSaver() {
  const { mutateAsync } = useGradeAnswer();
  const [saves, setSaves] = useState<ReadonlyMap<string, MarkSave>>(new Map());
  // Only the latest save of an answer reports back, so a slow earlier one cannot overwrite it.
  const latest = useRef(new Map<string, number>());

  const save = useCallback(
    (answerId: string, marks: number, comment: string) => {
      const ticket = (latest.current.get(answerId) ?? 0) + 1;
      latest.current.set(answerId, ticket);
      const settle = (next: MarkSave) => {
        if (latest.current.get(answerId) !== ticket) return;
        setSaves((current) => new Map(current).set(answerId, next));
      };
      settle({ status: 'saving', marks, comment });
      mutateAsync({ answerId, marks, ...(comment ? { comment } : {}) }).then(
        () => settle({ status: 'saved', marks, comment }),
        (error: unknown) => settle({ status: 'failed', marks, comment, error: failureOf(error) }),
      );
    },
    [mutateAsync],
  );

  const unsaved = [...saves.values()].filter((entry) => entry.status !== 'saved').length;
  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const failed = [...saves].filter(([, entry]) => entry.status === 'failed');
  const retryFailed = () => {
    for (const [answerId, entry] of failed) save(answerId, entry.marks, entry.comment);
  };

  return { saves, save, failed: failed.length, retryFailed };
}
export type MarkSaver = ReturnType<typeof useMarkSaver>;
