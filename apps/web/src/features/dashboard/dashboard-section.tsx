import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

interface DashboardSectionProps {
  title: string;
  /** A line under the heading, e.g. the time the figures were computed at. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One block of the dashboard: a region named by its heading, so it can be reached by it. */
export function DashboardSection({
  title,
  description,
  className,
  children,
}: DashboardSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={cn('flex min-w-0 flex-col', className)}>
      <div className="mb-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      </div>
      {children}
    </section>
  );
}
