import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />
  );
}

/**
 * Two cards of placeholders while a grid of cards loads: each a badge, a title and a line, then
 * `below`, the shape of what the page's own cards hold under their heading.
 */
export function CardSkeletons({ below }: { below?: ReactNode }) {
  return (
    <div
      className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3"
      aria-hidden="true"
      data-testid="card-skeletons"
    >
      {['a', 'b'].map((key) => (
        <div key={key} className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          {below}
        </div>
      ))}
    </div>
  );
}
