import type { ResultStatus } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';

const TONES: Record<ResultStatus, BadgeTone> = {
  Evaluating: 'amber',
  'Ready to Publish': 'blue',
  Published: 'green',
};

export function ResultStatusBadge({ status }: { status: ResultStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {status}
    </Badge>
  );
}
