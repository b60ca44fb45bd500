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

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A moment's time of day to the second, in the viewer's time zone: '14:30:05'. */
export function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
