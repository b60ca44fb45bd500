import type { ExamResult } from '@examiq/contracts';
import { Badge } from '@/components/badge';
import { plural } from '@/lib/plural';

/**
 * An attempt's flags by review status, those still to review first: the admin sees at a glance
 * which results to look at before publishing.
 */
export function FlagBadges({
  flags: { pending, confirmed, dismissed },
}: Pick<ExamResult, 'flags'>) {
  if (pending + confirmed + dismissed === 0) {
    return <span className="text-slate-500">No flags</span>;
  }
  return (
    <span className="flex flex-wrap gap-1">
      {pending > 0 && (
        <Badge tone="amber" dot>
          {`${plural(pending, 'flag')} pending`}
        </Badge>
      )}
      {confirmed > 0 && <Badge tone="red">{`${plural(confirmed, 'flag')} confirmed`}</Badge>}
      {dismissed > 0 && <Badge tone="green">{`${plural(dismissed, 'flag')} dismissed`}</Badge>}
    </span>
  );
}
