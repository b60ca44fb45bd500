import type { GradingProgress } from '@examiq/contracts';
import { useId } from 'react';

/** How far marking has gone: a labelled bar, read out as 'n of m marked'. */
export function ProgressBar({ label, progress }: { label: string; progress: GradingProgress }) {
  const labelId = useId();
  const { marked, total } = progress;
  const text = total === 0 ? 'Nothing to mark' : `${marked} of ${total} marked`;
  const percent = total === 0 ? 0 : Math.round((marked / total) * 100);
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {label}
        </span>
        <span className="text-slate-600 tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={marked}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={marked === total && total > 0 ? 'h-full bg-green-600' : 'h-full bg-brand-600'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
