import type { ReactNode } from 'react';
import { Avatar } from './avatar';

interface PersonCellProps {
  photo: string | null;
  name: string;
  /** A second line, such as the email. */
  detail?: ReactNode;
}

/** The Name cell of a people list: photo, name and an optional second line. */
export function PersonCell({ photo, name, detail }: PersonCellProps) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar photo={photo} name={name} className="size-9 text-xs" />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{name}</p>
        {detail && <p className="truncate text-xs text-slate-500">{detail}</p>}
      </div>
    </div>
  );
}
