import {
  DEFAULT_UNIT_PENALTY,
  type NumericAnswer,
  type NumericUnit,
  type ScoringRule,
} from '@examiq/contracts';
import type { AnswerKey, QuestionSettings } from './schema';

/**
 * Readers of a question's JSON columns, each for the type that writes it: the create call wrote
 * them from the checked payload, so a missing field reads as the payload's default.
 */
export function scoringRuleOf(settings: QuestionSettings | null): ScoringRule {
  return settings && 'scoring' in settings ? settings.scoring : 'PARTIAL';
}

export function unitsOf(settings: QuestionSettings | null): {
  units: NumericUnit[];
  unitPenalty: number;
} {
  return settings && 'units' in settings
    ? settings
    : { units: [], unitPenalty: DEFAULT_UNIT_PENALTY };
}

export function correctOptionsOf(key: AnswerKey | null): number[] {
  return key && 'correctOptions' in key ? key.correctOptions : [];
}

export function numericAnswersOf(key: AnswerKey | null): NumericAnswer[] {
  return key && 'numericAnswers' in key ? key.numericAnswers : [];
}
