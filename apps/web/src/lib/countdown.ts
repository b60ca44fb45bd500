import { plural } from '@/lib/plural';

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Whole seconds left until `end`; a timer that fires a little late still lands on the second. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** Whole seconds gone since `start`, never negative when the clocks disagree a little. */
export function secondsSince(start: number, now: number): number {
  return Math.max(0, Math.floor((now - start) / 1000));
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
