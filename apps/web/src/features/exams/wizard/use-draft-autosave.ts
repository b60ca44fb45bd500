import { useCallback, useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { clearDraft, saveDraft } from './draft-storage';
import type { ExamWizardValues } from './exam-values';
import type { ValidationContext } from './resolver';
import type { StepId } from './steps';

/** Typing pauses this long before the exam is written to this device again. */
const DRAFT_DELAY_MS = 500;

/**
 * Keeps the exam being built in local storage, a moment after each change and at once when the
 * page is left, so a reload or an expired session loses nothing. `discard` stops it and removes
 * the stored copy, once the exam is safely on the server.
 */
export function useDraftAutosave(
  form: UseFormReturn<ExamWizardValues, ValidationContext>,
  userId: string,
  step: StepId,
) {
  const currentStep = useRef(step);
  const stopped = useRef(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    currentStep.current = step;
  }, [step]);

  useEffect(() => {
    const save = () => {
      pending.current = undefined;
      if (!stopped.current) saveDraft(userId, form.getValues(), currentStep.current);
    };
    const flush = () => {
      if (pending.current === undefined) return;
      clearTimeout(pending.current);
      save();
    };
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(pending.current);
        pending.current = setTimeout(save, DRAFT_DELAY_MS);
      },
    });
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [form, userId]);

  const discard = useCallback(() => {
    stopped.current = true;
    clearTimeout(pending.current);
    pending.current = undefined;
    clearDraft(userId);
  }, [userId]);

  return { discard };
}
