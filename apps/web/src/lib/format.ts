const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A calendar date (birth, joining) for people: '12 Apr 2005'. Only its YYYY-MM-DD part is read,
 * so a date sent as midnight UTC never shows as the day before west of Greenwich.
 */
export function formatDate(value: string): string {
  const match = ISO_DATE.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return dateFormat.format(new Date(Number(year), Number(month) - 1, Number(day)));
}

/** A moment (last login, account creation) in the viewer's time zone: '12 Apr 2025, 14:30'. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const secondsClockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * A moment's time of day in the viewer's time zone: '14:05'; to the second, '14:05:09'. A
 * moment that cannot be read is shown as it came.
 */
export function formatClock(moment: number | string, { seconds = false } = {}): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return String(moment);
  return (seconds ? secondsClockFormat : clockFormat).format(date);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
