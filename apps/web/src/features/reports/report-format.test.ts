import { describe, expect, it } from 'vitest';
import {
  answeredText,
  answerSpreadSentence,
  brokenQuestionsSentence,
  formatIndex,
  formatMarks,
  formatPercent,
  histogramSentence,
  optionLetter,
  questionFiguresSentence,
} from './report-format';

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

describe('report sentences', () => {
  const bands = (...counts: number[]) =>
    counts.map((count, index) => ({ label: `${index * 2}–${index * 2 + 2}`, count }));

  it('names the band most attempts scored in, and every band of a tie', () => {
    expect(histogramSentence(bands(1, 3, 0), 4)).toBe(
      'How many of the 4 submitted attempts scored in each band of marks; the most, 3, scored 2–4.',
    );
    expect(histogramSentence(bands(2, 0, 2, 2), 6)).toBe(
      'How many of the 6 submitted attempts scored in each band of marks; the most, 2 each, scored 0–2, 4–6, and 6–8.',
    );
    expect(histogramSentence(bands(0, 1), 1)).toBe(
      'How the submitted attempt scored in each band of marks; the most, 1, scored 2–4.',
    );
    expect(histogramSentence(bands(0, 0), 0)).toBe('No attempt has been submitted yet.');
  });

  it('says discrimination waits for ten submitted attempts, with the count there is', () => {
    expect(questionFiguresSentence(2)).toContain(
      'needs at least 10 submitted attempts; this exam has 2 so far.',
    );
    expect(questionFiguresSentence(12)).toContain('from the 12 submitted attempts;');
    expect(questionFiguresSentence(12)).not.toContain('needs at least');
  });

  it('says of a drawn question how many attempts were given it', () => {
    expect(answeredText({ answered: 5, given: 6 }, 6)).toBe('5');
    expect(answeredText({ answered: 3, given: 4 }, 6)).toBe('3 of 4 given it');
    // A pool's question no submitted paper drew.
    expect(answeredText({ answered: 0, given: 0 }, 6)).toBe('On no paper');
  });

  it('counts the questions that look broken', () => {
    expect(brokenQuestionsSentence(0)).toContain('No question looks broken.');
    expect(brokenQuestionsSentence(1)).toContain('1 question looks broken, in red.');
    expect(brokenQuestionsSentence(3)).toContain('3 questions look broken, in red.');
  });
});

describe('what the scripts answered', () => {
  const none = {
    optionChoices: null,
    correctOptionId: null,
    correctOptionIds: null,
    commonValues: null,
    blanks: null,
    prompts: null,
    matchChoices: null,
    correctMatches: null,
    items: null,
    correctOrder: null,
    partsRight: null,
  };
  it('counts each option, marking the key of a single or multiple choice question', () => {
    expect(answerSpreadSentence({ ...none, optionChoices: [5, 2, 0], correctOptionId: '1' })).toBe(
      'Chosen: A 5 · B 2 (key) · C 0',
    );
    expect(
      answerSpreadSentence({ ...none, optionChoices: [3, 1, 4, 0], correctOptionIds: ['0', '2'] }),
    ).toBe('Chosen: A 3 (key) · B 1 · C 4 (key) · D 0');
  });

  it('lists the values given most often with their marks, and says when none was given', () => {
    expect(
      answerSpreadSentence({
        ...none,
        commonValues: [
          { value: '0.012 A', count: 12, awardedMarks: 4 },
          { value: '12', count: 3, awardedMarks: 1.5 },
          { value: '1.2', count: 1, awardedMarks: 1 },
        ],
      }),
    ).toBe('Most given: 0.012 A × 12 (4 marks) · 12 × 3 (1.5 marks) · 1.2 × 1 (1 mark)');
    expect(answerSpreadSentence({ ...none, commonValues: [] })).toBe('No value given yet');
    expect(answerSpreadSentence(none)).toBeNull();
  });

  it('counts the scripts that got each blank, prompt or item right, its label kept short', () => {
    expect(
      answerSpreadSentence({
        ...none,
        partsRight: [
          { label: 'Blank 1', right: 4 },
          { label: 'Blank 2', right: 2 },
        ],
      }),
    ).toBe('Right: Blank 1 4 · Blank 2 2');
    expect(
      answerSpreadSentence({
        ...none,
        partsRight: [
          { label: 'Ohm', right: 7 },
          { label: 'The unit of electrical   resistance in SI', right: 0 },
        ],
      }),
    ).toBe('Right: Ohm 7 · The unit of electrical… 0');
    expect(answerSpreadSentence({ ...none, partsRight: [] })).toBeNull();
  });
});
