import { Eye, Trash2 } from 'lucide-react';
import { Link } from 'react-router';

interface RowActionsProps {
  /** Names the person in the buttons' accessible names: 'View Asha Patel'. */
  name: string;
  viewTo: string;
  onDelete: () => void;
}

const iconButton =
  'flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors';

/** The view and delete icon buttons of a people list row. */
export function RowActions({ name, viewTo, onDelete }: RowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={viewTo}
        aria-label={`View ${name}`}
        title="View"
        className={`${iconButton} hover:bg-brand-50 hover:text-brand-700`}
      >
        <Eye aria-hidden="true" className="size-4" />
      </Link>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        className={`${iconButton} hover:bg-red-50 hover:text-red-700`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
