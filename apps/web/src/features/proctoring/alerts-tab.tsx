import { Check, CircleX, Info, type LucideIcon, TriangleAlert, X } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import type {
  AlertReview,
  AlertType,
  MonitorAlert,
  MonitorStudent,
  ProctorActions,
} from './monitor-types';

const alertStyles: Record<AlertType, { label: string; icon: LucideIcon; tone: string }> = {
  error: { label: 'Error', icon: CircleX, tone: 'bg-red-50 text-red-700 ring-red-600/20' },
  warning: {
    label: 'Warning',
    icon: TriangleAlert,
    tone: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  },
  info: { label: 'Info', icon: Info, tone: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
};

const REVIEWED: Record<AlertReview, string> = { DISMISSED: 'Dismissed', CONFIRMED: 'Confirmed' };

interface AlertsTabProps {
  alerts: readonly MonitorAlert[];
  students: readonly MonitorStudent[];
  /** Dismisses or confirms an alert; absent when the feed acts on nothing. */
  onReview?: ProctorActions['reviewAlert'];
}

export function AlertsTab({ alerts, students, onReview }: AlertsTabProps) {
  if (alerts.length === 0) {
    return (
      <EmptyState
        title="No alerts at the moment"
        description="Camera, connection and behaviour alerts of the candidates appear here as they happen."
      />
    );
  }

  return (
    <ol className="space-y-2 p-3">
      {alerts.map((alert) => {
        const student = students.find((candidate) => candidate.id === alert.studentId);
        const { label, icon: Icon, tone } = alertStyles[alert.type];
        const reviewed = alert.review !== 'PENDING';
        return (
          <li
            key={alert.id}
            // Reviewing removes the buttons that had focus: the alert itself takes it.
            tabIndex={-1}
            className={cn(
              'flex gap-3 rounded-lg p-3 ring-1 focus-visible:outline-2 focus-visible:outline-brand-600',
              reviewed ? 'bg-slate-50 ring-slate-200' : 'bg-white shadow-sm ring-slate-200',
            )}
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
                tone,
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-center justify-between gap-2">
                <span
                  className={cn(
                    'rounded px-1.5 py-0.5 text-[0.7rem] font-semibold tracking-wide uppercase ring-1 ring-inset',
                    tone,
                  )}
                >
                  {label}
                </span>
                <time
                  dateTime={new Date(alert.time).toISOString()}
                  className="text-xs text-slate-500 tabular-nums"
                >
                  {formatClock(alert.time)}
                </time>
              </div>
              <p className="mt-1 text-sm font-medium text-slate-900">{alert.message}</p>
              <p className="truncate text-xs text-slate-500">
                {student ? `${student.name} · ${student.rollNumber}` : alert.studentId}
              </p>
              {alert.review !== 'PENDING' ? (
                <p className="mt-1.5 text-xs font-medium text-slate-600">
                  {REVIEWED[alert.review]}
                </p>
              ) : (
                onReview && (
                  <ReviewButtons
                    alert={alert}
                    about={student?.name ?? alert.studentId}
                    onReview={onReview}
                  />
                )
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

interface ReviewButtonsProps {
  alert: MonitorAlert;
  /** Who the alert is about, for the buttons' accessible names. */
  about: string;
  onReview: ProctorActions['reviewAlert'];
}

const REVIEW_BUTTONS: ReadonlyArray<{ status: AlertReview; verb: string; icon: LucideIcon }> = [
  { status: 'DISMISSED', verb: 'Dismiss', icon: X },
  { status: 'CONFIRMED', verb: 'Confirm', icon: Check },
];

/** Dismiss (a false alarm: it stops counting as a warning) or confirm, for the record. */
function ReviewButtons({ alert, about, onReview }: ReviewButtonsProps) {
  const [sending, setSending] = useState<AlertReview | null>(null);

  const review = async (status: AlertReview, event: MouseEvent<HTMLButtonElement>) => {
    const item = event.currentTarget.closest('li');
    setSending(status);
    try {
      toast.success(await onReview(alert.id, status));
      item?.focus();
    } catch (error) {
      toast.error(getServerMessage(error) ?? 'Failed to review the alert');
    } finally {
      setSending(null);
    }
  };

  return (
    <div className="mt-2 flex gap-2">
      {REVIEW_BUTTONS.map(({ status, verb, icon: Icon }) => (
        <Button
          key={status}
          variant="secondary"
          size="sm"
          aria-label={`${verb} the alert “${alert.message}” about ${about}`}
          loading={sending === status}
          disabled={sending !== null}
          onClick={(event) => void review(status, event)}
        >
          <Icon aria-hidden="true" className="size-4" />
          {verb}
        </Button>
      ))}
    </div>
  );
}
