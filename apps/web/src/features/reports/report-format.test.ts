import { describe, expect, it } from 'vitest';
import { formatIndex, formatMarks, formatPercent, optionLetter } from './report-format';

describe('report figures', () => {
  it('shows marks, shares and discrimination as the report reads them, a dash for none', () => {
    expect([formatMarks(7), formatMarks(7.5), formatMarks(1.905), formatMarks(null)]).toEqual([
      '7',
      '7.5',
      '1.91',
      '–',
    ]);
    expect([formatPercent(0.7), formatPercent(2 / 3), formatPercent(null)]).toEqual([
      '70%',
      '67%',
      '–',
    ]);
    expect([formatIndex(2 / 3), formatIndex(-2 / 3), formatIndex(0), formatIndex(null)]).toEqual([
      '+0.67',
      '-0.67',
      '0',
      '–',
    ]);
    expect(['0', '1', '3'].map(optionLetter)).toEqual(['A', 'B', 'D']);
  });
});
