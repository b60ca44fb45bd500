import { cn } from '@/lib/cn';

const candidates = [
  { name: 'Aarav Sharma', status: 'ok' },
  { name: 'Diya Patel', status: 'ok' },
  { name: 'Kabir Singh', status: 'warning' },
  { name: 'Meera Nair', status: 'ok' },
  { name: 'Rohan Gupta', status: 'ok' },
  { name: 'Sara Khan', status: 'alert' },
  { name: 'Ishaan Rao', status: 'ok' },
  { name: 'Ananya Iyer', status: 'ok' },
] as const;

const statusDot = { ok: 'bg-emerald-400', warning: 'bg-amber-400', alert: 'bg-red-500' };

const alerts = [
  { tone: 'bg-red-500', text: 'Second face detected', who: 'Sara Khan · 2 min ago' },
  { tone: 'bg-amber-400', text: 'Left the exam tab', who: 'Kabir Singh · 5 min ago' },
  { tone: 'bg-sky-400', text: 'Microphone reconnected', who: 'Rohan Gupta · 9 min ago' },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

/** A picture of the proctoring monitor for the landing page: decoration, not data. */
export function MonitorPreview() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto mt-16 max-w-5xl rounded-2xl bg-white/60 p-2 shadow-2xl ring-1 shadow-brand-900/10 ring-slate-900/5 sm:mt-20"
    >
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            <span className="size-2.5 shrink-0 animate-pulse rounded-full bg-red-500" />
            <span className="truncate text-sm font-semibold text-slate-900">
              Physics Mid-term · Section A
            </span>
          </div>
          <span className="shrink-0 rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-600">
            00:42:17 left
          </span>
        </div>
        <div className="grid md:grid-cols-[1fr_16rem]">
          <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
            {candidates.map(({ name, status }, index) => (
              <li key={name} className={cn(index >= 4 && 'hidden sm:block')}>
                <div className="relative flex aspect-video items-center justify-center rounded-lg bg-gradient-to-br from-slate-700 to-slate-900">
                  <span className="flex size-9 items-center justify-center rounded-full bg-white/15 text-xs font-semibold text-white">
                    {initials(name)}
                  </span>
                  <span
                    className={cn('absolute top-2 right-2 size-2 rounded-full', statusDot[status])}
                  />
                </div>
                <p className="mt-1.5 truncate text-xs font-medium text-slate-700">{name}</p>
                <p className="text-[0.7rem] text-slate-400">{`CS24-${String(index + 1).padStart(3, '0')}`}</p>
              </li>
            ))}
          </ul>
          <div className="hidden border-l border-slate-200 bg-slate-50 p-4 md:block">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Alerts</p>
            <ul className="mt-3 space-y-3">
              {alerts.map(({ tone, text, who }) => (
                <li
                  key={text}
                  className="flex gap-2.5 rounded-lg bg-white p-2.5 shadow-sm ring-1 ring-slate-200"
                >
                  <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', tone)} />
                  <span>
                    <span className="block text-xs font-medium text-slate-800">{text}</span>
                    <span className="block text-[0.7rem] text-slate-500">{who}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </div>
  );
}
