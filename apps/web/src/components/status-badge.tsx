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

/**
 * A student's or faculty member's status as lists and profiles show it: 'Inactive' while their
 * account is deactivated, whatever the record's own status.
 */
export function PersonStatusBadge({
  person,
}: {
  person: { status: string; userId: { isActive: boolean } };
}) {
  return <StatusBadge status={person.userId.isActive ? person.status : 'Inactive'} />;
}
