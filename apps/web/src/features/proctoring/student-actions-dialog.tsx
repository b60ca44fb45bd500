import {
  ATTEMPT_LIMITS,
  endAttemptSchema,
  grantExtraTimeSchema,
  SITTING_STATUS_LABELS,
  warnStudentSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronRight, CircleStop, type LucideIcon, ShieldAlert, TimerReset } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { MonitorStudent, ProctorActions } from './monitor-types';

type ActionId = 'warn' | 'extra-time' | 'end';

interface ActionSpec {
  label: string;
  icon: LucideIcon;
  /** What the action does, under its name in the list. */
  description: string;
  /** The dialog's title once chosen. */
  title: (name: string) => string;
  /** Only a student sitting the exam can be warned or stopped; time can be given beforehand. */
  allowed: (student: MonitorStudent) => boolean;
  /** The form's one field, checked by the request's own schema. */
  schema: z.ZodType;
  /** The field's name in the request, under which the server reports its errors. */
  serverField: 'text' | 'minutes' | 'reason';
  field: { label: string; hint: string; placeholder?: string; number?: boolean };
  /** What the proctor reads before confirming. */
  notice?: string;
  submit: string;
  danger?: boolean;
  failed: string;
  run: (actions: ProctorActions, studentId: string, value: never) => Promise<string>;
}

const sitting = (student: MonitorStudent) => student.status === 'IN_PROGRESS';
const { min: minMinutes, max: maxMinutes } = ATTEMPT_LIMITS.extraMinutes;

const ACTIONS: Record<ActionId, ActionSpec> = {
  warn: {
    label: 'Warn',
    icon: ShieldAlert,
    description: 'Shows your warning on the student’s screen and keeps it with the chat.',
    title: (name) => `Warn ${name}`,
    allowed: sitting,
    schema: warnStudentSchema.shape.text,
    serverField: 'text',
    field: {
      label: 'Warning',
      hint: 'The student sees it at once, over the exam.',
      placeholder: 'Keep your face in the camera’s view.',
    },
    submit: 'Send warning',
    failed: 'Failed to warn the student',
    run: (actions, studentId, text: string) => actions.warn(studentId, text),
  },
  'extra-time': {
    label: 'Grant extra time',
    icon: TimerReset,
    description: 'Sets the student’s total extra time on this exam.',
    title: (name) => `Extra time for ${name}`,
    allowed: (student) => student.status === 'NOT_STARTED' || sitting(student),
    schema: grantExtraTimeSchema.shape.minutes,
    serverField: 'minutes',
    field: {
      label: 'Total extra time (minutes)',
      hint: `From ${minMinutes} to ${maxMinutes} minutes. It replaces any earlier grant.`,
      number: true,
    },
    notice: 'A student sitting the exam sees the new time left on their countdown within seconds.',
    submit: 'Grant extra time',
    failed: 'Failed to grant extra time',
    run: (actions, studentId, minutes: number) => actions.grantExtraTime(studentId, minutes),
  },
  end: {
    label: 'End attempt',
    icon: CircleStop,
    description: 'Submits the attempt now, with the answers saved so far.',
    title: (name) => `End the attempt of ${name}`,
    allowed: sitting,
    schema: endAttemptSchema.shape.reason,
    serverField: 'reason',
    field: {
      label: 'Reason',
      hint: 'Shown to the student and kept in the attempt’s record.',
      placeholder: 'A second person was seen helping.',
    },
    notice:
      'The attempt is submitted now with the answers saved so far, and the student cannot go on. This cannot be undone.',
    submit: 'End attempt',
    danger: true,
    failed: 'Failed to end the attempt',
    run: (actions, studentId, reason: string) => actions.endAttempt(studentId, reason),
  },
};

interface StudentActionsDialogProps {
  /** The student to act on; the dialog is closed while there is none. */
  student: MonitorStudent | null;
  actions: ProctorActions;
  onClose: () => void;
}

/** A proctor's actions on one student: a list to choose from, then the chosen one's form. */
export function StudentActionsDialog({ student, actions, onClose }: StudentActionsDialogProps) {
  const [chosen, setChosen] = useState<ActionId | null>(null);
  const [busy, setBusy] = useState(false);
  // Closing while a request runs would hide whether it was done.
  const close = () => {
    if (busy) return;
    setChosen(null);
    onClose();
  };
  const spec = chosen ? ACTIONS[chosen] : null;

  return (
    <Modal
      open={student !== null}
      onClose={close}
      title={student ? (spec?.title(student.name) ?? student.name) : ''}
      size="sm"
    >
      {student &&
        (spec ? (
          <ActionForm
            key={chosen}
            spec={spec}
            onSubmit={(value) => spec.run(actions, student.id, value as never)}
            onBusy={setBusy}
            onBack={() => setChosen(null)}
            onDone={close}
          />
        ) : (
          <ActionList student={student} onChoose={setChosen} />
        ))}
    </Modal>
  );
}

function ActionList({
  student,
  onChoose,
}: {
  student: MonitorStudent;
  onChoose: (action: ActionId) => void;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        {`${student.rollNumber} · ${SITTING_STATUS_LABELS[student.status]}`}
      </p>
      <ul className="space-y-2">
        {(Object.keys(ACTIONS) as ActionId[]).map((id) => {
          const { label, icon: Icon, description, allowed, danger } = ACTIONS[id];
          const enabled = allowed(student);
          return (
            <li key={id}>
              <button
                type="button"
                disabled={!enabled}
                onClick={() => onChoose(id)}
                className={cn(
                  'flex w-full items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-left transition-colors',
                  'hover:bg-slate-50 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:opacity-60',
                )}
              >
                <span
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-full',
                    danger ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-700',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-500">
                    {enabled ? description : 'Only while the student is sitting the exam.'}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

interface ActionFormProps {
  spec: ActionSpec;
  /** Sends the action; answers with the server's confirmation. */
  onSubmit: (value: unknown) => Promise<string>;
  onBusy: (busy: boolean) => void;
  onBack: () => void;
  onDone: () => void;
}

function ActionForm({ spec, onSubmit, onBusy, onBack, onDone }: ActionFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ value: unknown }>({
    resolver: zodResolver(z.object({ value: spec.schema })),
    mode: 'onTouched',
  });

  // Choosing an action is a request to fill it in.
  useEffect(() => setFocus('value'), [setFocus]);
  useEffect(() => onBusy(isSubmitting), [isSubmitting, onBusy]);

  const submit = handleSubmit(async ({ value }) => {
    try {
      toast.success(await onSubmit(value));
    } catch (error) {
      const fieldError = getFieldErrors(error)[spec.serverField];
      if (fieldError) setError('value', { type: 'server', message: fieldError });
      toast.error(getServerMessage(error) ?? spec.failed);
      // Refused for the attempt's state (submitted meanwhile): no retry can succeed.
      if (error instanceof ApiError && error.response?.status === 409) onDone();
      return;
    }
    onDone();
  });

  const { field } = spec;
  const fieldProps = {
    label: field.label,
    hint: field.hint,
    placeholder: field.placeholder,
    error: errors.value?.message,
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-600">
      {field.number ? (
        <TextField
          {...fieldProps}
          type="number"
          inputMode="numeric"
          min={minMinutes}
          max={maxMinutes}
          step={1}
          {...register('value', { valueAsNumber: true })}
        />
      ) : (
        <TextArea {...fieldProps} rows={3} {...register('value')} />
      )}
      {spec.notice && (
        <p className={cn(spec.danger && 'rounded-lg bg-red-50 p-3 text-red-800')}>{spec.notice}</p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={isSubmitting}>
          Back
        </Button>
        <Button type="submit" variant={spec.danger ? 'danger' : 'primary'} loading={isSubmitting}>
          {spec.submit}
        </Button>
      </div>
    </form>
  );
}
