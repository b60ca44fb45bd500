import { RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';

interface ErrorBannerProps {
  title: string;
  /** What the server said, when it said more than the title. */
  message?: string;
  onRetry?: () => void;
}

/** A red banner announcing that something the page needs could not be loaded. */
export function ErrorBanner({ title, message, onRetry }: ErrorBannerProps) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 sm:flex-row sm:items-center"
    >
      <TriangleAlert aria-hidden="true" className="hidden size-5 shrink-0 text-red-500 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-red-800">{title}</p>
        {message && message !== title && <p className="mt-0.5 text-red-700">{message}</p>}
      </div>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      )}
    </div>
  );
}
