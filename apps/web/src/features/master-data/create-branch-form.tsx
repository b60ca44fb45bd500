import { createBranchSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { useCreateBranch } from './api/create-branch';
import { type CreateFormProps, createRecordSubmit, FormActions } from './create-form-parts';

export function CreateBranchForm({ onSuccess, onCancel }: CreateFormProps) {
  // The batch only narrows the course list; a branch belongs to its course alone.
  const [batchId, setBatchId] = useState('');
  const createBranch = useCreateBranch();
  const form = useForm({
    resolver: zodResolver(createBranchSchema),
    mode: 'onTouched',
    defaultValues: { courseId: '', name: '', code: '' },
  });
  const {
    register,
    resetField,
    formState: { errors, isSubmitting },
  } = form;
  const cascade = useLookupCascade({
    batch: { id: batchId },
    clear: (level) => {
      if (level === 'course') resetField('courseId');
    },
  });

  const onSubmit = createRecordSubmit(form, {
    create: createBranch.mutateAsync,
    fields: createBranchSchema.keyof().options,
    uniqueField: 'code',
    messages: MASTER_DATA_MESSAGES.branch,
    onSuccess,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4">
        <Dropdown
          {...cascade.batch}
          value={batchId}
          onChange={(event) => {
            setBatchId(event.target.value);
            cascade.clearBelow('batch');
          }}
        />
        <Dropdown {...cascade.course} error={errors.courseId?.message} {...register('courseId')} />
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
