import type { UseQueryResult } from '@tanstack/react-query';
import { MapPin, RotateCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { StatusBadge } from '@/components/status-badge';
import { type CascadeLevel, useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { useListParams } from '@/lib/use-list-params';

const SKELETON_CARDS = 6;

interface RecordsViewProps<T extends { _id: string }> {
  title: string;
  description: string;
  query: UseQueryResult<T[]>;
  /** Announced while loading, e.g. 'Loading courses'. */
  loadingLabel: string;
  /** Shown in place of the list when it could not be loaded, e.g. 'Failed to load courses'. */
  failedTitle: string;
  emptyTitle: string;
  emptyDescription: string;
  /** The parent filters above the cards, and whether any is chosen. */
  filters?: ParentFilters;
  renderRecord: (record: T) => ReactNode;
}

/** A master data view page: back link, header, then skeletons, a failure, an empty state or the cards. */
export function RecordsView<T extends { _id: string }>({
  title,
  description,
  query,
  loadingLabel,
  failedTitle,
  emptyTitle,
  emptyDescription,
  filters,
  renderRecord,
}: RecordsViewProps<T>) {
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
        <div className={gridClasses}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            // Placeholder cards have no identity but their position.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <SkeletonCard key={index} />
          ))}
        </div>
      </div>
    );
  } else if (query.isError) {
    content = <LoadFailure title={failedTitle} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    content = (
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <EmptyState
          title={emptyTitle}
          description={
            filters?.chosen
              ? 'Nothing here is under the batch, course or branch chosen.'
              : emptyDescription
          }
        />
      </div>
    );
  } else {
    content = (
      <ul className={gridClasses}>
        {query.data.map((record) => (
          <li key={record._id}>{renderRecord(record)}</li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <BackLink to="/admin/data">Back to Master Data</BackLink>
      <PageHeader title={title} description={description} />
      {filters?.controls}
      {content}
    </>
  );
}

const gridClasses = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The levels a view can be narrowed to, from the top, and the list call's names for them. */
const PARENT_PARAMS = { batch: 'batchId', course: 'courseId', branch: 'branchId' } as const;
type ParentLevel = keyof typeof PARENT_PARAMS;
type ParentParam = (typeof PARENT_PARAMS)[ParentLevel];
const PARENT_NAMES = Object.values(PARENT_PARAMS);

export interface ParentFilters {
  /** The list call's filters: the chosen parents of the levels the view offers. */
  query: Partial<Record<ParentParam, string>>;
  chosen: boolean;
  controls: ReactNode;
}

/**
 * Batch → Course → Branch dropdowns narrowing a view to the records under a parent, kept in the
 * address so Back and a shared link show the same cards. A new choice empties the levels under it.
 */
export function useParentFilters(
  levels: readonly ParentLevel[],
  recordLabel: string,
): ParentFilters {
  const [values, setValues] = useListParams(PARENT_NAMES);
  const cascade = useLookupCascade({
    batch: { id: values.batchId },
    courseId: values.courseId,
    branchId: values.branchId,
    clear: (level: CascadeLevel) => {
      if (level !== 'section') setValues({ [PARENT_PARAMS[level]]: '' });
    },
  });
  const query = Object.fromEntries(
    levels.flatMap((level) => {
      const value = values[PARENT_PARAMS[level]];
      return value ? [[PARENT_PARAMS[level], value]] : [];
    }),
  );
  const controls = (
    <fieldset className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
      <legend className="sr-only">Filter {recordLabel}</legend>
      {levels.map((level) => (
        <Dropdown
          key={level}
          {...cascade[level]}
          placeholder={cascade[level].disabled ? cascade[level].placeholder : 'All'}
          value={values[PARENT_PARAMS[level]]}
          onChange={(event) => {
            setValues({ [PARENT_PARAMS[level]]: event.target.value });
            cascade.clearBelow(level);
          }}
        />
      ))}
    </fieldset>
  );
  return { query, chosen: Object.keys(query).length > 0, controls };
}

function SkeletonCard() {
  return (
    <div data-testid="skeleton-card" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <Skeleton className="h-5 w-2/5" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="mt-2 h-4 w-3/5" />
      <div className="mt-4 space-y-2.5 border-t border-slate-100 pt-4">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

function LoadFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <TriangleAlert aria-hidden="true" className="mb-3 size-8 text-red-500" />
      <p className="font-semibold text-red-800">{title}</p>
      <p className="mt-1 text-sm text-red-700">
        The list could not be loaded. Please try again in a moment.
      </p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        Try again
      </Button>
    </div>
  );
}

interface RecordCardProps {
  title: string;
  subtitle?: string;
  /** Where the record sits, e.g. 'Section A · CSE · B.Tech · 2024-2028'. */
  path?: string;
  status: string;
  /** Term and value pairs (RecordDetail) listed under the title. */
  children: ReactNode;
  /** The record's Edit and Delete buttons. */
  actions?: ReactNode;
}

/** One record of a view page, named by its title so it can be found as an article. */
export function RecordCard({ title, subtitle, path, status, children, actions }: RecordCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold wrap-anywhere text-slate-900">
            {title}
          </h2>
          {subtitle && <p className="mt-0.5 text-sm text-slate-600">{subtitle}</p>}
          {path && (
            <p className="mt-1 flex items-start gap-1 text-xs text-slate-600">
              <MapPin aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              <span className="wrap-anywhere">{path}</span>
            </p>
          )}
        </div>
        <StatusBadge status={status} />
      </div>
      {/* Pushed to the bottom so the details of cards in one row line up. */}
      <dl className="mt-auto space-y-2 border-t border-slate-100 pt-4 text-sm">{children}</dl>
      {actions && <div className="mt-4 flex justify-end">{actions}</div>}
    </article>
  );
}

export function RecordDetail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}
