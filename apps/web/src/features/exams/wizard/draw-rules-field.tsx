import {
  type BankCourse,
  BLOOM_LEVEL_LABELS,
  BLOOM_LEVELS,
  CATEGORY_SEPARATOR,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  EXAM_LIMITS,
  type PreviewDrawData,
  type PreviewDrawInput,
  previewDrawSchema,
} from '@examiq/contracts';
import { CircleAlert, CircleCheck, Layers, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { NumberField } from '@/components/question-editor/number-field';
import { listMessage, useErrorsAt } from '@/components/question-editor/validation-marks';
import { TextField } from '@/components/text-field';
import { useBankCategories, useBankCourses, useCourseOutcomes } from '@/lib/lookups/bank-lookups';
import { useDrawPreview } from '../api/preview-draw';
import { distinctPapersText } from './draw-summary';
import { type ExamWizardValues, newDrawRule, type WizardSection } from './exam-values';
import { sentSection } from './steps';

/** The banks are asked again this long after the last change to a rule, not on every keystroke. */
export const PREVIEW_DELAY_MS = 400;

const difficultyOptions = DIFFICULTIES.map((value) => ({
  value,
  label: DIFFICULTY_LABELS[value],
}));
const bloomOptions = BLOOM_LEVELS.map((value) => ({ value, label: BLOOM_LEVEL_LABELS[value] }));

const courseLabel = (course: BankCourse) => `${course.name} (${course.batchName})`;

/** What the banks are asked about a section, once its rules and marks are complete. */
function previewInputOf(section: WizardSection | undefined): PreviewDrawInput | null {
  if (section?.source !== 'DRAWN') return null;
  const sent = sentSection(section);
  const input = {
    questionType: sent.questionType,
    marks: sent.marks,
    totalQuestions: sent.totalQuestions,
    answerAny: sent.answerAny,
    draw: 'draw' in sent ? sent.draw : [],
  };
  return previewDrawSchema.safeParse(input).success ? (input as PreviewDrawInput) : null;
}

/** The value as it stood `delay` ms after it last changed. */
function useSettled<Value>(value: Value, delay: number): Value {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

/**
 * A drawn section's rules, each "N questions from category C" with its filters, and what the
 * banks answer for them as they are edited: each rule's pool or refusal, and how many different
 * papers the blueprint allows.
 */
export function DrawRulesField({ sectionIndex }: { sectionIndex: number }) {
  const { control, getValues } = useFormContext<ExamWizardValues>();
  const name = `examSections.${sectionIndex}.draw` as const;
  const { fields, append, remove } = useFieldArray({ control, name, keyName: 'key' });
  const section = useWatch({ control, name: `examSections.${sectionIndex}` });
  const previewInput = useSettled(previewInputOf(section), PREVIEW_DELAY_MS);
  const preview = useDrawPreview(previewInput);
  const courses = useBankCourses('admin');
  const listError = listMessage(useErrorsAt(name));
  const full = fields.length >= EXAM_LIMITS.drawRules;
  const limitId = useId();
  // An answer for rules since changed is still shown while the next is asked, but not per rule:
  // a removed rule would lend its count to the one after it.
  const current = preview.data && previewInput !== null ? preview.data : undefined;
  const sameRules = current?.rules.length === fields.length;

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-1 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Layers aria-hidden="true" className="size-4 text-brand-600" />
        Draw rules
      </legend>
      <p className="text-sm text-slate-600">
        Each student gets their own questions, drawn at the start from the rules below. Only Ready
        questions of this section's type and marks per question are drawn.
      </p>
      {fields.map((field, ruleIndex) => (
        <DrawRuleRow
          key={field.key}
          sectionIndex={sectionIndex}
          ruleIndex={ruleIndex}
          courses={courses.data ?? []}
          coursesLoading={courses.isPending}
          feedback={sameRules ? current?.rules[ruleIndex] : undefined}
          checking={previewInput !== null && preview.isFetching}
          canRemove={fields.length > 1}
          onRemove={() => remove(ruleIndex)}
        />
      ))}
      {listError && (
        <p className="flex items-center gap-2 text-sm text-red-600">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {listError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={full}
          aria-describedby={full ? limitId : undefined}
          onClick={() => append(newDrawRule(getValues(name).at(-1)), { shouldFocus: false })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add rule
        </Button>
        {full && (
          <span id={limitId} className="text-sm text-slate-500">
            {`A section has at most ${EXAM_LIMITS.drawRules} draw rules.`}
          </span>
        )}
      </div>
      <PreviewSummary
        data={current}
        waiting={previewInput === null}
        failed={previewInput !== null && preview.isError}
      />
    </fieldset>
  );
}

function PreviewSummary({
  data,
  waiting,
  failed,
}: {
  data: PreviewDrawData | undefined;
  waiting: boolean;
  failed: boolean;
}) {
  let text = 'Checking the banks...';
  if (waiting) text = "Complete every rule and the section's marks to check the banks.";
  else if (failed)
    text = 'The banks could not be checked just now; the rules are checked again on save.';
  else if (data) text = distinctPapersText(data.distinctPapers);
  const refused = !waiting && !failed && data?.distinctPapers === 0;
  return (
    <p
      aria-live="polite"
      className={
        refused
          ? 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700'
          : 'rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800'
      }
    >
      {text}
    </p>
  );
}

interface DrawRuleRowProps {
  sectionIndex: number;
  ruleIndex: number;
  courses: readonly BankCourse[];
  coursesLoading: boolean;
  /** What the banks answered for this rule, when they have. */
  feedback: PreviewDrawData['rules'][number] | undefined;
  checking: boolean;
  canRemove: boolean;
  onRemove: () => void;
}

function DrawRuleRow({
  sectionIndex,
  ruleIndex,
  courses,
  coursesLoading,
  feedback,
  checking,
  canRemove,
  onRemove,
}: DrawRuleRowProps) {
  const { control, register, setValue } = useFormContext<ExamWizardValues>();
  const path = `examSections.${sectionIndex}.draw.${ruleIndex}` as const;
  const courseId = useWatch({ control, name: `${path}.courseId` }) ?? '';
  const categories = useBankCategories('admin', courseId);
  const outcomes = useCourseOutcomes('admin', courseId);
  const errors = useErrorsAt(path);
  const fieldError = (field: string) => (errors?.[field] as { message?: string })?.message;
  const number = ruleIndex + 1;
  const headingId = useId();

  const categoryOptions = (categories.data ?? [])
    .filter((category) => category.path !== '')
    .map((category) => ({
      value: category.path,
      label: `${category.path.split(CATEGORY_SEPARATOR).join(' › ')} (${category.totalCount})`,
    }));
  const outcomeOptions = (outcomes.data?.outcomes ?? []).map((outcome) => ({
    value: outcome.code,
    label: `${outcome.code} · ${outcome.description}`,
  }));

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:p-4"
    >
      <div className="mb-3 flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h4 id={headingId} className="text-sm font-semibold text-slate-900">
            {`Rule ${number}`}
          </h4>
          <RuleFeedback feedback={feedback} checking={checking} />
        </div>
        <button
          type="button"
          aria-label={`Remove rule ${number}`}
          title={canRemove ? 'Remove rule' : 'A drawn section needs at least one rule'}
          disabled={!canRemove}
          onClick={onRemove}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Controller
          control={control}
          name={`${path}.courseId`}
          render={({ field }) => (
            <Dropdown
              label="Course"
              className="sm:col-span-2"
              placeholder="Select a course's bank"
              options={courses.map((course) => ({ value: course._id, label: courseLabel(course) }))}
              loading={coursesLoading}
              error={fieldError('courseId')}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                // Another course has its own categories and outcomes.
                setValue(`${path}.category`, '');
                setValue(`${path}.courseOutcome`, '');
              }}
            />
          )}
        />
        <Dropdown
          label="Category"
          className="sm:col-span-2"
          placeholder={courseId ? 'The whole bank' : 'Select a course first'}
          options={categoryOptions}
          loading={categories.isFetching && !categories.data}
          disabled={courseId === ''}
          error={fieldError('category')}
          {...register(`${path}.category`)}
        />
        <NumberField
          label="Count"
          min={1}
          max={EXAM_LIMITS.questionsPerSection}
          error={fieldError('count')}
          {...register(`${path}.count`, { valueAsNumber: true })}
        />
        <Dropdown
          label="Difficulty"
          placeholder="Any difficulty"
          options={difficultyOptions}
          error={fieldError('difficulty')}
          {...register(`${path}.difficulty`)}
        />
        <Dropdown
          label="Bloom's Level"
          placeholder="Any level"
          options={bloomOptions}
          error={fieldError('bloomLevel')}
          {...register(`${path}.bloomLevel`)}
        />
        <Dropdown
          label="Course Outcome"
          placeholder="Any outcome"
          options={outcomeOptions}
          disabled={courseId === ''}
          error={fieldError('courseOutcome')}
          {...register(`${path}.courseOutcome`)}
        />
        <TagsInput
          name={`${path}.tags`}
          className="sm:col-span-2 lg:col-span-3"
          error={fieldError('tags') ?? listMessage(errors?.tags)}
        />
        <label className="flex items-center gap-3 self-start rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm font-medium text-slate-700 lg:mt-7">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-600"
            {...register(`${path}.includeSubcategories`)}
          />
          Include subcategories
        </label>
      </div>
    </section>
  );
}

/** The rule's pool as the banks answered: 'N available', or the contract's refusal. */
function RuleFeedback({
  feedback,
  checking,
}: {
  feedback: DrawRuleRowProps['feedback'];
  checking: boolean;
}) {
  if (!feedback) {
    return checking ? <p className="mt-0.5 text-sm text-slate-500">Checking the bank...</p> : null;
  }
  if (feedback.message) {
    return (
      <p className="mt-0.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {feedback.message}
      </p>
    );
  }
  return (
    <p className="mt-0.5 flex items-center gap-1.5 text-sm text-emerald-700">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {`${feedback.available} available`}
    </p>
  );
}

/** Tags typed as one comma-separated line, kept as a list once the field is left. */
function TagsInput({
  name,
  className,
  error,
}: {
  name: `examSections.${number}.draw.${number}.tags`;
  className?: string;
  error?: string;
}) {
  const { control } = useFormContext<ExamWizardValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TagsText
          className={className}
          error={error}
          tags={field.value ?? []}
          onCommit={(tags) => {
            field.onChange(tags);
            field.onBlur();
          }}
        />
      )}
    />
  );
}

function TagsText({
  tags,
  onCommit,
  className,
  error,
}: {
  tags: readonly string[];
  onCommit: (tags: string[]) => void;
  className?: string;
  error?: string;
}) {
  const [text, setText] = useState(tags.join(', '));
  return (
    <TextField
      label="Tags"
      className={className}
      placeholder="e.g. circuits, numericals"
      hint="Separate tags with commas; a question must carry every tag listed."
      error={error}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const next = text
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean);
        setText(next.join(', '));
        onCommit(next);
      }}
    />
  );
}
