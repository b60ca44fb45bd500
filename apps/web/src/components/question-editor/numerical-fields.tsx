import { EXAM_LIMITS, TOLERANCE_TYPE_LABELS, TOLERANCE_TYPES } from '@examiq/contracts';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { DecimalField } from './decimal-field';
import { recheck } from './form-helpers';
import { blankNumericAnswer, type QuestionForm, type QuestionPath } from './question-values';
import { flattenErrors, listMessage } from './validation-marks';

const toleranceTypeOptions = TOLERANCE_TYPES.map((type) => ({
  value: type,
  label: TOLERANCE_TYPE_LABELS[type],
}));

interface NumericalFieldsProps {
  path: QuestionPath;
  /** The question's errors, by field. */
  errors: Record<string, unknown> | undefined;
}

/** The first message under an error node, or undefined. */
function messageIn(node: unknown): string | undefined {
  return flattenErrors(node)[0]?.message;
}

/** A list's item errors by index. */
function itemErrors(node: unknown, index: number, field: string): string | undefined {
  const item = (node as Record<number, Record<string, unknown> | undefined> | undefined)?.[index];
  return messageIn(item?.[field]);
}

/**
 * A numerical question's key: the accepted answers (value, tolerance and its kind, the share of
 * the marks each earns), the units a student may answer in with their factors, and the penalty
 * for a missing or wrong unit.
 */
export function NumericalFields({ path, errors }: NumericalFieldsProps) {
  const form = useFormContext<QuestionForm>();
  const { control, register } = form;
  const answers = useFieldArray({ control, name: `${path}.numericAnswers` });
  const units = useFieldArray({ control, name: `${path}.units` });
  const { min: minAnswers, max: maxAnswers } = EXAM_LIMITS.numericAnswers;
  const answerErrors = errors?.numericAnswers;
  const unitErrors = errors?.units;

  return (
    <div className="space-y-5">
      <RowList
        legend="Accepted Answers"
        error={listMessage(answerErrors)}
        addLabel="Add accepted answer"
        canAdd={answers.fields.length < maxAnswers}
        onAdd={() => answers.append(blankNumericAnswer(), { shouldFocus: true })}
        note={`${minAnswers} to ${maxAnswers} answers; at least one earns full marks (fraction 1).`}
      >
        {answers.fields.map((answer, index) => {
          const at = `${path}.numericAnswers.${index}` as const;
          return (
            <Row
              key={answer.id}
              legend={`Accepted answer ${index + 1}`}
              removeLabel={`Remove accepted answer ${index + 1}`}
              canRemove={answers.fields.length > minAnswers}
              onRemove={() => answers.remove(index)}
            >
              <DecimalField
                label="Value"
                error={itemErrors(answerErrors, index, 'value')}
                {...register(`${at}.value`, { valueAsNumber: true })}
              />
              <DecimalField
                label="Tolerance"
                min={0}
                error={itemErrors(answerErrors, index, 'tolerance')}
                {...register(`${at}.tolerance`, { valueAsNumber: true })}
              />
              <Dropdown
                label="Tolerance type"
                placeholder="Select a tolerance type"
                options={toleranceTypeOptions}
                error={itemErrors(answerErrors, index, 'toleranceType')}
                {...register(`${at}.toleranceType`)}
              />
              <DecimalField
                label="Fraction of marks"
                min={0}
                max={1}
                hint="1 = full marks, 0.5 = half"
                error={itemErrors(answerErrors, index, 'fraction')}
                {...register(`${at}.fraction`, {
                  valueAsNumber: true,
                  // Whether any answer earns full marks is the list's own rule.
                  onChange: () => recheck(form, `${path}.numericAnswers`),
                })}
              />
            </Row>
          );
        })}
      </RowList>
      <RowList
        legend="Units"
        hint="Optional. The first unit is the answer’s own; e.g. mA = 0.001 A."
        error={listMessage(unitErrors)}
        addLabel="Add unit"
        canAdd={units.fields.length < EXAM_LIMITS.units}
        // The first unit is the answer's own: its factor is 1. Any other is for the author to give.
        onAdd={() =>
          units.append(
            { unit: '', factor: units.fields.length === 0 ? 1 : Number.NaN },
            { shouldFocus: true },
          )
        }
        note={`Up to ${EXAM_LIMITS.units} units.`}
      >
        {units.fields.map((unit, index) => {
          const at = `${path}.units.${index}` as const;
          return (
            <Row
              key={unit.id}
              legend={`Unit ${index + 1}`}
              removeLabel={`Remove unit ${index + 1}`}
              canRemove
              onRemove={() => units.remove(index)}
            >
              <TextField
                label="Unit"
                maxLength={20}
                error={itemErrors(unitErrors, index, 'unit')}
                {...register(`${at}.unit`)}
              />
              <DecimalField
                label="Factor"
                hint={index === 0 ? 'The answer’s own unit: 1' : 'In the first unit'}
                error={itemErrors(unitErrors, index, 'factor')}
                {...register(`${at}.factor`, { valueAsNumber: true })}
              />
            </Row>
          );
        })}
      </RowList>
      {units.fields.length > 0 && (
        <DecimalField
          label="Unit penalty"
          min={0}
          max={1}
          className="sm:max-w-xs"
          hint="Share of the marks lost when the unit is missing or not one of these (0.1 = 10%)."
          error={messageIn(errors?.unitPenalty)}
          {...register(`${path}.unitPenalty`, { valueAsNumber: true })}
        />
      )}
    </div>
  );
}

interface RowListProps {
  legend: string;
  hint?: string;
  error: string | undefined;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  note: string;
  children: ReactNode;
}

function RowList({ legend, hint, error, addLabel, canAdd, onAdd, note, children }: RowListProps) {
  return (
    <fieldset className="min-w-0 space-y-2.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="text-sm text-slate-500">{hint}</p>}
      <ul className="space-y-2">{children}</ul>
      {error && <p className="text-sm text-red-600">{error}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" disabled={!canAdd} onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          {addLabel}
        </Button>
        <span className="text-sm text-slate-500">{note}</span>
      </div>
    </fieldset>
  );
}

interface RowProps {
  legend: string;
  removeLabel: string;
  canRemove: boolean;
  onRemove: () => void;
  children: ReactNode;
}

function Row({ legend, removeLabel, canRemove, onRemove, children }: RowProps) {
  return (
    <li>
      <fieldset className="flex min-w-0 items-start gap-2 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-xs font-medium text-slate-500">{legend}</legend>
        <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
        <Button
          variant="ghost"
          className="mt-7 px-2 sm:px-2.5"
          aria-label={removeLabel}
          disabled={!canRemove}
          onClick={onRemove}
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </fieldset>
    </li>
  );
}
