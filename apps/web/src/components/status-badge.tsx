import { ACTIVE_STATUS } from '@examiq/contracts';
import { Badge } from './badge';

/** Green for Active, red for any other status (spec section 2). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={status === ACTIVE_STATUS ? 'green' : 'red'} dot>
      {status}
    </Badge>
  );
}
