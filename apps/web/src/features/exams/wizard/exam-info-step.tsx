import { EXAM_LIMITS, EXAM_MODE_LABELS, EXAM_MODES, type ExamMode } from '@examiq/contracts';
import { useFormContext, useFormState } from 'react-hook-form';
import { CheckboxCard } from '@/components/checkbox-card';
import { FieldGrid } from '@/components/person-form';
import { recheck } from '@/components/question-editor/form-helpers';
import { NumberField } from '@/components/question-editor/number-field';
import { RadioCard } from '@/components/radio-card';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';
import type { ExamWizardValues } from './exam-values';
import { LineListField } from './line-list-field';
import { STEP_FIELDS } from './steps';

const MODE_DESCRIPTIONS: Record<ExamMode, string> = {
  AUTO: 'Students sit it any time between a start and an end date, without live supervision.',
  PROCTORING: 'Held on one date between a start and an end time, supervised by faculty.',
};

/** Both off by default; the server fixes each student's order when their attempt starts. */
export const SHUFFLE_SETTINGS = [
  {
    name: 'shuffleQuestions',
    label: 'Shuffle questions',
    hint: 'Each student gets the questions of every section in their own order',
  },
  {
    name: 'shuffleOptions',
    label: 'Shuffle options',
    hint: 'Each student gets the options of every multiple-choice question in their own order',
  },
] as const;

/** On by default: a student reading a published result learns from the key. */
export const RESULT_SETTINGS = [
  {
    name: 'showAnswersAfterPublish',
    label: 'Show answers and explanations after publishing',
    hint: 'Students reading their published result see the correct answers and explanations',
  },
] as const;

interface SettingCardProps {
  name:
    | (typeof SHUFFLE_SETTINGS)[number]['name']
    | (typeof RESULT_SETTINGS)[number]['name']
    | 'proctoringThresholds.autoSubmit';
  label: string;
  hint: string;
}

/** A setting of the exam as a card that toggles wherever it is clicked. */
export function SettingCard({ name, label, hint }: SettingCardProps) {
  const { register } = useFormContext<ExamWizardValues>();
  return <CheckboxCard label={label} hint={hint} {...register(name)} />;
}

export function ExamInfoStep({ maxDuration }: { maxDuration: number }) {
  const form = useFormContext<ExamWizardValues>();
  const { register, control } = form;
  const { errors } = useFormState({ control, name: STEP_FIELDS.examInfo });

  return (
    <div className="space-y-6">
      <FieldGrid>
        <TextField
          label="Exam Title"
          className="sm:col-span-2"
          placeholder="e.g. Data Structures Mid-term"
          error={errors.examTitle?.message}
          {...register('examTitle')}
        />
        <TextArea
          label="Description"
          className="sm:col-span-2"
          placeholder="What the exam covers, in a sentence or two"
          error={errors.examDescription?.message}
          {...register('examDescription')}
        />
        <TextField
          label="Subject"
          placeholder="e.g. Data Structures"
          error={errors.subject?.message}
          {...register('subject')}
        />
        <NumberField
          label="Duration (minutes)"
          min={1}
          max={maxDuration}
          hint={`Up to ${maxDuration} minutes`}
          error={errors.duration?.message}
          {...register('duration', { valueAsNumber: true })}
        />
        <NumberField
          label="Total Marks"
          min={1}
          max={200}
          error={errors.totalMarks?.message}
          {...register('totalMarks', {
            valueAsNumber: true,
            onChange: () => recheck(form, 'passingMarks'),
          })}
        />
        <NumberField
          label="Passing Marks"
          min={1}
          error={errors.passingMarks?.message}
          {...register('passingMarks', { valueAsNumber: true })}
        />
      </FieldGrid>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Exam Mode</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {EXAM_MODES.map((mode) => (
            <RadioCard
              key={mode}
              value={mode}
              label={EXAM_MODE_LABELS[mode]}
              description={MODE_DESCRIPTIONS[mode]}
              {...register('examMode')}
            />
          ))}
        </div>
        {errors.examMode?.message && (
          <p className="mt-1.5 text-sm text-red-600">{errors.examMode.message}</p>
        )}
      </fieldset>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Question Order</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {SHUFFLE_SETTINGS.map((setting) => (
            <SettingCard key={setting.name} {...setting} />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Results</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {RESULT_SETTINGS.map((setting) => (
            <SettingCard key={setting.name} {...setting} />
          ))}
        </div>
      </fieldset>

      <LineListField
        name="generalInstructions"
        legend="General Instructions"
        itemLabel="Instruction"
        min={1}
        max={EXAM_LIMITS.generalInstructions}
      />
    </div>
  );
}
