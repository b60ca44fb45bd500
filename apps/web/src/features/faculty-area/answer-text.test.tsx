import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { highlightKeywords, keywordHits, wordCount } from './answer-text';

function marked(text: string, keywords: string[]) {
  const { container } = render(<p>{highlightKeywords(text, keywords)}</p>);
  return {
    html: container.querySelector('p')?.innerHTML,
    marks: [...container.querySelectorAll('mark')].map((mark) => mark.textContent),
  };
}

describe('answer text', () => {
  it('counts words across spaces and line breaks', () => {
    expect(wordCount('  Merge sort\n is   stable. ')).toBe(4);
    expect(wordCount('   ')).toBe(0);
  });

  it('marks every keyword whatever its case, keeping the text as written', () => {
    expect(marked('Stable sorts: merge sort is STABLE.', ['stable'])).toEqual({
      html: '<mark>Stable</mark> sorts: merge sort is <mark>STABLE</mark>.',
      marks: ['Stable', 'STABLE'],
    });
  });

  it('prefers the longer of two overlapping keywords and takes symbols literally', () => {
    expect(marked('A binary tree (BST) in C++', ['binary', 'binary tree', 'c++']).marks).toEqual([
      'binary tree',
      'C++',
    ]);
  });

  it('leaves a text without keywords as it is', () => {
    expect(marked('Nothing here', []).html).toBe('Nothing here');
    expect(marked('Nothing here', ['  ']).html).toBe('Nothing here');
  });

  it('counts the keywords found', () => {
    expect(
      keywordHits('Divide and conquer, and stable', ['divide and conquer', 'stable', 'heap']),
    ).toBe(2);
  });
});
