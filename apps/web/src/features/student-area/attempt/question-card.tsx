import { ATTEMPT_LIMITS, blankNumbers, type StudentQuestion, wordCount } from '@examiq/contracts';
import { Flag } from 'lucide-react';
import { memo, useId } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import {
  BlankInput,
  ChoiceOptions,
  MatchingAnswer,
  MultiChoiceOptions,
  NumberAnswer,
  OrderingAnswer,
  QuestionFrame,
} from '@/components/content/question-view';
import { ContentEditor } from '@/components/content-editor/content-editor';
import { TextField } from '@/components/text-field';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { isAnswered, NO_ANSWER, optionsOf } from './answers';
import { FileAnswer } from './file-answer';
import type { AnswerValue } from './outbox';

export function questionElementId(questionId: string): string {
  return `question-${questionId}`;
}

interface QuestionCardProps {
  question: StudentQuestion;
  /** Its place within its section, from 1. */
  number: number;
  answer: AnswerValue | undefined;
  readOnly: boolean;
  /** Shown to an admin as the paper's preview: nobody's answer, so no answer state either. */
  preview?: boolean;
  onChange: (questionId: string, change: Partial<AnswerValue>) => void;
}

/**
 * One question with its answer. Memoised: typing in one of fifty answers re-renders that card
 * alone, and the countdown's ticks re-render none.
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  number,
  answer = NO_ANSWER,
  readOnly,
  preview = false,
  onChange,
}: QuestionCardProps) {
  const fillIn = question.questionType === 'FILL_IN_BLANKS';
  return (
    <QuestionFrame
      id={questionElementId(question._id)}
      tabIndex={-1}
      number={number}
      marks={question.marks}
      questionText={question.questionText}
      blank={
        fillIn
          ? (blank) => (
              <BlankInput
                number={blank}
                value={answer.blanks?.[blank - 1] ?? ''}
                readOnly={readOnly}
                onChange={(value) =>
                  onChange(question._id, { blanks: blanksWith(question, answer, blank, value) })
                }
              />
            )
          : undefined
      }
      className="scroll-mt-36 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      aside={
        preview ? null : readOnly ? (
          <ReadOnlyState answer={answer} />
        ) : (
          <button
            type="button"
            aria-pressed={answer.markedForReview}
            onClick={() => onChange(question._id, { markedForReview: !answer.markedForReview })}
            className={cn(
              'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium shadow-sm transition-colors',
              answer.markedForReview
                ? 'border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <Flag
              aria-hidden="true"
              className={cn('size-4', answer.markedForReview && 'fill-amber-500 text-amber-600')}
            />
            Mark for review
          </button>
        )
      }
    >
      {({ headingId, textId, label }) =>
        fillIn ? null : question.questionType === 'FILE_UPLOAD' ? (
          <FileAnswer
            question={question}
            label={label}
            fileIds={answer.fileIds ?? []}
            readOnly={readOnly}
            preview={preview}
            onChange={onChange}
          />
        ) : question.questionType === 'MATCHING' ? (
          <MatchingAnswer
            prompts={question.prompts ?? []}
            matches={question.matches ?? []}
            chosen={answer.matches ?? {}}
            readOnly={readOnly}
            onChange={(matches) =>
              onChange(question._id, { matches: Object.keys(matches).length > 0 ? matches : null })
            }
          />
        ) : question.questionType === 'ORDERING' ? (
          <OrderingAnswer
            items={itemsInOrder(question, answer.order)}
            labelledBy={`${headingId} ${textId}`}
            readOnly={readOnly}
            onChange={(order) => onChange(question._id, { order })}
          />
        ) : question.questionType === 'MULTI_SELECT' ? (
          <MultiChoiceOptions
            options={optionsOf(question)}
            labelledBy={`${headingId} ${textId}`}
            selected={answer.selectedOptionIds ?? []}
            readOnly={readOnly}
            onChange={(optionIds) =>
              onChange(question._id, { selectedOptionIds: optionIds.length > 0 ? optionIds : null })
            }
          />
        ) : question.questionType === 'NUMERICAL' ? (
          <NumberAnswer
            label={label}
            number={answer.number ?? null}
            unit={answer.unit ?? null}
            units={question.units ?? []}
            readOnly={readOnly}
            onChange={(value) => onChange(question._id, value)}
          />
        ) : question.questionType === 'MCQ' || question.questionType === 'TRUE_FALSE' ? (
          <ChoiceAnswer
            question={question}
            labelledBy={`${headingId} ${textId}`}
            selected={answer.selectedOptionId}
            readOnly={readOnly}
            onChange={onChange}
          />
        ) : (
          <WrittenAnswer
            question={question}
            label={label}
            text={answer.text ?? ''}
            readOnly={readOnly}
            onChange={onChange}
          />
        )
      }
    </QuestionFrame>
  );
});

/**
 * The entries with one blank's changed: one entry per blank, '' for those left empty; null once
 * every one is empty again, which clears the answer.
 */
function blanksWith(
  question: StudentQuestion,
  answer: AnswerValue,
  blank: number,
  value: string,
): string[] | null {
  const count = question.blankCount ?? blankNumbers(question.questionText).length;
  const blanks = Array.from(
    { length: Math.max(count, blank) },
    (_, index) => answer.blanks?.[index] ?? '',
  );
  blanks[blank - 1] = value;
  return blanks.some((entry) => entry.trim() !== '') ? blanks : null;
}

/** The items as the student ordered them; as the paper shows them until one is moved. */
function itemsInOrder(question: StudentQuestion, order: readonly string[] | null | undefined) {
  const items = question.items ?? [];
  if (!order?.length) return items;
  const byId = new Map(items.map((item) => [item._id, item]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  // An item the saved order does not name (it cannot, but a stale order must not hide one) follows.
  return [...ordered, ...items.filter((item) => !order.includes(item._id))];
}

/** What a read-only question says of itself in place of the review toggle. */
function ReadOnlyState({ answer }: { answer: AnswerValue }) {
  return (
    <div className="flex flex-wrap gap-2">
      {!isAnswered(answer) && <Badge tone="red">Not answered</Badge>}
      {answer.markedForReview && <Badge tone="amber">Marked for review</Badge>}
    </div>
  );
}

interface ChoiceAnswerProps {
  question: StudentQuestion;
  labelledBy: string;
  selected: string | null;
  readOnly: boolean;
  onChange: QuestionCardProps['onChange'];
}

function ChoiceAnswer({ question, labelledBy, selected, readOnly, onChange }: ChoiceAnswerProps) {
  return (
    <div>
      <ChoiceOptions
        options={optionsOf(question)}
        lettered={question.questionType === 'MCQ'}
        labelledBy={labelledBy}
        selected={selected}
        readOnly={readOnly}
        onSelect={(optionId) => onChange(question._id, { selectedOptionId: optionId, text: null })}
      />
      {selected !== null && !readOnly && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => onChange(question._id, { selectedOptionId: null })}
        >
          Clear answer
        </Button>
      )}
    </div>
  );
}

interface WrittenAnswerProps {
  question: StudentQuestion;
  label: string;
  text: string;
  readOnly: boolean;
  onChange: QuestionCardProps['onChange'];
}

function WrittenAnswer({ question, label, text, readOnly, onChange }: WrittenAnswerProps) {
  const countId = useId();
  const change = (value: string) =>
    onChange(question._id, { text: value === '' ? null : value, selectedOptionId: null });
  const common = {
    label: 'Your answer',
    // The visible label is shared by every question; the accessible name says which one.
    'aria-label': `Your answer to ${label.toLowerCase()}`,
    value: text,
    readOnly,
    maxLength: ATTEMPT_LIMITS.answerText,
  };

  if (question.questionType === 'SHORT_ANSWER') {
    return <TextField {...common} onChange={(event) => change(event.target.value)} />;
  }
  // A long answer may hold formulas, code, lists and tables: the editor opens when it is focused.
  return (
    <>
      <ContentEditor
        {...common}
        answer
        rows={8}
        aria-describedby={countId}
        onChange={(event) => change(event.target.value)}
      />
      <WordCount id={countId} text={text} min={question.minWordCount} max={question.maxWordCount} />
    </>
  );
}

/** The words written against the expected range: shown, never enforced. */
function WordCount({
  id,
  text,
  min,
  max,
}: {
  id: string;
  text: string;
  min: number | undefined;
  max: number | undefined;
}) {
  const words = wordCount(text);
  const below = min !== undefined && words > 0 && words < min;
  const above = max !== undefined && words > max;
  let expected = '';
  if (min !== undefined && max !== undefined) expected = ` · expected ${min}–${max}`;
  else if (min !== undefined) expected = ` · expected at least ${min}`;
  else if (max !== undefined) expected = ` · expected at most ${max}`;

  return (
    <p
      id={id}
      className={cn(
        'mt-1.5 text-sm',
        above ? 'text-red-700' : below ? 'text-amber-800' : 'text-slate-500',
      )}
    >
      {`${plural(words, 'word')}${expected}`}
      {below && ' (below the expected length)'}
      {above && ' (above the expected length)'}
    </p>
  );
}
