import { EXAM_LIMITS } from '@examiq/contracts';
import { Plus, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { ContentEditor } from '@/components/content-editor/content-editor';
import { recheck } from './form-helpers';
import type { QuestionForm, QuestionPath } from './question-values';
import { flattenErrors, listMessage } from './validation-marks';

interface AnswerOptionsProps {
  path: QuestionPath;
  /** True/False: the two options are given; their texts cannot change and none is added. */
  fixed: boolean;
  /** Multiple select: any number of options may be correct, and up to 10 are given. */
  multiple?: boolean;
  /** The question card was opened: the options' editors load. */
  open: boolean;
  /** The question's errors under `options`. */
  errors: unknown;
}

/**
 * Answer options with their Correct checkboxes: one option is the correct answer, or, for a
 * multiple select, any of them are.
 */
export function AnswerOptions({ path, fixed, multiple = false, open, errors }: AnswerOptionsProps) {
  const form = useFormContext<QuestionForm>();
  const { control, register, setValue } = form;
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.options` });
  const ownError = listMessage(errors);
  const { min: minOptions, max: maxOptions } = multiple
    ? EXAM_LIMITS.multiSelectOptions
    : EXAM_LIMITS.mcqOptions;

  const markCorrect = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.checked && !multiple) {
      fields.forEach((_, other) => {
        if (other !== index) setValue(`${path}.options.${other}.isCorrect`, false);
      });
    }
    recheck(form, `${path}.options`);
  };

  return (
    <fieldset className="min-w-0 space-y-2.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Answer Options</legend>
      {fields.length === 0 && (
        <p className="text-sm text-slate-500">{`No options yet. Add between ${minOptions} and ${maxOptions}.`}</p>
      )}
      <ul className="space-y-2">
        {fields.map((option, index) => {
          const name = `Option ${index + 1}`;
          const text = `${path}.options.${index}.text` as const;
          const textError = flattenErrors(
            (errors as Record<number, unknown> | undefined)?.[index],
          )[0];
          return (
            <li key={option.id} className="flex items-start gap-1.5 sm:gap-2">
              <label className="flex h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2 text-sm sm:gap-2 sm:px-2.5 font-medium text-slate-700 has-[:checked]:border-green-500 has-[:checked]:bg-green-50 has-[:checked]:text-green-800">
                <input
                  type="checkbox"
                  className="size-4 rounded accent-green-600"
                  {...register(`${path}.options.${index}.isCorrect`, {
                    onChange: markCorrect(index),
                  })}
                />
                Correct{' '}
                <span className="sr-only">{`(${fixed ? option.text : name.toLowerCase()})`}</span>
              </label>
              <ContentEditor
                label={name}
                compact
                inline
                open={open}
                className="flex-1"
                readOnly={fixed}
                placeholder={`Answer ${index + 1}`}
                error={textError?.message}
                {...register(text)}
              />
              {!fixed && (
                <Button
                  variant="ghost"
                  className="px-2 sm:px-2.5"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={fields.length <= minOptions}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {ownError && <p className="text-sm text-red-600">{ownError}</p>}
      {!fixed && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={fields.length >= maxOptions}
            onClick={() => append({ text: '', isCorrect: false }, { shouldFocus: true })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add option
          </Button>
          <span className="text-sm text-slate-500">
            {fields.length >= maxOptions
              ? `Up to ${maxOptions} options.`
              : `${minOptions} to ${maxOptions} options; tick ${multiple ? 'every' : 'the'} correct one.`}
          </span>
        </div>
      )}
    </fieldset>
  );
}
