import { ACTIVE_STATUS } from '@examiq/contracts';
import { cn } from '@/lib/cn';

/** Green for Active, red for any other status (spec section 2). */
export function StatusBadge({ status }: { status: string }) {
  const active = status === ACTIVE_STATUS;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        active
          ? 'bg-green-50 text-green-700 ring-green-600/20'
          : 'bg-red-50 text-red-700 ring-red-600/20',
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {status}
    </span>
  );
}
