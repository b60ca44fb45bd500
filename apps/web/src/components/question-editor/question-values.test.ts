import { describe, expect, it } from 'vitest';
import { blankQuestion, numberOrFallback } from './question-values';

describe('blankQuestion', () => {
  it('gives each type its default marks, MEDIUM difficulty and its own fields', () => {
    expect(blankQuestion('MCQ', 1)).toMatchObject({
      questionType: 'MCQ',
      questionText: '',
      explanation: '',
      marks: 1,
      order: 1,
      difficulty: 'MEDIUM',
      options: [],
    });
    expect(blankQuestion('TRUE_FALSE', 2)).toMatchObject({
      marks: 1,
      order: 2,
      options: [
        { text: 'True', isCorrect: false },
        { text: 'False', isCorrect: false },
      ],
    });
    expect(blankQuestion('SHORT_ANSWER', 1)).toMatchObject({
      marks: 2,
      sampleAnswer: '',
      keywords: [],
    });
    expect(blankQuestion('LONG_ANSWER', 1)).toMatchObject({
      marks: 5,
      modelAnswer: '',
      minWordCount: 150,
      maxWordCount: 500,
      keywords: [],
    });
    expect(blankQuestion('MULTI_SELECT', 1)).toMatchObject({
      marks: 2,
      options: [
        { text: '', isCorrect: false },
        { text: '', isCorrect: false },
      ],
      scoring: 'PARTIAL',
    });
    expect(blankQuestion('NUMERICAL', 1)).toMatchObject({
      marks: 2,
      numericAnswers: [{ value: Number.NaN, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
      units: [],
      unitPenalty: 0.1,
    });
    // Blanks follow the markers of the text, which has none yet.
    expect(blankQuestion('FILL_IN_BLANKS', 1)).toMatchObject({ marks: 2, blanks: [] });
    expect(blankQuestion('MATCHING', 1)).toMatchObject({
      marks: 2,
      pairs: [
        { prompt: '', match: '' },
        { prompt: '', match: '' },
      ],
      distractors: [],
    });
    expect(blankQuestion('ORDERING', 1)).toMatchObject({
      marks: 2,
      items: ['', ''],
      scoring: 'PARTIAL',
    });
  });

  it('carries only its own type fields and a unique id', () => {
    const mcq = blankQuestion('MCQ', 1);
    expect(mcq).not.toHaveProperty('keywords');
    expect(blankQuestion('SHORT_ANSWER', 1)).not.toHaveProperty('options');
    expect(blankQuestion('MCQ', 1).id).not.toBe(mcq.id);
  });
});

describe('numberOrFallback', () => {
  const marks = { min: 1, fallback: 1 };

  it('keeps a whole number at or above the minimum, including above any maximum', () => {
    expect(numberOrFallback('4', marks)).toBe(4);
    expect(numberOrFallback(25, marks)).toBe(25);
  });

  it.each(['', '  ', 'abc', '0', '-3', '2.5', undefined, Number.NaN])(
    'falls back to 1 for marks and order given %s',
    (raw) => {
      expect(numberOrFallback(raw, marks)).toBe(1);
    },
  );

  it('falls back to 50 for the minimum and 100 for the maximum word count', () => {
    expect(numberOrFallback('', { min: 0, fallback: 50 })).toBe(50);
    expect(numberOrFallback('abc', { min: 0, fallback: 50 })).toBe(50);
    expect(numberOrFallback('', { min: 0, fallback: 100 })).toBe(100);
    expect(numberOrFallback('300', { min: 0, fallback: 100 })).toBe(300);
  });

  it('keeps a whole word count below the range, for the schema to explain', () => {
    expect(numberOrFallback('20', { min: 0, fallback: 50 })).toBe(20);
  });
});
