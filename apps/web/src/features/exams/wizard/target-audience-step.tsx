import { FACULTY_REQUIRED_MESSAGE } from '@examiq/contracts';
import type { ComponentProps } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { MultiSelect } from '@/components/multi-select';
import { FieldGrid } from '@/components/person-form';
import { fullName } from '@/lib/format';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { useFacultyOptions } from '../api/get-faculty-options';
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

type ChoiceListProps = Omit<
  ComponentProps<typeof MultiSelect>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & { name: 'sectionIds' | 'assignedFacultyIds' };

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
