import { SCORING_RULE_LABELS, SCORING_RULES, type ScoringRule } from '@examiq/contracts';
import { useFormContext } from 'react-hook-form';
import { RadioCard } from '@/components/radio-card';
import type { QuestionForm, QuestionPath } from './question-values';

type ScoredType = 'MULTI_SELECT' | 'ORDERING';

const RULE_DESCRIPTIONS: Record<ScoredType, Record<ScoringRule, string>> = {
  MULTI_SELECT: {
    PARTIAL:
      'Each correct option chosen earns its share of the marks, each wrong one takes a share away; never below 0.',
    ALL_OR_NOTHING: 'Full marks only when exactly the correct options are chosen; otherwise 0.',
  },
  ORDERING: {
    PARTIAL: 'Each item in its right place earns its share of the marks.',
    ALL_OR_NOTHING: 'Full marks only when every item is in its right place; otherwise 0.',
  },
};

interface ScoringRuleFieldProps {
  path: QuestionPath;
  questionType: ScoredType;
  error: string | undefined;
}

/** How a multiple select or ordering question is scored, as a radio group with what each rule does. */
export function ScoringRuleField({ path, questionType, error }: ScoringRuleFieldProps) {
  const { register } = useFormContext<QuestionForm>();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Scoring</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {SCORING_RULES.map((rule) => (
          <RadioCard
            key={rule}
            value={rule}
            label={SCORING_RULE_LABELS[rule]}
            description={RULE_DESCRIPTIONS[questionType][rule]}
            {...register(`${path}.scoring`)}
          />
        ))}
      </div>
      {error && <p className="mt-1.5 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}
