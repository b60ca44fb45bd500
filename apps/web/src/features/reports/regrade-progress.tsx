import type { RegradeJob } from '@examiq/contracts';
import { useId } from 'react';

const STATUS_TEXT: Record<RegradeJob['status'], string> = {
  RUNNING: 'Re-scoring',
  DONE: 'Done',
  FAILED: 'Failed',
};

/** How far a regrade has gone, announced as it moves. */
export function RegradeProgress({ job }: { job: RegradeJob }) {
  const labelId = useId();
  const text = `${job.processed.toLocaleString('en')} of ${job.total.toLocaleString('en')} attempts`;
  const percent = job.total === 0 ? 100 : Math.round((job.processed / job.total) * 100);
  return (
    <div aria-live="polite">
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {`Regrade: ${STATUS_TEXT[job.status]}`}
        </span>
        <span className="text-slate-600 tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(job.total, 1)}
        aria-valuenow={job.status === 'DONE' ? Math.max(job.total, 1) : job.processed}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={
            job.status === 'FAILED'
              ? 'h-full bg-red-600'
              : job.status === 'DONE'
                ? 'h-full bg-green-600'
                : 'h-full bg-brand-600 transition-[width]'
          }
          style={{ width: `${job.status === 'DONE' ? 100 : percent}%` }}
        />
      </div>
    </div>
  );
}
