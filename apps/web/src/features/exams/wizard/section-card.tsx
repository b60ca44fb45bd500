import {
  EXAM_LIMITS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
} from '@examiq/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { NumberField } from '@/components/question-editor/number-field';
import {
  ErrorBannerList,
  flattenErrors,
  useErrorsAt,
} from '@/components/question-editor/validation-marks';
import { TextField } from '@/components/text-field';
import { plural } from '@/lib/plural';
import type { ExamWizardValues } from './exam-values';
import { LineListField } from './line-list-field';
import { SectionHeading } from './section-heading';

const questionTypeOptions = QUESTION_TYPES.map((type) => ({
  value: type,
  label: QUESTION_TYPE_LABELS[type],
}));

interface SectionCardProps {
  index: number;
  /** Asks to change this section's question type; written questions may be at stake. */
  onTypeChange: (type: QuestionType, apply: () => void) => void;
  /** Its question count was left: the questions follow it. */
  onCountCommit: () => void;
  onDelete: () => void;
}

export function SectionCard({ index, onTypeChange, onCountCommit, onDelete }: SectionCardProps) {
  const { register, control, setValue } = useFormContext<ExamWizardValues>();
  const path = `examSections.${index}` as const;
  const [name, expanded, questionType, totalQuestions] = useWatch({
    control,
    name: [`${path}.name`, `${path}.isExpanded`, `${path}.questionType`, `${path}.totalQuestions`],
  });
  const errors = useErrorsAt(path);
  const listed = flattenErrors(errors);
  const fieldError = (field: string) => (errors?.[field] as { message?: string })?.message;
  const headingId = useId();
  const bodyId = useId();
  const number = index + 1;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <SectionHeading
        headingId={headingId}
        bodyId={bodyId}
        number={number}
        name={name}
        summary={`${QUESTION_TYPE_LABELS[questionType]} · ${Number.isInteger(totalQuestions) ? plural(totalQuestions, 'question') : 'No question count'}`}
        hasErrors={listed.length > 0}
        expanded={expanded}
        toggleTarget={`section ${number}`}
        onToggle={() => setValue(`${path}.isExpanded`, !expanded)}
        actions={
          <button
            type="button"
            aria-label={`Delete section ${number}`}
            title="Delete section"
            onClick={onDelete}
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        }
      />
      {listed.length > 0 && (
        <div className="px-4 pb-4 sm:px-5">
          <ErrorBannerList title="This section has errors" errors={listed} />
        </div>
      )}
      {expanded && (
        <div id={bodyId} className="space-y-5 border-t border-slate-100 px-4 py-4 sm:px-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label="Section Name"
              className="sm:col-span-2"
              placeholder="e.g. Multiple choice"
              error={fieldError('name')}
              {...register(`${path}.name`)}
            />
            <TextField
              label="Section Order"
              placeholder="e.g. 1, 2, A or B"
              error={fieldError('order')}
              {...register(`${path}.order`)}
            />
            <Controller
              control={control}
              name={`${path}.questionType`}
              render={({ field }) => (
                <Dropdown
                  label="Question Type"
                  className="sm:col-span-2"
                  placeholder="Select a question type"
                  options={questionTypeOptions}
                  error={fieldError('questionType')}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    const type = event.target.value as QuestionType;
                    if (type) onTypeChange(type, () => field.onChange(type));
                  }}
                />
              )}
            />
            <NumberField
              label="Total Questions"
              min={1}
              max={EXAM_LIMITS.questionsPerSection}
              hint={`1 to ${EXAM_LIMITS.questionsPerSection}`}
              error={fieldError('totalQuestions')}
              {...register(`${path}.totalQuestions`, {
                valueAsNumber: true,
                onBlur: onCountCommit,
              })}
            />
            <NumberField
              label="Section Marks"
              min={1}
              max={100}
              error={fieldError('marks')}
              {...register(`${path}.marks`, { valueAsNumber: true })}
            />
            <NumberField
              label="Time Limit (minutes)"
              min={0}
              max={180}
              hint="0 for no separate limit"
              error={fieldError('timeLimit')}
              {...register(`${path}.timeLimit`, { valueAsNumber: true })}
            />
            <label className="flex items-center gap-3 self-start rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 sm:col-span-2 lg:col-span-1 lg:mt-7">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 accent-brand-600"
                {...register(`${path}.isOptional`)}
              />
              Optional Section
            </label>
          </div>
          <LineListField
            name={`${path}.instructions`}
            legend="Section Instructions"
            itemLabel="Instruction"
            min={0}
            max={EXAM_LIMITS.sectionInstructions}
          />
        </div>
      )}
    </section>
  );
}
