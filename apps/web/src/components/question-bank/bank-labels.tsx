import {
  BANK_QUESTION_STATUS_LABELS,
  type BankQuestionStatus,
  DIFFICULTIES,
  type Difficulty,
} from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';

const STATUS_TONES: Record<BankQuestionStatus, BadgeTone> = {
  DRAFT: 'amber',
  READY: 'green',
  RETIRED: 'slate',
};

/** Draft amber (not yet for papers), Ready green, Retired grey. */
export function BankStatusBadge({ status }: { status: BankQuestionStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {BANK_QUESTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** 'Easy', 'Medium', 'Hard', as the exam wizard names them. */
export const difficultyLabel = (difficulty: Difficulty) =>
  difficulty.charAt(0) + difficulty.slice(1).toLowerCase();

export const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({
  value: difficulty,
  label: difficultyLabel(difficulty),
}));

/** Labels in a row of small chips: a question's outcomes or tags. */
export function Chips({ values }: { values: readonly string[] }) {
  if (values.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {values.map((value) => (
        <li
          key={value}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700"
        >
          {value}
        </li>
      ))}
    </ul>
  );
}
