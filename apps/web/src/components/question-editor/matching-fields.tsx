import { EXAM_LIMITS } from '@examiq/contracts';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { ContentEditor } from '@/components/content-editor/content-editor';
import type { QuestionForm, QuestionPath } from './question-values';
import { TextListField } from './text-list-field';
import { flattenErrors, listMessage } from './validation-marks';

interface MatchingFieldsProps {
  path: QuestionPath;
  /** The question card was opened: the editors' toolbars load. */
  open: boolean;
  /** The question's errors, by field. */
  errors: Record<string, unknown> | undefined;
}

/**
 * A matching question's key: each prompt beside its match, and the distractors offered with the
 * matches that match no prompt.
 */
export function MatchingFields({ path, open, errors }: MatchingFieldsProps) {
  const { control, register } = useFormContext<QuestionForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.pairs` });
  const { min, max } = EXAM_LIMITS.matchingPairs;
  const pairErrors = errors?.pairs as Record<number, Record<string, unknown>> | undefined;
  const ownError = listMessage(errors?.pairs);

  return (
    <div className="space-y-5">
      <fieldset className="min-w-0 space-y-2.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Pairs</legend>
        <p className="text-sm text-slate-500">
          Each prompt with its match; the student sees the matches shuffled.
        </p>
        <ol className="space-y-2">
          {fields.map((pair, index) => {
            const at = `${path}.pairs.${index}` as const;
            return (
              <li key={pair.id}>
                <fieldset className="flex min-w-0 items-start gap-2 rounded-lg border border-slate-200 p-3">
                  <legend className="px-1 text-xs font-medium text-slate-500">{`Pair ${index + 1}`}</legend>
                  <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-2">
                    <ContentEditor
                      label={`Prompt ${index + 1}`}
                      compact
                      inline
                      open={open}
                      error={flattenErrors(pairErrors?.[index]?.prompt)[0]?.message}
                      {...register(`${at}.prompt`)}
                    />
                    <ContentEditor
                      label={`Match ${index + 1}`}
                      compact
                      inline
                      open={open}
                      error={flattenErrors(pairErrors?.[index]?.match)[0]?.message}
                      {...register(`${at}.match`)}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    className="mt-7 px-2 sm:px-2.5"
                    aria-label={`Remove pair ${index + 1}`}
                    disabled={fields.length <= min}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        {ownError && <p className="text-sm text-red-600">{ownError}</p>}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={fields.length >= max}
            onClick={() => append({ prompt: '', match: '' }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add pair
          </Button>
          <span className="text-sm text-slate-500">{`${min} to ${max} pairs.`}</span>
        </div>
      </fieldset>
      <TextListField
        name={`${path}.distractors`}
        legend="Distractors"
        itemLabel="Distractor"
        min={0}
        max={EXAM_LIMITS.distractors}
        content
        open={open}
        errors={errors?.distractors}
        note={`Optional: up to ${EXAM_LIMITS.distractors} matches that match no prompt.`}
      />
    </div>
  );
}
