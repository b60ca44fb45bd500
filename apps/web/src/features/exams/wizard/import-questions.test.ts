import { describe, expect, it } from 'vitest';
import { blankQuestion, type QuestionValues } from '@/components/question-editor/question-values';
import { roomFor, withImported } from './import-questions';

function written(text: string, order: number): QuestionValues {
  return { ...blankQuestion('MCQ', order), questionText: text };
}

function fromFile(text: string): Omit<QuestionValues, 'id'> {
  const { id: _none, ...question } = blankQuestion('MCQ', 7);
  return {
    ...question,
    questionText: text,
    marks: 2,
    explanation: 'From the file.',
    options: [
      { text: 'Stack', isCorrect: true },
      { text: 'Queue', isCorrect: false },
    ],
  };
}

describe('withImported', () => {
  it('adds the questions after the written ones, numbered on from them, each with its own id', () => {
    const list = [written('Which structure is LIFO?', 1), written('Which one is FIFO?', 2)];
    const next = withImported(list, [fromFile('What is a heap?'), fromFile('What is a trie?')]);

    expect(next.slice(0, 2)).toEqual(list);
    expect(next.slice(2)).toMatchObject([
      { questionText: 'What is a heap?', order: 3, marks: 2, explanation: 'From the file.' },
      { questionText: 'What is a trie?', order: 4, options: fromFile('').options },
    ]);
    expect(new Set(next.map((question) => question.id)).size).toBe(4);
  });

  it('lets blank questions give their place up, as the one a new section starts with', () => {
    const next = withImported([blankQuestion('MCQ', 1)], [fromFile('What is a heap?')]);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ questionText: 'What is a heap?', order: 1 });

    const mixed = [blankQuestion('MCQ', 1), written('Which one is FIFO?', 2)];
    expect(withImported(mixed, [fromFile('What is a heap?')]).map((q) => q.order)).toEqual([2, 2]);
  });
});

describe('roomFor', () => {
  it('counts the room left of 50 questions a section, blank questions not taking any', () => {
    expect(roomFor([blankQuestion('MCQ', 1)])).toBe(50);
    const full = Array.from({ length: 50 }, (_, index) => written(`Question ${index}?`, index + 1));
    expect(roomFor(full.slice(0, 48))).toBe(2);
    expect(roomFor(full)).toBe(0);
  });
});
