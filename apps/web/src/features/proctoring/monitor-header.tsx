import { BellRing, CalendarClock, type LucideIcon, Timer, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatCountdown, secondsUntil } from '@/lib/countdown';
import type { MonitorExam, MonitorSource } from './monitor-types';
import { useNow } from './use-now';

/** Below this, the countdown turns red so the proctor can warn the room. */
const CLOSING_SOON_SECONDS = 5 * 60;

interface MonitorHeaderProps {
  exam: MonitorExam;
  source: MonitorSource;
  totalStudents: number;
  activeAlerts: number;
}

export function MonitorHeader({ exam, source, totalStudents, activeAlerts }: MonitorHeaderProps) {
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <title>{`Live Proctoring · ${exam.title} · ExamIQ`}</title>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Live Proctoring</h1>
        <SourceBadge source={source} />
      </div>
      {source.kind === 'sample' && (
        <p className="mt-1 text-sm text-slate-600">
          A demonstration of the monitor: the candidates, alerts and messages below are generated,
          not a real sitting.
        </p>
      )}
      <p className="mt-2 text-lg font-semibold wrap-anywhere text-slate-900">{exam.title}</p>
      {exam.subtitle && <p className="mt-0.5 text-sm text-slate-600">{exam.subtitle}</p>}
      <dl className="mt-4 grid grid-cols-3 divide-x divide-slate-200 rounded-lg bg-slate-50 py-3 ring-1 ring-slate-200 ring-inset">
        <WindowCountdown startsAt={exam.startsAt} endsAt={exam.endsAt} />
        <Stat icon={Users} label="Total Students">
          {totalStudents}
        </Stat>
        <Stat icon={BellRing} label="Active Alerts">
          <span className={cn(activeAlerts > 0 && 'text-red-600')}>{activeAlerts}</span>
        </Stat>
      </dl>
    </header>
  );
}

const LIVE_STATUS = {
  connecting: { label: 'Connecting…', tone: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  live: { label: 'Live', tone: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  offline: { label: 'Reconnecting…', tone: 'bg-red-50 text-red-700 ring-red-600/20' },
} as const;

/**
 * Says where the screen's data comes from: generated, or live (and whether the live channel is
 * up: while it is down, nothing on screen changes and the proctor must know it).
 */
function SourceBadge({ source }: { source: MonitorSource }) {
  const { label, tone } =
    source.kind === 'sample'
      ? { label: 'Demonstration', tone: 'bg-amber-50 text-amber-800 ring-amber-600/20' }
      : LIVE_STATUS[source.status];
  return (
    <span
      role={source.kind === 'live' ? 'status' : undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone,
      )}
    >
      {source.kind === 'live' && (
        <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      )}
      {label}
    </span>
  );
}

interface StatProps {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}

function Stat({ icon: Icon, label, children }: StatProps) {
  return (
    <div className="min-w-0 px-2.5 sm:px-4">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        <Icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums sm:text-2xl">
        {children}
      </dd>
    </div>
  );
}

/**
 * Until the sitting opens, the time until it opens; then the time remaining. Its own component,
 * so only the clock re-renders every second, not the whole header.
 */
function WindowCountdown({ startsAt, endsAt }: { startsAt: number | undefined; endsAt: number }) {
  const now = useNow();
  const startsIn = startsAt === undefined ? 0 : secondsUntil(startsAt, now);
  if (startsIn > 0) {
    return (
      <Stat icon={CalendarClock} label="Starts in">
        <time dateTime={`PT${startsIn}S`}>{formatCountdown(startsIn)}</time>
      </Stat>
    );
  }
  const remaining = secondsUntil(endsAt, now);
  return (
    <Stat icon={Timer} label="Time Remaining">
      <time
        dateTime={`PT${remaining}S`}
        className={cn(remaining <= CLOSING_SOON_SECONDS && 'text-red-600')}
      >
        {formatCountdown(remaining)}
      </time>
    </Stat>
  );
}
