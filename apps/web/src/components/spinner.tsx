import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

interface SpinnerProps {
  className?: string;
  /** Announced to screen readers; omit when the surrounding control already says it is busy. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <div className="flex min-h-64 items-center justify-center text-brand-600">
      <Spinner className="size-6" label="Loading page" />
    </div>
  );
}
