import { SITTING_STATUS_LABELS } from '@examiq/contracts';
import { Avatar } from '@/components/avatar';
import { formatCountdown, secondsSince, secondsUntil } from '@/lib/countdown';
import { ConnectionBadge, DeviceIndicators, WarningCount } from './indicators';
import { type MonitorStudent, rollAndSection } from './monitor-types';
import { useNow } from './use-now';

export function StudentsTab({ students }: { students: readonly MonitorStudent[] }) {
  const now = useNow();

  return (
    <ul className="divide-y divide-slate-100">
      {students.map((student) => {
        const sitting = student.status === 'IN_PROGRESS';
        return (
          <li key={student.id} className="flex gap-3 px-4 py-3">
            <Avatar photo="" name={student.name} className="size-9 text-xs" />
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{student.name}</p>
                  <p className="truncate text-xs text-slate-500">{rollAndSection(student)}</p>
                </div>
                {sitting ? (
                  <ConnectionBadge quality={student.connectionQuality} />
                ) : (
                  <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {SITTING_STATUS_LABELS[student.status]}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                {sitting && <DeviceIndicators student={student} />}
                <WarningCount count={student.warnings} />
              </div>
              <p className="flex flex-wrap gap-x-3 text-xs text-slate-500 tabular-nums">
                <span>
                  {student.lastActivity === null
                    ? 'No activity yet'
                    : `Last activity ${secondsSince(student.lastActivity, now)}s ago`}
                </span>
                {sitting && student.deadline !== undefined && (
                  <span>{`Time left ${formatCountdown(secondsUntil(student.deadline, now))}`}</span>
                )}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
