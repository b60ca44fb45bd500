import {
  COURSE_TYPE_LABELS,
  COURSE_TYPES,
  MASTER_DATA_MESSAGES,
  MASTER_DATA_STATUSES,
  updateBatchSchema,
  updateBranchSchema,
  updateCourseSchema,
  updateSectionSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Dropdown } from '@/components/dropdown';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { getServerMessage } from '@/lib/api-client';
import { type MasterDataKind, useDeleteRecord, useUpdateRecord } from './api/change-record';
import { createRecordSubmit, FormActions } from './create-form-parts';

interface FieldSpec {
  name: string;
  label: string;
  number?: boolean;
  step?: number;
  options?: readonly { value: string; label: string }[];
}

const statusOptions = MASTER_DATA_STATUSES.map((status) => ({ value: status, label: status }));
const courseTypeOptions = COURSE_TYPES.map((type) => ({
  value: type,
  label: COURSE_TYPE_LABELS[type],
}));

/** The fields an edit can change, labelled as on create; the parent stays as it is. */
const EDITS: Record<
  MasterDataKind,
  // `unique`: the field a duplicate (409) is shown under.
  { schema: z.ZodType<FieldValues, FieldValues>; fields: FieldSpec[]; unique: string }
> = {
  batch: {
    schema: updateBatchSchema,
    fields: [
      { name: 'startYear', label: 'Start Year', number: true },
      { name: 'endYear', label: 'End Year', number: true },
    ],
    unique: 'startYear',
  },
  course: {
    schema: updateCourseSchema,
    fields: [
      { name: 'name', label: 'Course Name' },
      { name: 'fullName', label: 'Full Name' },
      { name: 'totalSemesters', label: 'Total Semesters', number: true },
      { name: 'durationYears', label: 'Duration (Years)', number: true, step: 0.5 },
      { name: 'courseType', label: 'Course Type', options: courseTypeOptions },
    ],
    unique: 'name',
  },
  branch: {
    schema: updateBranchSchema,
    fields: [
      { name: 'name', label: 'Branch Name' },
      { name: 'code', label: 'Branch Code' },
    ],
    unique: 'code',
  },
  section: {
    schema: updateSectionSchema,
    fields: [
      { name: 'name', label: 'Section Name' },
      { name: 'capacity', label: 'Capacity', number: true },
    ],
    unique: 'name',
  },
};

const TITLES: Record<MasterDataKind, string> = {
  batch: 'Batch',
  course: 'Course',
  branch: 'Branch',
  section: 'Section',
};

interface RecordActionsProps {
  kind: MasterDataKind;
  record: { _id: string; status: string } & Record<string, unknown>;
  /** How the record is named on its card, e.g. 'Section A'. */
  label: string;
}

/** Edit and Delete of one master data card, each in its own dialog. */
export function RecordActions({ kind, record, label }: RecordActionsProps) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex gap-2">
      <Button variant="secondary" size="sm" onClick={() => setOpen('edit')}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit <span className="sr-only">{label}</span>
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setOpen('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete <span className="sr-only">{label}</span>
      </Button>
      <Modal open={open === 'edit'} onClose={close} title={`Edit ${TITLES[kind]}`}>
        <EditRecordForm kind={kind} record={record} onDone={close} />
      </Modal>
      <DeleteRecordDialog
        kind={kind}
        id={record._id}
        label={label}
        open={open === 'delete'}
        onClose={close}
      />
    </div>
  );
}

function EditRecordForm({
  kind,
  record,
  onDone,
}: {
  kind: MasterDataKind;
  record: RecordActionsProps['record'];
  onDone: () => void;
}) {
  const { schema, fields, unique } = EDITS[kind];
  const update = useUpdateRecord(kind, record._id);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(
      [...fields.map((field) => field.name), 'status'].map((name) => [name, record[name]]),
    ),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const messages = MASTER_DATA_MESSAGES[kind];
  const onSubmit = createRecordSubmit(form, {
    create: update.mutateAsync,
    fields: [...fields.map((field) => field.name), 'status'],
    uniqueField: unique,
    messages: { created: messages.updated, createFailed: messages.updateFailed },
    onSuccess: onDone,
  });
  const errorOf = (name: string) => errors[name]?.message as string | undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) =>
          field.options ? (
            <Dropdown
              key={field.name}
              label={field.label}
              options={field.options}
              error={errorOf(field.name)}
              {...register(field.name)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              type={field.number ? 'number' : 'text'}
              inputMode={field.number ? 'decimal' : undefined}
              step={field.step}
              error={errorOf(field.name)}
              {...register(field.name, { valueAsNumber: field.number })}
            />
          ),
        )}
        <Dropdown
          label="Status"
          options={statusOptions}
          error={errorOf('status')}
          {...register('status')}
        />
      </div>
      <FormActions submitLabel="Save Changes" submitting={isSubmitting} onCancel={onDone} />
    </form>
  );
}

function DeleteRecordDialog({
  kind,
  id,
  label,
  open,
  onClose,
}: {
  kind: MasterDataKind;
  id: string;
  label: string;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteRecord(kind);
  const [refusal, setRefusal] = useState<string | null>(null);
  const messages = MASTER_DATA_MESSAGES[kind];
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      // Kept in the dialog: what uses the record is what the admin must deal with first.
      setRefusal(getServerMessage(error) ?? messages.deleteFailed);
      return;
    }
    toast.success(messages.deleted);
    onClose();
  };

  return (
    <ConfirmDeleteDialog
      name={open ? label : null}
      title={`Delete ${TITLES[kind]}`}
      warning="This action cannot be undone."
      refusal={refusal}
      deleting={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={() => {
        setRefusal(null);
        onClose();
      }}
    />
  );
}
