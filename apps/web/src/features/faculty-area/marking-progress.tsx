import type { GradingProgress } from '@examiq/contracts';
import { ProgressBar } from '@/components/progress-bar';

/** How many written answers are marked, green once all of them are. */
export function MarkingProgress({ label, progress }: { label: string; progress: GradingProgress }) {
  const { marked, total } = progress;
  return (
    <ProgressBar
      label={label}
      value={marked}
      max={total}
      valueText={total === 0 ? 'Nothing to mark' : `${marked} of ${total} marked`}
      tone={total > 0 && marked === total ? 'green' : 'brand'}
    />
  );
}
