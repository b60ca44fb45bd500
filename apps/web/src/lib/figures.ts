import type { CappedPagination, Pagination } from '@examiq/contracts';

const marksFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** Marks as the report shows them: '7', '7.5', '7.25'; a dash when there is none. */
export function formatMarks(marks: number | null): string {
  return marks === null ? '–' : marksFormat.format(marks);
}

/** A share from 0 to 1 as a whole percentage: '70%'; a dash when there is none. */
export function formatPercent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** A discrimination index with its sign: '+0.67', '-0.33', '0'; a dash when there is none. */
export function formatIndex(index: number | null): string {
  if (index === null) return '–';
  const rounded = Math.round(index * 100) / 100;
  return rounded > 0 ? `+${rounded.toFixed(2)}` : rounded === 0 ? '0' : rounded.toFixed(2);
}

type ListPagination = Pagination | CappedPagination;

const stoppedCounting = (pagination: ListPagination) =>
  'totalCountCapped' in pagination && pagination.totalCountCapped;

/** A list's total: '42', or 'more than 200' where the server stopped counting. */
export function totalCountText(pagination: ListPagination): string {
  return stoppedCounting(pagination)
    ? `more than ${pagination.totalCount.toLocaleString('en')}`
    : String(pagination.totalCount);
}

/** 'Page 3 of 7', or 'Page 3' where the server stopped counting before the last page. */
export function pageOfText(pagination: ListPagination): string {
  return stoppedCounting(pagination)
    ? `Page ${pagination.currentPage}`
    : `Page ${pagination.currentPage} of ${pagination.totalPages}`;
}
