import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { getServerMessage, isMissingRecord } from '@/lib/api-client';

interface QueryStateProps<T> {
  /** The record's query; it answers null when the address names no record. */
  query: UseQueryResult<T | null>;
  /** Announced while the skeleton shows. */
  loadingLabel: string;
  skeleton: ReactNode;
  notFound: { title: string; message: string };
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/**
 * A student page's record: a skeleton, then the record, a 'not found' message or the load error.
 * A record on screen stays there when a later refetch fails: a student in the middle of an exam
 * must never lose the page to a dropped connection.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  skeleton,
  notFound,
  errorTitle,
  children,
}: QueryStateProps<T>) {
  if (query.data) return children(query.data);
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {loadingLabel}
        </p>
        {skeleton}
      </div>
    );
  }
  if (query.data === null || isMissingRecord(query.error)) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white pb-8 shadow-sm">
        <EmptyState title={notFound.title} description={notFound.message} />
        <div className="flex justify-center">
          <ButtonLink to="/student" variant="secondary">
            Back to dashboard
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <ErrorBanner
      title={errorTitle}
      message={getServerMessage(query.error)}
      onRetry={() => void query.refetch()}
    />
  );
}
