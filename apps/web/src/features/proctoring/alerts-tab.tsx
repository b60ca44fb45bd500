import { CircleX, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { cn } from '@/lib/cn';
import { formatClock } from './monitor-format';
import type { AlertType, MonitorAlert, MonitorStudent } from './monitor-types';

const alertStyles: Record<AlertType, { label: string; icon: LucideIcon; tone: string }> = {
  error: { label: 'Error', icon: CircleX, tone: 'bg-red-50 text-red-700 ring-red-600/20' },
  warning: {
    label: 'Warning',
    icon: TriangleAlert,
    tone: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  },
  info: { label: 'Info', icon: Info, tone: 'bg-sky-50 text-sky-700 ring-sky-600/20' },
};

interface AlertsTabProps {
  alerts: readonly MonitorAlert[];
  students: readonly MonitorStudent[];
}

export function AlertsTab({ alerts, students }: AlertsTabProps) {
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
        return (
          <li
            key={alert.id}
            className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
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
            </div>
          </li>
        );
      })}
    </ol>
  );
}
