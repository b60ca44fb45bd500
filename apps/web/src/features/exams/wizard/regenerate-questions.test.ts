import { describe, expect, it } from 'vitest';
import { blankQuestion, type QuestionValues } from '@/components/question-editor/question-values';
import { countLostQuestions, regenerateQuestions, type SectionShape } from './regenerate-questions';

function written(type: QuestionValues['questionType'], text: string, order = 1): QuestionValues {
  return { ...blankQuestion(type, order), questionText: text };
}

const mcqA: SectionShape = { id: 'a', questionType: 'MCQ', totalQuestions: 2 };
const trueFalseB: SectionShape = { id: 'b', questionType: 'TRUE_FALSE', totalQuestions: 1 };

describe('regenerateQuestions', () => {
  const listA = [written('MCQ', 'First MCQ question?'), written('MCQ', 'Second one?', 2)];
  const listB = [written('TRUE_FALSE', 'The sky is blue.')];

  it('keeps every list, and the outer list itself, when no count or type changed', () => {
    const before = [listA, listB];
    const after = regenerateQuestions([mcqA, trueFalseB], before, [{ ...mcqA }, { ...trueFalseB }]);
    expect(after).toBe(before);
  });

  it('keeps the questions by position and adds blank ones when the count grows', () => {
    const [list] = regenerateQuestions([mcqA], [listA], [{ ...mcqA, totalQuestions: 4 }]);
    expect(list).toHaveLength(4);
    expect(list?.slice(0, 2)).toEqual(listA);
    expect(list?.[2]).toMatchObject({
      questionType: 'MCQ',
      questionText: '',
      order: 3,
      options: [],
    });
    expect(list?.[3]).toMatchObject({ order: 4 });
  });

  it('lists no questions for a drawn section, and blank ones again once it is listed', () => {
    const drawn = { ...mcqA, source: 'DRAWN' as const };
    const after = regenerateQuestions([mcqA], [listA], [drawn]);
    expect(after).toEqual([[]]);
    expect(countLostQuestions([listA], after)).toBe(2);
    expect(regenerateQuestions([drawn], after, [drawn])).toBe(after);
    const [listed] = regenerateQuestions([drawn], after, [{ ...mcqA, source: 'LISTED' }]);
    expect(listed).toHaveLength(2);
    expect(listed?.[0]).toMatchObject({ questionType: 'MCQ', questionText: '' });
  });

  it('drops the questions past the new count when it shrinks', () => {
    const [list] = regenerateQuestions([mcqA], [listA], [{ ...mcqA, totalQuestions: 1 }]);
    expect(list).toEqual([listA[0]]);
  });

  it('replaces questions whose type no longer matches the section with blank ones', () => {
    const [list] = regenerateQuestions(
      [mcqA],
      [listA],
      [{ ...mcqA, questionType: 'SHORT_ANSWER' }],
    );
    expect(list).toHaveLength(2);
    expect(list?.map((question) => question.questionType)).toEqual([
      'SHORT_ANSWER',
      'SHORT_ANSWER',
    ]);
    expect(list?.[0]).toMatchObject({ questionText: '', marks: 2, sampleAnswer: '', keywords: [] });
  });

  it('keeps by position only the questions of the right type when count and type both change', () => {
    const mixed = [written('MCQ', 'Kept MCQ question?'), written('TRUE_FALSE', 'Left over.', 2)];
    const [list] = regenerateQuestions([mcqA], [mixed], [{ ...mcqA, totalQuestions: 3 }]);
    expect(list?.[0]).toBe(mixed[0]);
    expect(list?.[1]).toMatchObject({ questionType: 'MCQ', questionText: '', order: 2 });
    expect(list?.[2]).toMatchObject({ questionType: 'MCQ', order: 3 });
  });

  it('gives an added section blank questions and keeps the others, matched by id', () => {
    const added: SectionShape = { id: 'c', questionType: 'LONG_ANSWER', totalQuestions: 1 };
    const after = regenerateQuestions(
      [mcqA, trueFalseB],
      [listA, listB],
      [added, mcqA, trueFalseB],
    );
    expect(after[0]).toEqual([
      expect.objectContaining({
        questionType: 'LONG_ANSWER',
        marks: 5,
        minWordCount: 150,
        maxWordCount: 500,
      }),
    ]);
    expect(after[1]).toBe(listA);
    expect(after[2]).toBe(listB);
  });

  it("drops a removed section's questions and moves the next section's up with it", () => {
    const after = regenerateQuestions([mcqA, trueFalseB], [listA, listB], [trueFalseB]);
    expect(after).toEqual([listB]);
    expect(after[0]).toBe(listB);
  });

  it('leaves a list alone while its count is not a valid number', () => {
    for (const totalQuestions of [Number.NaN, 0, 2.5, 51]) {
      const [list] = regenerateQuestions([mcqA], [listA], [{ ...mcqA, totalQuestions }]);
      expect(list).toBe(listA);
    }
  });
});

describe('countLostQuestions', () => {
  it('counts only written questions that are not kept', () => {
    const kept = written('MCQ', 'Kept question?');
    const lost = written('MCQ', 'Lost question?', 2);
    const blank = blankQuestion('MCQ', 3);
    expect(countLostQuestions([[kept, lost, blank]], [[kept]])).toBe(1);
    expect(countLostQuestions([[kept, blank]], [[kept]])).toBe(0);
  });
});
