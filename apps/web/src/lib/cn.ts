/** Joins class names, skipping the falsy ones conditional classes leave behind. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
