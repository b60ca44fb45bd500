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
