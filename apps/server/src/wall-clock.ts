// Schedules are stored as the institution's wall-clock dates and times ('YYYY-MM-DDTHH:mm'),
// read in the server's time zone (the `TZ` variable): these two turn one into the other.

/** The instant of a wall-clock time. */
export function wallClockInstant(value: string): Date {
  const [year, month, day, hours, minutes] = value.split(/[-T:]/).map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0);
}

/** The wall-clock minute of an instant. */
export function wallClockMinute(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
