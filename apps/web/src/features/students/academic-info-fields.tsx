import type { CreateStudentInput } from '@examiq/contracts';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { FieldGrid, FormSection } from '@/components/person-form';
import { TextField } from '@/components/text-field';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';

/**
 * Batch, course, branch and section as cascading dropdowns (spec section 4): each waits for its
 * parent, and choosing a parent clears what was chosen below it. Lookup failures are only logged
 * on this form (spec section 8).
 */
export function AcademicInfoFields() {
  const {
    register,
    control,
    resetField,
    formState: { errors },
  } = useFormContext<CreateStudentInput>();
  const fieldErrors = errors.academicInfo;

  // The payload carries the batch's name ('2024-2028'), not its id.
  const batchName = useWatch({ control, name: 'academicInfo.batch' });
  const courseId = useWatch({ control, name: 'academicInfo.course' });
  const branchId = useWatch({ control, name: 'academicInfo.branch' });
  const sectionId = useWatch({ control, name: 'academicInfo.section' });
  const cascade = useLookupCascade({
    batch: { name: batchName },
    courseId,
    branchId,
    failure: 'log',
    clear: (level) => {
      if (level !== 'batch') resetField(`academicInfo.${level}`);
    },
  });

  return (
    <FormSection title="Academic Information">
      <FieldGrid>
        <Controller
          control={control}
          name="academicInfo.batch"
          render={({ field, fieldState }) => (
            <Dropdown
              {...cascade.batch}
              error={fieldState.error?.message}
              ref={field.ref}
              name={field.name}
              value={cascade.batchId}
              onBlur={field.onBlur}
              onChange={(event) => {
                const chosen = cascade.batches?.find((batch) => batch._id === event.target.value);
                field.onChange(chosen?.name ?? '');
                cascade.clearBelow('batch');
              }}
            />
          )}
        />
        {/* Controlled, so a choice the edit form starts with shows once its options arrive. */}
        <Dropdown
          {...cascade.course}
          error={fieldErrors?.course?.message}
          {...register('academicInfo.course', { onChange: () => cascade.clearBelow('course') })}
          value={courseId}
        />
        <Dropdown
          {...cascade.branch}
          error={fieldErrors?.branch?.message}
          {...register('academicInfo.branch', { onChange: () => cascade.clearBelow('branch') })}
          value={branchId}
        />
        <Dropdown
          {...cascade.section}
          error={fieldErrors?.section?.message}
          {...register('academicInfo.section')}
          value={sectionId}
        />
        <TextField
          label="Semester"
          type="number"
          inputMode="numeric"
          min={1}
          max={10}
          placeholder="e.g. 1"
          error={fieldErrors?.semester?.message}
          {...register('academicInfo.semester', { valueAsNumber: true })}
        />
        <TextField
          label="Admission Year"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 2024"
          error={fieldErrors?.admissionYear?.message}
          {...register('academicInfo.admissionYear', { valueAsNumber: true })}
        />
        <TextField
          label="Expected Graduation Year"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 2028"
          error={fieldErrors?.expectedGraduationYear?.message}
          {...register('academicInfo.expectedGraduationYear', { valueAsNumber: true })}
        />
      </FieldGrid>
    </FormSection>
  );
}
