import {
  EXAM_LIMITS,
  type NumericAnswer,
  TOLERANCE_TYPE_LABELS,
  TOLERANCE_TYPES,
  type ToleranceType,
} from '@examiq/contracts';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';

/** An accepted answer as its inputs hold it: numbers as typed, read when the key is sent. */
export interface AnswerDraft {
  value: string;
  tolerance: string;
  toleranceType: ToleranceType;
  fraction: string;
}

export const draftOf = (answer: NumericAnswer): AnswerDraft => ({
  value: String(answer.value),
  tolerance: String(answer.tolerance),
  toleranceType: answer.toleranceType,
  fraction: String(answer.fraction),
});

/** A typed number as the key sends it: a decimal comma is read as a point; blank is no number. */
const numberOf = (typed: string) =>
  typed.trim() === '' ? Number.NaN : Number(typed.trim().replace(',', '.'));

export const answerOf = (draft: AnswerDraft) => ({
  value: numberOf(draft.value),
  tolerance: numberOf(draft.tolerance),
  toleranceType: draft.toleranceType,
  fraction: numberOf(draft.fraction),
});

const toleranceTypes = TOLERANCE_TYPES.map((type) => ({
  value: type,
  label: TOLERANCE_TYPE_LABELS[type],
}));

interface NumericalKeyFieldsProps {
  answers: AnswerDraft[];
  onChange: (answers: AnswerDraft[]) => void;
  /** Messages by field, as the server and the contract name them (`numericAnswers.0.value`). */
  errors: Record<string, string>;
  /** The unit the values are in, if the question has units. */
  unit: string | null;
}

/** A numerical question's accepted answers, each a value, a tolerance and the share it earns. */
export function NumericalKeyFields({ answers, onChange, errors, unit }: NumericalKeyFieldsProps) {
  const change = (index: number, field: keyof AnswerDraft, value: string) =>
    onChange(answers.map((answer, at) => (at === index ? { ...answer, [field]: value } : answer)));
  const { min, max } = EXAM_LIMITS.numericAnswers;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium text-slate-700">Accepted answers</legend>
      <p className="text-slate-600">
        {`Values${unit ? ` in ${unit}` : ''}; at least one earns full marks (fraction 1).`}
      </p>
      {answers.map((answer, index) => {
        const error = (field: string) => errors[`numericAnswers.${index}.${field}`];
        return (
          <fieldset
            // Rows are edited in place and only the last is added or removed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the position is the row's identity
            key={index}
            className="grid grid-cols-2 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1.3fr_1fr_auto]"
          >
            <legend className="sr-only">{`Accepted answer ${index + 1}`}</legend>
            <TextField
              label="Value"
              inputMode="decimal"
              value={answer.value}
              error={error('value')}
              onChange={(event) => change(index, 'value', event.target.value)}
            />
            <TextField
              label="Tolerance"
              inputMode="decimal"
              value={answer.tolerance}
              error={error('tolerance')}
              onChange={(event) => change(index, 'tolerance', event.target.value)}
            />
            <Dropdown
              label="Tolerance type"
              options={toleranceTypes}
              value={answer.toleranceType}
              error={error('toleranceType')}
              onChange={(event) => change(index, 'toleranceType', event.target.value)}
            />
            <TextField
              label="Fraction"
              inputMode="decimal"
              value={answer.fraction}
              error={error('fraction')}
              onChange={(event) => change(index, 'fraction', event.target.value)}
            />
            <Button
              variant="secondary"
              size="sm"
              className="self-end sm:mb-0.5"
              aria-label={`Remove accepted answer ${index + 1}`}
              disabled={answers.length <= min}
              onClick={() => onChange(answers.filter((_answer, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </fieldset>
        );
      })}
      {errors.numericAnswers && <p className="text-red-700">{errors.numericAnswers}</p>}
      <Button
        variant="secondary"
        size="sm"
        disabled={answers.length >= max}
        onClick={() =>
          onChange([
            ...answers,
            { value: '', tolerance: '0', toleranceType: 'ABSOLUTE', fraction: '1' },
          ])
        }
      >
        <Plus aria-hidden="true" className="size-4" />
        Add accepted answer
      </Button>
    </fieldset>
  );
}
