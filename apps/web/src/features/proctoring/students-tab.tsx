import { Avatar } from '@/components/avatar';
import { ConnectionBadge, DeviceIndicators, WarningCount } from './indicators';
import { secondsSince } from './monitor-format';
import type { MonitorStudent } from './monitor-types';
import { useNow } from './use-now';

export function StudentsTab({ students }: { students: readonly MonitorStudent[] }) {
  const now = useNow();

  return (
    <ul className="divide-y divide-slate-100">
      {students.map((student) => (
        <li key={student.id} className="flex gap-3 px-4 py-3">
          <Avatar photo="" name={student.name} className="size-9 text-xs" />
          <div className="min-w-0 flex-1 space-y-1.5">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{student.name}</p>
                <p className="truncate text-xs text-slate-500">{student.rollNumber}</p>
              </div>
              <ConnectionBadge quality={student.connectionQuality} />
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <DeviceIndicators student={student} />
              <WarningCount count={student.warnings} />
            </div>
            <p className="text-xs text-slate-500 tabular-nums">
              {`Last activity ${secondsSince(student.lastActivity, now)}s ago`}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
