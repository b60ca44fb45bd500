import { SCORING_RULE_LABELS, SCORING_RULES, type ScoringRule } from '@examiq/contracts';
import { useFormContext } from 'react-hook-form';
import type { ExamWizardValues } from './exam-values';

const RULE_DESCRIPTIONS: Record<ScoringRule, string> = {
  PARTIAL:
    'Each correct option chosen earns its share of the marks, each wrong one takes a share away; never below 0.',
  ALL_OR_NOTHING: 'Full marks only when exactly the correct options are chosen; otherwise 0.',
};

interface ScoringRuleFieldProps {
  path: `questions.${number}.${number}`;
  error: string | undefined;
}

/** How a multiple select question is scored, as a radio group with what each rule does. */
export function ScoringRuleField({ path, error }: ScoringRuleFieldProps) {
  const { register } = useFormContext<ExamWizardValues>();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Scoring</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SCORING_RULES.map((rule) => (
          <label
            key={rule}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
          >
            <input
              type="radio"
              value={rule}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              {...register(`${path}.scoring`)}
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">
                {SCORING_RULE_LABELS[rule]}
              </span>
              <span className="mt-0.5 block text-sm text-slate-600">{RULE_DESCRIPTIONS[rule]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1.5 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
