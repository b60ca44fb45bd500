import {
  CHOICE_QUESTION_TYPES,
  DIFFICULTIES,
  EXAM_LIMITS,
  EXAM_MESSAGES,
  NUMBER_FALLBACKS,
  QUESTION_TYPE_LABELS,
  type QuestionType,
} from '@examiq/contracts';
import { Eye, EyeOff } from 'lucide-react';
import { memo, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { ContentEditor } from '@/components/content-editor/content-editor';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { AnswerOptions } from './answer-options';
import { FileUploadFields } from './file-upload-fields';
import { BlanksFields, InsertBlankButton, useBlankRows } from './fill-in-blanks-fields';
import { registerWithFallback } from './form-helpers';
import { KeywordsField } from './keywords-field';
import { MatchingFields } from './matching-fields';
import { NumberField } from './number-field';
import { NumericalFields } from './numerical-fields';
import { QuestionPreview } from './question-preview';
import type { QuestionForm, QuestionPath } from './question-values';
import { ScoringRuleField } from './scoring-rule-field';
import { TextListField } from './text-list-field';
import { ErrorDot, flattenErrors, useErrorsAt } from './validation-marks';

const difficultyOptions = DIFFICULTIES.map((difficulty) => ({
  value: difficulty,
  label: difficulty.charAt(0) + difficulty.slice(1).toLowerCase(),
}));

interface QuestionCardProps {
  /** Where the question sits in the form: a wizard section's list, or the bank editor's one. */
  path: QuestionPath;
  /** Its number on the paper, shown in the card's title and preview. */
  number: number;
  questionType: QuestionType;
  /** A wizard question has its place in the section; a bank question has none until used. */
  ordered?: boolean;
  /** Opens the content editors at once, as on a page that edits this one question. */
  initiallyOpen?: boolean;
  /** Buttons in the card's title row (the wizard's Save to bank). */
  actions?: ReactNode;
  /** A choice of type in place of the fixed one, where the question's type is still open. */
  typeChoice?: ReactNode;
}

/**
 * One question's fields, by its type. Inputs are uncontrolled and the card listens to its own
 * errors only, so typing in one of 250 cards redraws nothing else. The content editors' toolbars
 * and previews open once the card is (focus enters it), so a closed card costs a textarea.
 */
export const QuestionCard = memo(function QuestionCard({
  path,
  number,
  questionType,
  ordered = true,
  initiallyOpen = false,
  actions,
  typeChoice,
}: QuestionCardProps) {
  const form = useFormContext<QuestionForm>();
  const { register } = form;
  const errors = useErrorsAt(path);
  const messageOf = (field: string) => flattenErrors(errors?.[field])[0]?.message;
  const choice = CHOICE_QUESTION_TYPES.includes(questionType);
  const [editing, setEditing] = useState(initiallyOpen);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const previewToggleId = useId();
  const questionText = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerQuestionText, ...questionTextField } = register(`${path}.questionText`);

  return (
    <fieldset
      data-testid="question-card"
      // The preview's own button does not open the editors: their toolbars would push it away
      // from under the pointer between press and release.
      onFocus={(event) => {
        if (event.target.id !== previewToggleId) setEditing(true);
      }}
      className="relative min-w-0 rounded-lg border border-slate-200 bg-white [contain-intrinsic-size:auto_36rem] [content-visibility:auto]"
    >
      {/* Floated, the legend lays out as the card's header row instead of sitting on the border. */}
      <legend className="float-left w-full border-b border-slate-100 bg-slate-50/60 px-3 py-2.5 sm:px-4 text-sm font-semibold text-slate-900">
        {`Question ${number}`}
      </legend>
      <div className="absolute top-1.5 right-3 flex max-w-[calc(100%-8rem)] items-center gap-2 sm:right-4">
        {actions}
        {errors && flattenErrors(errors).length > 0 && (
          <ErrorDot label={EXAM_MESSAGES.questionWithErrors} />
        )}
      </div>
      <div className="clear-both grid grid-cols-2 gap-4 p-3 sm:p-4 lg:grid-cols-6">
        <ContentEditor
          label="Question Text"
          rows={2}
          open={editing}
          className="col-span-2 lg:col-span-6"
          data-testid="question-text"
          error={messageOf('questionText')}
          ref={(element) => {
            registerQuestionText(element);
            questionText.current = element;
          }}
          {...questionTextField}
        />
        {questionType === 'FILL_IN_BLANKS' && (
          <FillInBlanksTools path={path} textarea={questionText} errors={errors} />
        )}
        {typeChoice ?? (
          <TextField
            label="Question Type"
            className="col-span-2"
            value={QUESTION_TYPE_LABELS[questionType]}
            readOnly
          />
        )}
        <NumberField
          label="Marks"
          min={1}
          max={20}
          error={messageOf('marks')}
          {...registerWithFallback(form, `${path}.marks`, {
            min: 1,
            fallback: NUMBER_FALLBACKS.marks,
          })}
        />
        {ordered && (
          <NumberField
            label="Order"
            min={1}
            error={messageOf('order')}
            {...registerWithFallback(form, `${path}.order`, {
              min: 1,
              fallback: NUMBER_FALLBACKS.order,
            })}
          />
        )}
        <Dropdown
          label="Difficulty"
          className={ordered ? 'col-span-2' : 'col-span-1 lg:col-span-3'}
          placeholder="Select a difficulty"
          options={difficultyOptions}
          error={messageOf('difficulty')}
          {...register(`${path}.difficulty`)}
        />
        <ContentEditor
          label="Explanation"
          rows={2}
          open={editing}
          className="col-span-2 lg:col-span-6"
          hint="Shown to students with the result."
          error={messageOf('explanation')}
          {...register(`${path}.explanation`)}
        />
        {choice && (
          <div className="col-span-2 lg:col-span-6">
            <AnswerOptions
              path={path}
              fixed={questionType === 'TRUE_FALSE'}
              multiple={questionType === 'MULTI_SELECT'}
              open={editing}
              errors={errors?.options}
            />
          </div>
        )}
        {(questionType === 'MULTI_SELECT' || questionType === 'ORDERING') && (
          <div className="col-span-2 lg:col-span-6">
            {questionType === 'ORDERING' && (
              <div className="mb-5">
                <TextListField
                  name={`${path}.items`}
                  legend="Items, in the right order"
                  itemLabel="Item"
                  min={EXAM_LIMITS.orderingItems.min}
                  max={EXAM_LIMITS.orderingItems.max}
                  content
                  movable
                  open={editing}
                  errors={errors?.items}
                  note={`${EXAM_LIMITS.orderingItems.min} to ${EXAM_LIMITS.orderingItems.max} items; the student sees them shuffled.`}
                />
              </div>
            )}
            <ScoringRuleField
              path={path}
              questionType={questionType}
              error={messageOf('scoring')}
            />
          </div>
        )}
        {questionType === 'MATCHING' && (
          <div className="col-span-2 lg:col-span-6">
            <MatchingFields path={path} open={editing} errors={errors} />
          </div>
        )}
        {questionType === 'NUMERICAL' && (
          <div className="col-span-2 lg:col-span-6">
            <NumericalFields path={path} errors={errors} />
          </div>
        )}
        {questionType === 'FILE_UPLOAD' && (
          <div className="col-span-2 lg:col-span-6">
            <FileUploadFields path={path} errors={errors} />
          </div>
        )}
        {questionType === 'SHORT_ANSWER' && (
          <>
            <ContentEditor
              label="Sample Answer Text"
              rows={2}
              open={editing}
              className="col-span-2 lg:col-span-6"
              error={messageOf('sampleAnswer')}
              {...register(`${path}.sampleAnswer`)}
            />
            <div className="col-span-2 lg:col-span-6">
              <KeywordsField name={`${path}.keywords`} />
            </div>
          </>
        )}
        {questionType === 'LONG_ANSWER' && (
          <>
            <NumberField
              label="Expected Word Count Min"
              min={50}
              max={1000}
              className="col-span-2 sm:col-span-1 lg:col-span-3"
              error={messageOf('minWordCount')}
              {...registerWithFallback(form, `${path}.minWordCount`, {
                min: 0,
                fallback: NUMBER_FALLBACKS.minWordCount,
              })}
            />
            <NumberField
              label="Expected Word Count Max"
              min={100}
              max={2000}
              className="col-span-2 sm:col-span-1 lg:col-span-3"
              error={messageOf('maxWordCount')}
              {...registerWithFallback(form, `${path}.maxWordCount`, {
                min: 0,
                fallback: NUMBER_FALLBACKS.maxWordCount,
              })}
            />
            <ContentEditor
              label="Model Answer / Key Points"
              rows={4}
              open={editing}
              className="col-span-2 lg:col-span-6"
              error={messageOf('modelAnswer')}
              {...register(`${path}.modelAnswer`)}
            />
            <div className="col-span-2 lg:col-span-6">
              <KeywordsField name={`${path}.keywords`} />
            </div>
          </>
        )}
        <div className="col-span-2 lg:col-span-6">
          <Button
            id={previewToggleId}
            variant="secondary"
            size="sm"
            aria-expanded={previewing}
            aria-controls={previewId}
            onClick={() => setPreviewing((open) => !open)}
          >
            {previewing ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {previewing ? 'Hide preview' : 'Preview'}
          </Button>
          <div id={previewId} className="mt-3 empty:hidden">
            {previewing && (
              <QuestionPreview path={path} number={number} questionType={questionType} />
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
});

interface FillInBlanksToolsProps {
  path: QuestionPath;
  textarea: RefObject<HTMLTextAreaElement | null>;
  errors: Record<string, unknown> | undefined;
}

/** The Insert blank button under the question text, and the blanks' rows that follow its markers. */
function FillInBlanksTools({ path, textarea, errors }: FillInBlanksToolsProps) {
  const rows = useBlankRows(path);
  return (
    <>
      <div className="col-span-2 -mt-2 lg:col-span-6">
        <InsertBlankButton
          textarea={textarea}
          rows={rows}
          disabled={rows.fields.length >= EXAM_LIMITS.blanks.max}
        />
      </div>
      <div className="col-span-2 lg:col-span-6">
        <BlanksFields path={path} rows={rows} errors={errors} />
      </div>
    </>
  );
}
