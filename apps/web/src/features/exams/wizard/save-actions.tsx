import { EXAM_MESSAGES, EXAM_STATUSES, type ExamStatus } from '@examiq/contracts';
import { CircleCheck, type LucideIcon, Save, Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/button';

const ACTIONS: Record<
  ExamStatus,
  { label: string; busy: string; tip: string; done: string; icon: LucideIcon }
> = {
  DRAFT: {
    label: 'Draft',
    busy: 'Saving...',
    tip: EXAM_MESSAGES.saveAsDraft,
    done: 'This exam was saved as a draft',
    icon: Save,
  },
  PUBLISH: {
    label: 'Publish',
    busy: 'Publishing...',
    tip: EXAM_MESSAGES.publishExam,
    done: 'This exam was published',
    icon: Send,
  },
};

interface SaveActionsProps {
  /** Every step is valid. */
  ready: boolean;
  /** The status being saved right now. */
  saving: ExamStatus | null;
  /** The status the exam was saved with; the buttons stay off so it is not created twice. */
  saved: ExamStatus | null;
  onSave: (status: ExamStatus) => void;
}

/** The header's Draft and Publish buttons (spec section 4). */
export function SaveActions({ ready, saving, saved, onSave }: SaveActionsProps) {
  return EXAM_STATUSES.map((status) => (
    <SaveButton
      key={status}
      status={status}
      ready={ready}
      saving={saving}
      saved={saved}
      onSave={onSave}
    />
  ));
}

function SaveButton({
  status,
  ready,
  saving,
  saved,
  onSave,
}: SaveActionsProps & { status: ExamStatus }) {
  const tipId = useId();
  const action = ACTIONS[status];
  const chosen = saved === status;
  let tip = EXAM_MESSAGES.fillRequired as string;
  if (saved) tip = ACTIONS[saved].done;
  else if (ready) tip = action.tip;
  const Icon = chosen ? CircleCheck : action.icon;

  return (
    // A disabled button takes no pointer events, so the tooltip sits on a wrapper.
    <span title={tip} className="inline-flex">
      <Button
        variant={status === 'PUBLISH' ? 'primary' : 'secondary'}
        disabled={!ready || saving !== null || saved !== null}
        loading={saving === status}
        aria-describedby={tipId}
        onClick={() => onSave(status)}
        className={
          chosen
            ? 'border-green-600 bg-green-600 text-white ring-2 ring-green-200 disabled:opacity-100'
            : undefined
        }
      >
        {saving !== status && <Icon aria-hidden="true" className="size-4" />}
        {saving === status ? action.busy : action.label}
      </Button>
      <span id={tipId} hidden>
        {tip}
      </span>
    </span>
  );
}
