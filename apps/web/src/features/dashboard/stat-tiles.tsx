import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';

export interface StatTile {
  label: string;
  icon: LucideIcon;
  /** Tailwind classes of the icon's chip, so each figure is told apart at a glance. */
  tone: string;
  value: number | undefined;
}

interface StatTilesProps {
  tiles: readonly StatTile[];
  loading: boolean;
}

/** Labelled figures as a description list: each label is read with its number. */
export function StatTiles({ tiles, loading }: StatTilesProps) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-2">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <dt className="flex items-start justify-between gap-2 text-sm font-medium text-slate-500">
            {tile.label}
            <span
              className={cn(
                'flex size-9 shrink-0 items-center justify-center rounded-lg',
                tile.tone,
              )}
            >
              <tile.icon aria-hidden="true" className="size-5" />
            </span>
          </dt>
          <dd className="mt-auto flex h-10 items-end pt-1 text-3xl font-semibold text-slate-900 tabular-nums">
            <Figure value={tile.value} loading={loading} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Figure({ value, loading }: { value: number | undefined; loading: boolean }) {
  if (loading) {
    return (
      <>
        <Skeleton className="h-8 w-14" />
        <span className="sr-only">Loading</span>
      </>
    );
  }
  if (value === undefined) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Unavailable</span>
      </>
    );
  }
  return <>{value.toLocaleString('en-GB')}</>;
}
