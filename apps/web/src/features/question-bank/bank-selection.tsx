import { BANK_IO_LIMITS, type BankQuestionListItem, readableText } from '@examiq/contracts';
import { useEffect, useRef, useState } from 'react';
import type { TableColumn } from '@/components/table';

/**
 * The questions chosen for a bulk action or an export, kept across the list's pages (at most
 * what one action takes) and forgotten when `scope` (the course) changes.
 */
export function useBankSelection(scope: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [kept, setKept] = useState(scope);
  if (kept !== scope) {
    setKept(scope);
    setSelected(new Set());
  }
  const set = (ids: readonly string[], chosen: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (!chosen) next.delete(id);
        else if (next.size < BANK_IO_LIMITS.selection) next.add(id);
      }
      return next;
    });
  return { selected, set, clear: () => setSelected(new Set()) };
}
export type BankSelection = ReturnType<typeof useBankSelection>;

const boxClasses =
  'size-4 cursor-pointer rounded border-slate-300 text-brand-600 focus-visible:ring-brand-500';

/** The header's box: every question of the page, drawn half-checked when some are chosen. */
function PageBox({ selection, rows }: { selection: BankSelection; rows: readonly string[] }) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = rows.filter((id) => selection.selected.has(id)).length;
  const all = rows.length > 0 && chosen === rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  });
  return (
    <input
      ref={ref}
      type="checkbox"
      className={boxClasses}
      aria-label="Select all questions on this page"
      checked={all}
      disabled={rows.length === 0}
      onChange={(event) => selection.set(rows, event.target.checked)}
    />
  );
}

/** The list's first column: a box per question, and one for the whole page in its header. */
export function selectionColumn(
  selection: BankSelection,
  rows: readonly BankQuestionListItem[],
): TableColumn<BankQuestionListItem> {
  const ids = rows.map((row) => row._id);
  return {
    key: 'select',
    header: <PageBox selection={selection} rows={ids} />,
    width: '44px',
    cell: (question) => (
      <input
        type="checkbox"
        className={boxClasses}
        aria-label={`Select ${readableText(question.questionText).slice(0, 60)}`}
        checked={selection.selected.has(question._id)}
        onChange={(event) => selection.set([question._id], event.target.checked)}
      />
    ),
  };
}
