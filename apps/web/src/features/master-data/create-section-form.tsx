import { createSectionSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { useBatches } from '@/lib/lookups/get-batches';
import { useBranchesByCourse } from '@/lib/lookups/get-branches-by-course';
import { useCoursesByBatch } from '@/lib/lookups/get-courses-by-batch';
import { batchOptions, branchOptions, courseOptions } from '@/lib/lookups/lookup-options';
import { useCreateSection } from './api/create-section';
import { type CreateFormProps, FormActions, showCreateFailure } from './create-form-parts';

export function CreateSectionForm({ onSuccess, onCancel }: CreateFormProps) {
  // Batch and course only narrow the branch list; a section belongs to its branch alone.
  const [batchId, setBatchId] = useState('');
  const [courseId, setCourseId] = useState('');
  const batches = useBatches();
  const courses = useCoursesByBatch(batchId);
  const branches = useBranchesByCourse(courseId);
  const createSection = useCreateSection();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createSectionSchema),
    mode: 'onTouched',
    defaultValues: { branchId: '', name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createSection.mutateAsync(values);
    } catch (error) {
      showCreateFailure(
        error,
        setError,
        createSectionSchema.keyof().options,
        MASTER_DATA_MESSAGES.section.createFailed,
      );
      return;
    }
    toast.success(MASTER_DATA_MESSAGES.section.created);
    onSuccess();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4">
        <Dropdown
          label="Batch"
          placeholder="Select a batch"
          options={batchOptions(batches.data)}
          loading={batches.isPending}
          value={batchId}
          onChange={(event) => {
            setBatchId(event.target.value);
            setCourseId('');
            resetField('branchId');
          }}
        />
        <Dropdown
          label="Course"
          placeholder={batchId ? 'Select a course' : 'Select a batch first'}
          options={courseOptions(courses.data)}
          loading={courses.isLoading}
          disabled={!batchId}
          value={courseId}
          onChange={(event) => {
            setCourseId(event.target.value);
            resetField('branchId');
          }}
        />
        <Dropdown
          label="Branch"
          placeholder={courseId ? 'Select a branch' : 'Select a course first'}
          options={branchOptions(branches.data)}
          loading={branches.isLoading}
          disabled={!courseId}
          error={errors.branchId?.message}
          {...register('branchId')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Section Name"
            placeholder="e.g. A"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            placeholder="e.g. 60"
            error={errors.capacity?.message}
            {...register('capacity', { valueAsNumber: true })}
          />
        </div>
      </div>
      <FormActions submitLabel="Create Section" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
