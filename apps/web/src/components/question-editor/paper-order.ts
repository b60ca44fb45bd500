/** A 32-bit FNV-1a hash of the texts: the same list always shuffles the same way. */
function seedOf(texts: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const char of texts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, and good enough to deal a dozen cards. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A paper's or a preview's order of a list whose order is the key (an ordering question's items,
 * a matching question's matches): shuffled the same way every time it is drawn, and never left
 * in the key's own order.
 */
export function shuffledForPaper<T>(list: readonly T[], textOf: (item: T) => string): T[] {
  const random = randomFrom(seedOf(list.map(textOf)));
  const shuffled = [...list];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T];
  }
  const unchanged = shuffled.every((item, index) => item === list[index]);
  return unchanged && shuffled.length > 1
    ? [...shuffled.slice(1), ...shuffled.slice(0, 1)]
    : shuffled;
}
