import { PROCTORING_THRESHOLD_LIMITS } from '@examiq/contracts';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FieldGrid } from '@/components/person-form';
import { recheck } from '@/components/question-editor/form-helpers';
import { NumberField } from '@/components/question-editor/number-field';
import { SettingCard } from './exam-info-step';
import type { ExamWizardValues } from './exam-values';

const { warnAt, flagAt, autoSubmitAfterFlags } = PROCTORING_THRESHOLD_LIMITS;

/**
 * A PROCTORING exam's rules: at which signal of one kind the proctors are warned and from which
 * one each is a flag, and whether enough flags submit the attempt (off unless turned on).
 */
export function ProctoringRulesFields() {
  const form = useFormContext<ExamWizardValues>();
  const { register, control } = form;
  const { errors } = useFormState({ control, name: 'proctoringThresholds' });
  const autoSubmit = useWatch({ control, name: 'proctoringThresholds.autoSubmit' });
  const fieldErrors = errors.proctoringThresholds;

  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-800">Proctoring rules</legend>
      <p className="mb-3 text-sm text-slate-500">
        Each kind of signal (leaving the exam tab or fullscreen, pasting, no face in the camera, …)
        is counted on its own. By default the first signal of a kind warns the proctors and the
        third is a flag for them to review.
      </p>
      <div className="space-y-4">
        <FieldGrid>
          <NumberField
            label="Warning Threshold"
            min={warnAt.min}
            max={warnAt.max}
            hint={`From this signal of one kind on, the proctors are warned (${warnAt.min} to ${warnAt.max})`}
            error={fieldErrors?.warnAt?.message}
            {...register('proctoringThresholds.warnAt', {
              valueAsNumber: true,
              onChange: () => recheck(form, 'proctoringThresholds.flagAt'),
            })}
          />
          <NumberField
            label="Flag Threshold"
            min={flagAt.min}
            max={flagAt.max}
            hint={`From this signal of one kind on, each is a flag to review (${flagAt.min} to ${flagAt.max})`}
            error={fieldErrors?.flagAt?.message}
            {...register('proctoringThresholds.flagAt', { valueAsNumber: true })}
          />
        </FieldGrid>
        <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
          <SettingCard
            name="proctoringThresholds.autoSubmit"
            label="Submit automatically after too many flags"
            hint="Off by default. Once an attempt has this many flags not dismissed, it is submitted with its saved answers"
          />
          {autoSubmit && (
            <NumberField
              label="Flags Before Submission"
              min={autoSubmitAfterFlags.min}
              max={autoSubmitAfterFlags.max}
              hint={`Flags not dismissed that submit the attempt (${autoSubmitAfterFlags.min} to ${autoSubmitAfterFlags.max})`}
              error={fieldErrors?.autoSubmitAfterFlags?.message}
              {...register('proctoringThresholds.autoSubmitAfterFlags', { valueAsNumber: true })}
            />
          )}
        </div>
      </div>
    </fieldset>
  );
}
