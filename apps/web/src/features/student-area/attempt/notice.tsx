import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  amber: { box: 'border-amber-300 bg-amber-50', title: 'text-amber-900', text: 'text-amber-900' },
  red: { box: 'border-red-200 bg-red-50', title: 'text-red-800', text: 'text-red-700' },
} as const;

interface NoticeProps {
  tone: keyof typeof TONES;
  title: string;
  children: ReactNode;
  /** A way out of the situation, e.g. Reload. */
  action?: ReactNode;
  /** Announced at once: only for what the student must act on, not for what a live region says. */
  alert?: boolean;
}

/** A banner above the questions about the sitting itself: time, conflicts. */
export function Notice({ tone, title, children, action, alert = false }: NoticeProps) {
  const classes = TONES[tone];
  return (
    <div
      role={alert ? 'alert' : undefined}
      className={cn(
        'mb-4 flex flex-col gap-3 rounded-xl border px-4 py-3 sm:flex-row sm:items-center',
        classes.box,
      )}
    >
      <TriangleAlert
        aria-hidden="true"
        className={cn('hidden size-5 shrink-0 sm:block', classes.title)}
      />
      <div className="min-w-0 flex-1 text-sm">
        <p className={cn('font-semibold', classes.title)}>{title}</p>
        <div className={cn('mt-0.5', classes.text)}>{children}</div>
      </div>
      {action}
    </div>
  );
}
