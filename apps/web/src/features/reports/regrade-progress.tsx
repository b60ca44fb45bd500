import type { RegradeJob } from '@examiq/contracts';
import { ProgressBar } from '@/components/progress-bar';

const STATUS_TEXT: Record<RegradeJob['status'], string> = {
  RUNNING: 'Re-scoring',
  DONE: 'Done',
  FAILED: 'Failed',
};

const STATUS_TONE = { RUNNING: 'brand', DONE: 'green', FAILED: 'red' } as const;

/** How far a regrade has gone, announced as it moves. */
export function RegradeProgress({ job }: { job: RegradeJob }) {
  // A job with no attempt to re-score is done at once: its bar is shown full.
  const max = Math.max(job.total, 1);
  return (
    <div aria-live="polite">
      <ProgressBar
        label={`Regrade: ${STATUS_TEXT[job.status]}`}
        value={job.status === 'DONE' ? max : job.processed}
        max={max}
        valueText={`${job.processed.toLocaleString('en')} of ${job.total.toLocaleString('en')} attempts`}
        tone={STATUS_TONE[job.status]}
      />
    </div>
  );
}
