import type { UseQueryResult } from '@tanstack/react-query';
import { SearchX, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { getServerMessage, isMissingRecord } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { ButtonLink } from './button';
import { Skeleton } from './skeleton';

/** What a detail page shows for a value the record does not have (spec section 2). */
const NOT_PROVIDED = 'Not provided';

interface DetailSectionProps {
  title: string;
  /** Term and value pairs (DetailItem), or DetailGroups when `groups` is set. */
  children: ReactNode;
  /** The children are named groups (Father, Mother, …): one under another, or side by side. */
  groups?: 'stacked' | 'side-by-side';
}

const groupLayouts = {
  stacked: 'divide-y divide-slate-100 [&>*]:py-4 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0',
  'side-by-side': 'grid gap-x-6 gap-y-5 md:grid-cols-3',
};

/** One titled card of a detail page. */
export function DetailSection({ title, children, groups }: DetailSectionProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id={titleId}
        className="border-b border-slate-100 px-5 py-3.5 font-semibold text-slate-900"
      >
        {title}
      </h2>
      <div className="px-5 py-4">
        {groups ? (
          <div className={groupLayouts[groups]}>{children}</div>
        ) : (
          <DetailList>{children}</DetailList>
        )}
      </div>
    </section>
  );
}

function DetailList({ children, columns = 2 }: { children: ReactNode; columns?: 1 | 2 }) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-4 text-sm', columns === 2 && 'sm:grid-cols-2')}>
      {children}
    </dl>
  );
}

interface DetailGroupProps {
  title: string;
  children: ReactNode;
  /** One column suits groups shown side by side. */
  columns?: 1 | 2;
}

/** A named group of items inside a section, e.g. 'Father' inside Family. */
export function DetailGroup({ title, children, columns = 2 }: DetailGroupProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      {/* Titles are often what the admin typed (a degree, an institution): kept as written. */}
      <h3 id={titleId} className="mb-3 text-sm font-semibold text-slate-700">
        {title}
      </h3>
      <DetailList columns={columns}>{children}</DetailList>
    </section>
  );
}

interface DetailItemProps {
  term: string;
  /** Text, or richer content such as a badge; empty text reads 'Not provided'. */
  children?: ReactNode;
  className?: string;
}

export function DetailItem({ term, children, className }: DetailItemProps) {
  const missing = children === undefined || children === null || children === '';
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-slate-500">{term}</dt>
      <dd
        className={cn(
          'mt-0.5 wrap-anywhere',
          missing ? 'text-slate-500 italic' : 'font-medium text-slate-900',
        )}
      >
        {missing ? NOT_PROVIDED : children}
      </dd>
    </div>
  );
}

/** The placeholder of a detail page while its record loads. */
function DetailSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" data-testid="detail-skeleton" className="space-y-6">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-2/5" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
            <Skeleton className="h-5 w-1/4" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
              <Skeleton className="h-9" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

interface DetailMessageProps {
  title: string;
  message: string;
  tone: 'error' | 'neutral';
  /** A way on, such as a link back to the list. */
  children?: ReactNode;
}

/** Shown instead of a record that failed to load or does not exist. */
export function DetailMessage({ title, message, tone, children }: DetailMessageProps) {
  const Icon = tone === 'error' ? TriangleAlert : SearchX;
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-xl border px-6 py-12 text-center',
        tone === 'error' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white shadow-sm',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mb-3 size-10', tone === 'error' ? 'text-red-500' : 'text-slate-400')}
      />
      <h2
        className={cn(
          'text-lg font-semibold',
          tone === 'error' ? 'text-red-800' : 'text-slate-900',
        )}
      >
        {title}
      </h2>
      <p
        className={cn(
          'mt-1 max-w-md text-sm',
          tone === 'error' ? 'text-red-700' : 'text-slate-600',
        )}
      >
        {message}
      </p>
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}

interface ProfileCardProps {
  /** The photo, e.g. an Avatar. */
  media: ReactNode;
  name: string;
  /** Lines under the name: designation, course and branch, … */
  subtitle: ReactNode;
  /** Small chips: semester, section, status. */
  badges: ReactNode;
  /** Identifiers and key dates, as ProfileFact items. */
  children: ReactNode;
}

/** The card a detail page opens with: who this is at a glance. */
export function ProfileCard({ media, name, subtitle, badges, children }: ProfileCardProps) {
  return (
    <section
      aria-label="Profile"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        {media}
        <div className="min-w-0 flex-1">
          <h2 className="text-xl font-semibold wrap-anywhere text-slate-900">{name}</h2>
          <div className="mt-1 text-sm text-slate-600">{subtitle}</div>
          <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">{badges}</div>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-100 pt-5 text-sm lg:grid-cols-4">
        {children}
      </dl>
    </section>
  );
}

export function ProfileFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 font-medium wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** A neutral chip of the profile card, e.g. 'Semester 3'. */
export function Chip({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
      {children}
    </span>
  );
}

interface RecordDetailProps<T> {
  /** The record's query; it answers null when the record does not exist. */
  query: UseQueryResult<T | null>;
  /** What the skeleton announces, e.g. 'Loading student details'. */
  loadingLabel: string;
  notFound: {
    title: string;
    message: string;
    /** The way on: the list the record belongs to. */
    listTo: string;
    listLabel: string;
  };
  error: {
    title: string;
    /** Shown when the server's answer carries no message. */
    fallback: string;
  };
  /** The profile of the loaded record. */
  children: (record: T) => ReactNode;
}

/**
 * The body of a detail page: a skeleton while the record loads, then its profile, a 'not found'
 * message (a 404, an empty answer or a malformed id all mean there is nothing to show), or the
 * load error.
 */
export function RecordDetail<T>({
  query,
  loadingLabel,
  notFound,
  error,
  children,
}: RecordDetailProps<T>) {
  if (query.isPending) return <DetailSkeleton label={loadingLabel} />;
  if (query.data === null || isMissingRecord(query.error)) {
    return (
      <DetailMessage tone="neutral" title={notFound.title} message={notFound.message}>
        <ButtonLink to={notFound.listTo} variant="secondary">
          {notFound.listLabel}
        </ButtonLink>
      </DetailMessage>
    );
  }
  if (query.isError) {
    return (
      <DetailMessage
        tone="error"
        title={error.title}
        message={getServerMessage(query.error) ?? error.fallback}
      />
    );
  }
  return children(query.data);
}
