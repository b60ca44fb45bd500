import {
  COURSE_TYPE_LABELS,
  COURSE_TYPES,
  createCourseSchema,
  MASTER_DATA_MESSAGES,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { useBatches } from '@/lib/lookups/get-batches';
import { batchOptions } from '@/lib/lookups/lookup-options';
import { useCreateCourse } from './api/create-course';
import { type CreateFormProps, createRecordSubmit, FormActions } from './create-form-parts';

const courseTypeOptions = COURSE_TYPES.map((type) => ({
  value: type,
  label: COURSE_TYPE_LABELS[type],
}));

export function CreateCourseForm({ onSuccess, onCancel }: CreateFormProps) {
  const batches = useBatches();
  const createCourse = useCreateCourse();
  const form = useForm({
    resolver: zodResolver(createCourseSchema),
    mode: 'onTouched',
    defaultValues: { batchId: '', name: '', fullName: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = createRecordSubmit(form, {
    create: createCourse.mutateAsync,
    fields: createCourseSchema.keyof().options,
    uniqueField: 'name',
    messages: MASTER_DATA_MESSAGES.course,
    onSuccess,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Dropdown
          label="Batch"
          placeholder="Select a batch"
          options={batchOptions(batches.data)}
          loading={batches.isPending}
          error={errors.batchId?.message}
          className="sm:col-span-2"
          {...register('batchId')}
        />
        <TextField
          label="Course Name"
          placeholder="e.g. B.Tech"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Full Name"
          placeholder="e.g. Bachelor of Technology"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Total Semesters"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 8"
          error={errors.totalSemesters?.message}
          {...register('totalSemesters', { valueAsNumber: true })}
        />
        <TextField
          label="Duration (Years)"
          type="number"
          inputMode="decimal"
          step={0.5}
          placeholder="e.g. 4"
          error={errors.durationYears?.message}
          {...register('durationYears', { valueAsNumber: true })}
        />
        <Dropdown
          label="Course Type"
          placeholder="Select a course type"
          options={courseTypeOptions}
          error={errors.courseType?.message}
          className="sm:col-span-2"
          {...register('courseType')}
        />
      </div>
      <FormActions submitLabel="Create Course" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
