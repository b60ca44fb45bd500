import { EXAM_LIMITS, FACULTY_REQUIRED_MESSAGE } from '@examiq/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import {
  Controller,
  type FieldPathByValue,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { MultiSelect } from '@/components/multi-select';
import { FieldGrid } from '@/components/person-form';
import { fullName } from '@/lib/format';
import { useFacultyOptions } from '@/lib/lookups/get-faculty-options';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import type { ExamWizardValues } from './exam-values';
import { ProctoringRulesFields } from './proctoring-rules-fields';
import { STEP_FIELDS } from './steps';

/**
 * Batch → Course → Branch → Sections (spec section 4): each level waits for its parent, and a
 * new choice clears everything below it. Faculty, and the rules they proctor by, are asked for
 * only in PROCTORING mode.
 */
export function TargetAudienceStep() {
  const { register, control, setValue, clearErrors } = useFormContext<ExamWizardValues>();
  const { errors } = useFormState({ control, name: STEP_FIELDS.targetAudience });
  const [batchId, courseId, branchId, mode] = useWatch({
    control,
    name: ['batchId', 'courseId', 'branchId', 'examMode'],
  });
  const cascade = useLookupCascade({
    batch: { id: batchId },
    courseId,
    branchId,
    clear: (level) => {
      if (level === 'course' || level === 'branch') {
        setValue(`${level}Id`, '');
        clearErrors(`${level}Id`);
        // Only a new batch clears the course, and the added groups are courses of the batch.
        if (level === 'course') {
          setValue('additionalAudiences', []);
          clearErrors('additionalAudiences');
        }
      } else if (level === 'section') {
        // Several sections of the branch may sit the exam, so the choice is a list.
        setValue('sectionIds', []);
        clearErrors('sectionIds');
      }
    },
  });
  const proctored = mode === 'PROCTORING';
  const faculty = useFacultyOptions(proctored);
  const facultyOptions = (faculty.data ?? []).map((member) => ({
    value: member.userId._id,
    label: fullName(member.personalInfo),
  }));

  return (
    <div className="space-y-6">
      <FieldGrid>
        <Dropdown
          {...cascade.batch}
          error={errors.batchId?.message}
          {...register('batchId', { onChange: () => cascade.clearBelow('batch') })}
        />
        <Dropdown
          {...cascade.course}
          error={errors.courseId?.message}
          {...register('courseId', { onChange: () => cascade.clearBelow('course') })}
        />
        <Dropdown
          {...cascade.branch}
          className="sm:col-span-2"
          error={errors.branchId?.message}
          {...register('branchId', { onChange: () => cascade.clearBelow('branch') })}
        />
      </FieldGrid>
      <ChoiceList
        name="sectionIds"
        label="Sections"
        hint="Choose one or more sections of the branch."
        placeholder={cascade.section.placeholder}
        options={cascade.section.options}
        loading={cascade.section.loading}
        disabled={cascade.section.disabled}
      />
      <AdditionalAudiences batchId={batchId} firstBranchId={branchId} />
      {proctored && (
        <>
          <ChoiceList
            name="assignedFacultyIds"
            label="Faculty"
            hint={`Who supervises the exam. ${FACULTY_REQUIRED_MESSAGE}.`}
            options={facultyOptions}
            loading={faculty.isPending}
          />
          <ProctoringRulesFields />
        </>
      )}
    </div>
  );
}

/**
 * More branches sitting the same paper: each group picks a course of the exam's batch, one of its
 * branches not already in the audience, and sections of it.
 */
function AdditionalAudiences({
  batchId,
  firstBranchId,
}: {
  batchId: string;
  firstBranchId: string;
}) {
  const { control } = useFormContext<ExamWizardValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'additionalAudiences',
    keyName: 'key',
  });
  const groups = useWatch({ control, name: 'additionalAudiences' });
  const limitId = useId();
  const full = fields.length >= EXAM_LIMITS.additionalAudiences;

  return (
    <div className="space-y-4">
      {fields.map((field, index) => (
        <AudienceGroup
          key={field.key}
          index={index}
          batchId={batchId}
          takenBranchIds={[firstBranchId, ...groups.map((group) => group.branchId)].filter(
            (id, position) => id !== '' && position !== index + 1,
          )}
          onRemove={() => remove(index)}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={!batchId || full}
          aria-describedby={full ? limitId : undefined}
          onClick={() => append({ courseId: '', branchId: '', sectionIds: [] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add another branch
        </Button>
        <span id={limitId} className="text-sm text-slate-500">
          {full
            ? `At most ${EXAM_LIMITS.additionalAudiences} more branches can sit one exam.`
            : 'For a common paper: students of every branch added sit this exam.'}
        </span>
      </div>
    </div>
  );
}

function AudienceGroup({
  index,
  batchId,
  takenBranchIds,
  onRemove,
}: {
  index: number;
  batchId: string;
  takenBranchIds: string[];
  onRemove: () => void;
}) {
  const { register, control, setValue, clearErrors } = useFormContext<ExamWizardValues>();
  const path = `additionalAudiences.${index}` as const;
  const { errors } = useFormState({ control, name: path });
  const groupErrors = errors.additionalAudiences?.[index];
  const [courseId, branchId] = useWatch({
    control,
    name: [`${path}.courseId`, `${path}.branchId`],
  });
  const cascade = useLookupCascade({
    batch: { id: batchId },
    courseId,
    branchId,
    clear: (level) => {
      if (level === 'branch') {
        setValue(`${path}.branchId`, '');
        clearErrors(`${path}.branchId`);
      } else if (level === 'section') {
        setValue(`${path}.sectionIds`, []);
        clearErrors(`${path}.sectionIds`);
      }
    },
  });
  const legendId = useId();
  const title = `Branch ${index + 2}`;

  return (
    <fieldset
      aria-labelledby={legendId}
      className="min-w-0 space-y-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex items-center justify-between gap-3">
        <legend id={legendId} className="text-sm font-semibold text-slate-900">
          {title}
        </legend>
        <Button variant="ghost" size="sm" aria-label={`Remove ${title}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
      <FieldGrid>
        <Dropdown
          {...cascade.course}
          error={groupErrors?.courseId?.message}
          {...register(`${path}.courseId`, { onChange: () => cascade.clearBelow('course') })}
        />
        <Dropdown
          {...cascade.branch}
          options={cascade.branch.options.filter(
            (option) => !takenBranchIds.includes(option.value),
          )}
          error={groupErrors?.branchId?.message}
          {...register(`${path}.branchId`, { onChange: () => cascade.clearBelow('branch') })}
        />
      </FieldGrid>
      <ChoiceList
        name={`${path}.sectionIds`}
        label="Sections"
        hint={`Choose one or more sections of ${title.toLowerCase()}.`}
        placeholder={cascade.section.placeholder}
        options={cascade.section.options}
        loading={cascade.section.loading}
        disabled={cascade.section.disabled}
      />
    </fieldset>
  );
}

type ChoiceListProps = Omit<
  ComponentProps<typeof MultiSelect>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & { name: FieldPathByValue<ExamWizardValues, string[]> };

/** A list field of the form shown as a MultiSelect. */
function ChoiceList({ name, ...props }: ChoiceListProps) {
  const { control } = useFormContext<ExamWizardValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
