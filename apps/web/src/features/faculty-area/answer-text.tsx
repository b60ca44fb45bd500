import type { ReactNode } from 'react';
import { keywordPattern } from '@/lib/keywords';

/** The number of words in a text, as a marker counts them: runs of non-space characters. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * The text with every keyword found in it (case-insensitive) marked. Longer keywords win where
 * two overlap, so 'binary tree' is marked whole rather than as 'binary'.
 */
export function highlightKeywords(text: string, keywords: readonly string[]): ReactNode[] {
  const pattern = keywordPattern(keywords);
  if (!pattern) return [text];
  // With one capture group, split puts every match at an odd index. A part is keyed by where it
  // starts in the text, which never changes for the same text.
  let offset = 0;
  const parts: ReactNode[] = [];
  text.split(pattern).forEach((part, index) => {
    if (part !== '') parts.push(index % 2 === 1 ? <mark key={offset}>{part}</mark> : part);
    offset += part.length;
  });
  return parts;
}

/** How many of the keywords the text contains. */
export function keywordHits(text: string, keywords: readonly string[]): number {
  const lower = text.toLowerCase();
  return keywords.filter(
    (keyword) => keyword.trim() && lower.includes(keyword.trim().toLowerCase()),
  ).length;
}
