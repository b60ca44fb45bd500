const clockFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const secondsClockFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Whole seconds left until `end`; a timer that fires a little late still lands on the second. */
export function secondsUntil(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

export function secondsSince(start: number, now: number): number {
  return Math.max(0, Math.floor((now - start) / 1000));
}

/** '01:11:17' while an hour or more is left, then '59:59'. */
export function formatCountdown(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const minutesAndSeconds = `${twoDigits(minutes)}:${twoDigits(seconds)}`;
  return hours > 0 ? `${twoDigits(hours)}:${minutesAndSeconds}` : minutesAndSeconds;
}

/** The time of day an alert or message arrived: '14:05'; to the second, '14:05:09'. */
export function formatClock(time: number, { seconds = false } = {}): string {
  return (seconds ? secondsClockFormat : clockFormat).format(time);
}
