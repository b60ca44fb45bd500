const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const relativeFormat = new Intl.RelativeTimeFormat('en-GB', { style: 'short' });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A moment of a sitting, in the viewer's time zone: '14 Mar, 09:31'. A sitting lies within its
 * exam's schedule, shown above the table, so the year would only widen the columns.
 */
export function formatMoment(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : momentFormat.format(date);
}

/**
 * How long ago, to the minute: 'just now', '2 min ago', '3 hr ago', and the moment itself after
 * a day. A clock a little ahead of `now` (the server's) reads as just now, not as the future.
 */
export function formatSince(value: string, now: number): string {
  const elapsed = now - new Date(value).getTime();
  if (Number.isNaN(elapsed)) return value;
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return relativeFormat.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relativeFormat.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  return formatMoment(value);
}
