/** '1 year', '4 years', '0.5 years': the count with its noun in the right number. */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
