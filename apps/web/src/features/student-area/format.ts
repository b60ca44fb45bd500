import { formatClock, formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short' });

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Whole seconds left until `end`; a timer that fires a little late still lands on the second. */
export function secondsLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** '2 days 03:04:05', '01:11:17' while an hour or more is left, then '59:59'. */
export function formatCountdown(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const clock = `${twoDigits(minutes)}:${twoDigits(totalSeconds % 60)}`;
  if (days > 0) return `${plural(days, 'day')} ${twoDigits(hours)}:${clock}`;
  return hours > 0 ? `${twoDigits(hours)}:${clock}` : clock;
}

/** An exam's window in the viewer's time zone: '14 Mar 2030, 09:30 – 10:30' within one day. */
export function formatWindow(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = dayFormat.format(start) === dayFormat.format(end);
  return `${formatDateTime(startsAt)} – ${sameDay ? formatClock(endsAt) : formatDateTime(endsAt)}`;
}

/** '90 minutes'; a section without a limit of its own reads 'No separate limit'. */
export function formatMinutes(minutes: number): string {
  return minutes > 0 ? plural(minutes, 'minute') : 'No separate limit';
}
