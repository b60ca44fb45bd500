import { Plus, X } from 'lucide-react';
import { useController, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { ContentEditor } from '@/components/content-editor/content-editor';
import { listMessage, useErrorsAt } from '@/components/question-editor/validation-marks';
import type { ExamWizardValues } from './exam-values';

interface LineListFieldProps {
  name: 'generalInstructions' | `examSections.${number}.instructions`;
  /** 'Instruction': names each line ('Instruction 2') and the add button. */
  itemLabel: string;
  legend: string;
  min: number;
  max: number;
}

/** A list of instructions, each a short content field, with add and remove. */
export function LineListField({ name, itemLabel, legend, min, max }: LineListFieldProps) {
  const { control } = useFormContext<ExamWizardValues>();
  const { field } = useController({ control, name });
  const errors = useErrorsAt(name);
  const lines = field.value;
  const ownError = listMessage(errors);

  const update = field.onChange;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {lines.length === 0 && <p className="text-sm text-slate-500">No instructions added.</p>}
      {lines.map((line, index) => {
        const label = `${itemLabel} ${index + 1}`;
        const error = (errors?.[index] as { message?: string } | undefined)?.message;
        return (
          // Lines have no identity but their position; they are plain controlled inputs.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="flex items-start gap-2">
            <ContentEditor
              label={label}
              compact
              className="flex-1"
              value={line}
              error={error}
              placeholder={index === 0 ? 'e.g. Read every question carefully.' : undefined}
              onChange={(event) =>
                update(lines.map((current, k) => (k === index ? event.target.value : current)))
              }
              onBlur={field.onBlur}
            />
            <Button
              variant="ghost"
              className="mt-0.5 px-2.5"
              aria-label={`Remove ${label.toLowerCase()}`}
              disabled={lines.length <= min}
              onClick={() => update(lines.filter((_, k) => k !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      })}
      {ownError && <p className="text-sm text-red-600">{ownError}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={lines.length >= max}
          onClick={() => update([...lines, ''])}
        >
          <Plus aria-hidden="true" className="size-4" />
          {`Add ${itemLabel.toLowerCase()}`}
        </Button>
        {lines.length >= max && (
          <span className="text-sm text-slate-500">{`Up to ${max} ${itemLabel.toLowerCase()}s.`}</span>
        )}
      </div>
    </fieldset>
  );
}
