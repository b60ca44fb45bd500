import type { ReactNode } from 'react';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';

export function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}

/** A card of the screen while it loads, one bar of each size given. */
export function CardSkeleton({ bars, className }: { bars: string[]; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        className,
      )}
    >
      {bars.map((bar) => (
        <Skeleton key={bar} className={bar} />
      ))}
    </div>
  );
}
