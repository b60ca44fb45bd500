const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern matching any of the keywords, case-insensitive, with a single capture group; longer
 * keywords first, so 'binary tree' matches whole rather than as 'binary'. Null when none is set.
 */
export function keywordPattern(keywords: readonly string[]): RegExp | null {
  const terms = keywords
    .map((keyword) => keyword.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return terms.length === 0 ? null : new RegExp(`(${terms.join('|')})`, 'gi');
}
