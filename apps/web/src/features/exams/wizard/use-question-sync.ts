import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { ExamWizardValues } from './exam-values';
import { countLostQuestions, regenerateQuestions, type SectionShape } from './regenerate-questions';

interface SectionsChange {
  /** Makes the change in the form (remove a section, set its type); nothing when already made. */
  apply?: () => void;
  /** Undoes a change already made in the form when the admin keeps the questions instead. */
  revert?: () => void;
}

interface PendingLoss {
  lost: number;
  confirm: () => void;
  cancel: () => void;
}

/**
 * Keeps each section's questions in step with the sections (spec section 4). The question lists
 * are always parallel to the sections as they stand, so the current values are the "before" of
 * every change. A change that would throw away written questions waits for the admin to confirm.
 */
export function useQuestionSync() {
  const { getValues, setValue, clearErrors } = useFormContext<ExamWizardValues>();
  const [pending, setPending] = useState<PendingLoss | null>(null);

  function request(sections: readonly SectionShape[], { apply, revert }: SectionsChange = {}) {
    const questions = getValues('questions');
    const next = regenerateQuestions(getValues('examSections'), questions, sections);
    const commit = () => {
      apply?.();
      if (next === questions) return;
      setValue('questions', next);
      // Errors shown for the old lists would sit at the wrong positions now.
      clearErrors('questions');
    };
    const lost = countLostQuestions(questions, next);
    if (lost === 0) {
      commit();
      return;
    }
    const close = () => setPending(null);
    setPending({
      lost,
      confirm: () => {
        commit();
        close();
      },
      cancel: () => {
        revert?.();
        close();
      },
    });
  }

  return { request, pending };
}
