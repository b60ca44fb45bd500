import {
  type CappedPagination,
  LIST_PAGE_SIZE,
  type Pagination,
  TABLE_SKELETON_ROWS,
} from '@examiq/contracts';
import { ArrowLeftRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { pageOfText, totalCountText } from '@/lib/figures';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Skeleton } from './skeleton';

/** The key of a row's buttons: that column stays pinned at the right edge as the table scrolls. */
const ACTIONS_KEY = 'actions';

export interface TableColumn<Row> {
  /** Names the column; 'actions' (the row's buttons) keeps it in view on a narrow screen. */
  key: string;
  header: ReactNode;
  /** Fixed width (any CSS length) so columns do not jump as pages load. */
  width: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /**
   * Shown on wide screens (2xl) only, so the other columns fit a laptop without scrolling. Its
   * value should then appear elsewhere in the row, e.g. under the name.
   */
  wideOnly?: boolean;
}

interface TableProps<Row> {
  /** Names the table for assistive technology. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  loading?: boolean;
  emptyTitle: string;
  emptyDescription: string;
  /** Plural noun of the footer, as in '1 to 10 of 42 students'. */
  label?: string;
  pagination?: Pagination | CappedPagination;
  pageSize?: number;
  onPageChange?: (page: number) => void;
}

/** Whether the element is wider inside than it shows: the table scrolls sideways. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** A cell of the actions column: pinned to the right edge, over the cells scrolling beneath. */
function pinnedClasses(column: { key: string }, overflows: boolean, background: string) {
  return (
    column.key === ACTIONS_KEY &&
    cn('sticky right-0', background, overflows && 'shadow-[-6px_0_6px_-4px_rgb(15_23_42/0.12)]')
  );
}

export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyTitle,
  emptyDescription,
  label = 'items',
  pagination,
  pageSize = LIST_PAGE_SIZE,
  onPageChange,
}: TableProps<Row>) {
  const captionId = useId();
  const scrollerRef = useRef<HTMLElement>(null);
  const overflows = useOverflowsSideways(scrollerRef);
  const showFooter = !loading && pagination && pagination.totalCount > 0;

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {overflows && (
        <p className="flex items-center gap-1.5 border-b border-slate-200 px-4 py-2 text-xs text-slate-600">
          <ArrowLeftRight aria-hidden="true" className="size-3.5 shrink-0" />
          Scroll sideways to see every column; each row's actions stay at the right.
        </p>
      )}
      {/* Relative, so visually hidden headers stay inside the scrolling box. */}
      <section
        ref={scrollerRef}
        aria-labelledby={captionId}
        // A table too wide for the screen scrolls: keyboard users reach and scroll it here even
        // when its cells hold nothing to focus. The caption says which table it is.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:-outline-offset-2"
      >
        <table
          className="w-full table-fixed border-collapse text-left text-sm"
          aria-busy={loading || undefined}
        >
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <colgroup>
            {columns.map((column) => (
              <col
                key={column.key}
                style={{ width: column.width }}
                className={cn(column.wideOnly && 'hidden 2xl:table-column')}
              />
            ))}
          </colgroup>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(
                    'px-4 py-3',
                    column.align === 'right' && 'text-right',
                    column.wideOnly && 'hidden 2xl:table-cell',
                    pinnedClasses(column, overflows, 'bg-slate-50'),
                  )}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loading &&
              Array.from({ length: TABLE_SKELETON_ROWS }, (_, index) => (
                // Placeholder rows have no identity but their position.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <tr key={index} data-testid="skeleton-row">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn('px-4 py-3.5', column.wideOnly && 'hidden 2xl:table-cell')}
                    >
                      <Skeleton className="h-4 w-3/4" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length}>
                  {/* A phone scrolls the table sideways: the message stays in the visible part. */}
                  <div className="sticky left-0 w-full max-w-[calc(100vw-2rem)]">
                    <EmptyState title={emptyTitle} description={emptyDescription} />
                  </div>
                </td>
              </tr>
            )}
            {!loading &&
              rows.map((row) => (
                <tr key={rowKey(row)} className="group hover:bg-slate-50">
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'px-4 py-3 wrap-break-word text-slate-700',
                        column.align === 'right' && 'text-right',
                        column.wideOnly && 'hidden 2xl:table-cell',
                        pinnedClasses(column, overflows, 'bg-white group-hover:bg-slate-50'),
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </section>
      {showFooter && (
        <TableFooter
          pagination={pagination}
          pageSize={pageSize}
          label={label}
          onPageChange={onPageChange}
        />
      )}
    </div>
  );
}

interface TableFooterProps {
  pagination: Pagination | CappedPagination;
  pageSize: number;
  label: string;
  onPageChange?: (page: number) => void;
}

function TableFooter({ pagination, pageSize, label, onPageChange }: TableFooterProps) {
  const { currentPage, totalPages, totalCount, hasNextPage, hasPreviousPage } = pagination;
  const from = (currentPage - 1) * pageSize + 1;
  const to = Math.min(currentPage * pageSize, totalCount);

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <p>{`${from} to ${to} of ${totalCountText(pagination)} ${label}`}</p>
      {totalPages > 1 && (
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasPreviousPage}
            onClick={() => onPageChange?.(currentPage - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <span className="px-1 whitespace-nowrap">{pageOfText(pagination)}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={!hasNextPage}
            onClick={() => onPageChange?.(currentPage + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      )}
    </div>
  );
}
