import {
  type BlankKey,
  DEFAULT_UNIT_PENALTY,
  DEFAULT_UPLOAD_SETTINGS,
  type FileKind,
  type NumericAnswer,
  type NumericUnit,
  type ScoringRule,
} from '@examiq/contracts';
import type { AnswerKey, MatchingKeyPair, QuestionPart, QuestionSettings } from './schema';

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

export function blanksOf(key: AnswerKey | null): BlankKey[] {
  return key && 'blanks' in key ? key.blanks : [];
}

export function matchingPartsOf(settings: QuestionSettings | null): {
  prompts: QuestionPart[];
  matches: QuestionPart[];
} {
  return settings && 'prompts' in settings ? settings : { prompts: [], matches: [] };
}

export function pairsOf(key: AnswerKey | null): MatchingKeyPair[] {
  return key && 'pairs' in key ? key.pairs : [];
}

export function itemsOf(settings: QuestionSettings | null): QuestionPart[] {
  return settings && 'items' in settings ? settings.items : [];
}

export function orderOf(key: AnswerKey | null): string[] {
  return key && 'order' in key ? key.order : [];
}

export function uploadSettingsOf(settings: QuestionSettings | null): {
  fileTypes: FileKind[];
  maxFiles: number;
  maxFileMb: number;
} {
  return settings && 'fileTypes' in settings
    ? settings
    : { fileTypes: ['PDF', 'IMAGE'], ...DEFAULT_UPLOAD_SETTINGS };
}
