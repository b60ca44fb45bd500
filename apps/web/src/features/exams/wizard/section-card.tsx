import {
  answerAnyNotice,
  EXAM_LIMITS,
  marksPerQuestion,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
} from '@examiq/contracts';
import { Megaphone, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { type Choice, ChoiceCards } from '@/components/choice-cards';
import { Dropdown } from '@/components/dropdown';
import { NumberField } from '@/components/question-editor/number-field';
import {
  ErrorBannerList,
  flattenErrors,
  useErrorsAt,
} from '@/components/question-editor/validation-marks';
import { TextField } from '@/components/text-field';
import { plural } from '@/lib/plural';
import { DrawRulesField } from './draw-rules-field';
import { drawnTotal, type ExamWizardValues, type QuestionSource } from './exam-values';
import { LineListField } from './line-list-field';
import { SectionHeading } from './section-heading';

const questionTypeOptions = QUESTION_TYPES.map((type) => ({
  value: type,
  label: QUESTION_TYPE_LABELS[type],
}));

const sourceChoices: readonly Choice<QuestionSource>[] = [
  {
    value: 'LISTED',
    title: 'Questions written or picked here',
    description: 'Every student answers the same questions, written in the Questions step.',
  },
  {
    value: 'DRAWN',
    title: 'Drawn from a question bank',
    description: 'Each student gets a paper of their own, drawn by rules from course banks.',
  },
];

interface SectionCardProps {
  index: number;
  /** Asks to change this section's question type; written questions may be at stake. */
  onTypeChange: (type: QuestionType, apply: () => void) => void;
  /** Its question count was left: the questions follow it. */
  onCountCommit: () => void;
  /** Asks to list or draw its questions; written questions may be at stake. */
  onSourceChange: (source: QuestionSource) => void;
  onDelete: () => void;
}

export function SectionCard({
  index,
  onTypeChange,
  onCountCommit,
  onSourceChange,
  onDelete,
}: SectionCardProps) {
  const { register, control, setValue } = useFormContext<ExamWizardValues>();
  const path = `examSections.${index}` as const;
  const [name, expanded, questionType, listedTotal, source, draw, marks, answerAny] = useWatch({
    control,
    name: [
      `${path}.name`,
      `${path}.isExpanded`,
      `${path}.questionType`,
      `${path}.totalQuestions`,
      `${path}.source`,
      `${path}.draw`,
      `${path}.marks`,
      `${path}.answerAny`,
    ],
  });
  const drawn = source === 'DRAWN';
  const totalQuestions = drawn ? drawnTotal(draw) : listedTotal;
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
        summary={`${QUESTION_TYPE_LABELS[questionType]} · ${Number.isInteger(totalQuestions) ? plural(totalQuestions, 'question') : 'No question count'}${drawn ? ' · drawn per student' : ''}`}
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
          <ChoiceCards
            legend="Questions"
            showLegend
            choices={sourceChoices}
            value={source}
            onChange={onSourceChange}
          />
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
            {drawn ? (
              <TextField
                label="Total Questions"
                readOnly
                value={String(totalQuestions)}
                hint="The rules' counts added up"
                error={fieldError('totalQuestions')}
              />
            ) : (
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
            )}
            <NumberField
              label="Section Marks"
              min={1}
              max={100}
              hint={drawn ? eachQuestionHint(marks, totalQuestions, answerAny) : undefined}
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
          {drawn && <DrawRulesField sectionIndex={index} />}
          <AnswerAnyField
            path={path}
            totalQuestions={totalQuestions}
            answerAny={answerAny}
            error={fieldError('answerAny')}
          />
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

/** What each drawn question will carry, once the marks share out into whole marks. */
function eachQuestionHint(marks: number, totalQuestions: number, answerAny: number) {
  const each = marksPerQuestion({
    marks,
    totalQuestions,
    answerAny: Number.isFinite(answerAny) ? answerAny : undefined,
  });
  return Number.isInteger(each) && each > 0
    ? `Each drawn question carries ${plural(each, 'mark')}`
    : undefined;
}

/** Internal choice: "Students answer any K of N", with the words the student will read. */
function AnswerAnyField({
  path,
  totalQuestions,
  answerAny,
  error,
}: {
  path: `examSections.${number}`;
  totalQuestions: number;
  answerAny: number;
  error?: string;
}) {
  const { register } = useFormContext<ExamWizardValues>();
  const counted = Number.isInteger(totalQuestions) && totalQuestions > 0;
  const shown =
    !error &&
    counted &&
    Number.isInteger(answerAny) &&
    answerAny >= 1 &&
    answerAny < totalQuestions;
  return (
    <div className="grid gap-3 md:grid-cols-[16rem_minmax(0,1fr)] md:items-start">
      <NumberField
        label="Students answer any (optional)"
        min={1}
        max={EXAM_LIMITS.questionsPerSection}
        placeholder="All"
        hint="Leave empty for all questions."
        error={error}
        trailing={
          <span className="pr-2 text-sm whitespace-nowrap text-slate-500">
            {counted ? `of ${totalQuestions}` : ''}
          </span>
        }
        {...register(`${path}.answerAny`, { valueAsNumber: true })}
      />
      {shown && (
        <div className="flex gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700 md:mt-7">
          <Megaphone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <p>
            <span className="font-medium text-slate-900">Students read: </span>
            {answerAnyNotice(answerAny, totalQuestions)}
          </p>
        </div>
      )}
    </div>
  );
}
