import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ExamWizardValues } from './exam-values';
import type { ValidationContext } from './resolver';
import { sameStatus, wizardStatus } from './steps';

/** Typing pauses this long before the step flags are worked out again. */
const STATUS_DELAY_MS = 150;

/** Whether editing `name` touches the field the server refused at `path`. */
function touches(name: string, path: string): boolean {
  return name === path || name.startsWith(`${path}.`) || path.startsWith(`${name}.`);
}

/**
 * The step validity flags and marks warnings, worked out from the form's values outside of
 * rendering, a moment after the last change: no keystroke waits for 250 questions to be checked.
 * Steps holding a field the server refused stay invalid until that field is edited.
 */
export function useWizardStatus(
  form: UseFormReturn<ExamWizardValues, ValidationContext>,
  maxDuration: number,
) {
  const refused = useRef(new Set<string>());
  const [status, setStatus] = useState(() => wizardStatus(form.getValues(), maxDuration));

  const refresh = useCallback(() => {
    const next = wizardStatus(form.getValues(), maxDuration, refused.current);
    setStatus((current) => (sameStatus(current, next) ? current : next));
    return next;
  }, [form, maxDuration]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name) {
          for (const path of refused.current) if (touches(name, path)) refused.current.delete(path);
        }
        clearTimeout(timer);
        timer = setTimeout(refresh, STATUS_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [form, refresh]);

  const markRefused = useCallback(
    (paths: readonly string[]) => {
      refused.current = new Set(paths);
      refresh();
    },
    [refresh],
  );

  return { status, refresh, markRefused };
}
