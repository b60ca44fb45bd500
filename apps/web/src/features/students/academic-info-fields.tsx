import type { CreateStudentInput } from '@examiq/contracts';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { FieldGrid, FormSection } from '@/components/person-form';
import { TextField } from '@/components/text-field';
import { useBatches } from '@/lib/lookups/get-batches';
import { useBranchesByCourse } from '@/lib/lookups/get-branches-by-course';
import { useCoursesByBatch } from '@/lib/lookups/get-courses-by-batch';
import { useSectionsByBranch } from '@/lib/lookups/get-sections-by-branch';
import {
  batchOptions,
  branchOptions,
  courseOptions,
  sectionOptions,
} from '@/lib/lookups/lookup-options';

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

  const batches = useBatches('log');
  // The payload carries the batch's name ('2024-2028'); names are unique, so it finds the id.
  const batchName = useWatch({ control, name: 'academicInfo.batch' });
  const batchId = batches.data?.find((batch) => batch.name === batchName)?._id ?? '';
  const courseId = useWatch({ control, name: 'academicInfo.course' });
  const branchId = useWatch({ control, name: 'academicInfo.branch' });
  const courses = useCoursesByBatch(batchId, 'log');
  const branches = useBranchesByCourse(courseId, 'log');
  const sections = useSectionsByBranch(branchId, 'log');

  return (
    <FormSection title="Academic Information">
      <FieldGrid>
        <Controller
          control={control}
          name="academicInfo.batch"
          render={({ field, fieldState }) => (
            <Dropdown
              label="Batch"
              placeholder="Select a batch"
              options={batchOptions(batches.data)}
              loading={batches.isPending}
              error={fieldState.error?.message}
              ref={field.ref}
              name={field.name}
              value={batchId}
              onBlur={field.onBlur}
              onChange={(event) => {
                const chosen = batches.data?.find((batch) => batch._id === event.target.value);
                field.onChange(chosen?.name ?? '');
                resetField('academicInfo.course');
                resetField('academicInfo.branch');
                resetField('academicInfo.section');
              }}
            />
          )}
        />
        <Dropdown
          label="Course"
          placeholder={batchId ? 'Select a course' : 'Select a batch first'}
          options={courseOptions(courses.data)}
          loading={courses.isLoading}
          disabled={!batchId}
          error={fieldErrors?.course?.message}
          {...register('academicInfo.course', {
            onChange: () => {
              resetField('academicInfo.branch');
              resetField('academicInfo.section');
            },
          })}
        />
        <Dropdown
          label="Branch"
          placeholder={courseId ? 'Select a branch' : 'Select a course first'}
          options={branchOptions(branches.data)}
          loading={branches.isLoading}
          disabled={!courseId}
          error={fieldErrors?.branch?.message}
          {...register('academicInfo.branch', {
            onChange: () => resetField('academicInfo.section'),
          })}
        />
        <Dropdown
          label="Section"
          placeholder={branchId ? 'Select a section' : 'Select a branch first'}
          options={sectionOptions(sections.data)}
          loading={sections.isLoading}
          disabled={!branchId}
          error={fieldErrors?.section?.message}
          {...register('academicInfo.section')}
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
