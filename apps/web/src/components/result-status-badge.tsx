import type { ResultStatus } from '@examiq/contracts';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<ResultStatus, BadgeTone> = {
  Evaluating: 'amber',
  'Ready to Publish': 'blue',
  Published: 'green',
};

/** Where an exam's results stand: being marked, ready, or out to the students. */
export function ResultStatusBadge({ status }: { status: ResultStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {status}
    </Badge>
  );
}
