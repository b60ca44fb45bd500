import { createBranchSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { useBatches } from '@/lib/lookups/get-batches';
import { useCoursesByBatch } from '@/lib/lookups/get-courses-by-batch';
import { batchOptions, courseOptions } from '@/lib/lookups/lookup-options';
import { useCreateBranch } from './api/create-branch';
import { type CreateFormProps, FormActions, showCreateFailure } from './create-form-parts';

export function CreateBranchForm({ onSuccess, onCancel }: CreateFormProps) {
  // The batch only narrows the course list; a branch belongs to its course alone.
  const [batchId, setBatchId] = useState('');
  const batches = useBatches();
  const courses = useCoursesByBatch(batchId);
  const createBranch = useCreateBranch();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createBranchSchema),
    mode: 'onTouched',
    defaultValues: { courseId: '', name: '', code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createBranch.mutateAsync(values);
    } catch (error) {
      showCreateFailure(
        error,
        setError,
        createBranchSchema.keyof().options,
        MASTER_DATA_MESSAGES.branch.createFailed,
      );
      return;
    }
    toast.success(MASTER_DATA_MESSAGES.branch.created);
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
            resetField('courseId');
          }}
        />
        <Dropdown
          label="Course"
          placeholder={batchId ? 'Select a course' : 'Select a batch first'}
          options={courseOptions(courses.data)}
          loading={courses.isLoading}
          disabled={!batchId}
          error={errors.courseId?.message}
          {...register('courseId')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Branch Name"
            placeholder="e.g. Computer Science"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Branch Code"
            placeholder="e.g. CSE"
            autoCapitalize="characters"
            error={errors.code?.message}
            {...register('code')}
          />
        </div>
      </div>
      <FormActions submitLabel="Create Branch" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
