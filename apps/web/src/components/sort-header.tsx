import { defaultOrderOf, type SortOrder } from '@examiq/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

interface SortHeaderProps {
  label: string;
  /** The column's sort, as the list call names it. */
  column: string;
  /** The sort and order in force (the list's default when the address names none). */
  sort: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
}

/**
 * A column heading that sorts the list by its column, or turns the order round when it already
 * does; it says which way the list is sorted to assistive technology too.
 */
export function SortHeader({ label, column, sort, order, onSort }: SortHeaderProps) {
  const active = sort === column;
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  const next: SortOrder = active ? (order === 'asc' ? 'desc' : 'asc') : defaultOrderOf(column);
  return (
    <button
      type="button"
      onClick={() => onSort(column, next)}
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {label}
      <Icon aria-hidden="true" className={active ? 'size-3.5 text-brand-600' : 'size-3.5'} />
      <span className="sr-only">
        {active ? `, sorted ${order === 'asc' ? 'ascending' : 'descending'}` : ', sort'}
      </span>
    </button>
  );
}
