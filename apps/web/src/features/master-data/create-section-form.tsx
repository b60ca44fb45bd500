import { createSectionSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { TextField } from '@/components/text-field';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { useCreateSection } from './api/create-section';
import { type CreateFormProps, createRecordSubmit, FormActions } from './create-form-parts';

export function CreateSectionForm({ onSuccess, onCancel }: CreateFormProps) {
  // Batch and course only narrow the branch list; a section belongs to its branch alone.
  const [batchId, setBatchId] = useState('');
  const [courseId, setCourseId] = useState('');
  const createSection = useCreateSection();
  const form = useForm({
    resolver: zodResolver(createSectionSchema),
    mode: 'onTouched',
    defaultValues: { branchId: '', name: '' },
  });
  const {
    register,
    resetField,
    formState: { errors, isSubmitting },
  } = form;
  const cascade = useLookupCascade({
    batch: { id: batchId },
    courseId,
    clear: (level) => {
      if (level === 'course') setCourseId('');
      if (level === 'branch') resetField('branchId');
    },
  });

  const onSubmit = createRecordSubmit(form, {
    create: createSection.mutateAsync,
    fields: createSectionSchema.keyof().options,
    uniqueField: 'name',
    messages: MASTER_DATA_MESSAGES.section,
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
        <Dropdown
          {...cascade.course}
          value={courseId}
          onChange={(event) => {
            setCourseId(event.target.value);
            cascade.clearBelow('course');
          }}
        />
        <Dropdown {...cascade.branch} error={errors.branchId?.message} {...register('branchId')} />
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
