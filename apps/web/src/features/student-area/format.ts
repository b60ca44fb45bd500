import { formatClock, formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short' });

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
