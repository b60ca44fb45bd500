import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: string;
  actions?: ReactNode;
}

/** The heading block every console page starts with; it also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <title>{`${title} · ExamIQ`}</title>
      <div className="min-w-0 sm:min-w-64 sm:flex-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
      </div>
      {/* The buttons keep one row while they fit beside the title, and wrap rather than squeeze
          the title to nothing when an exam page has many of them. */}
      {actions && <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div>}
    </div>
  );
}
