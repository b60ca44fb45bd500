import { describe, expect, it } from 'vitest';
import { blankQuestion } from '@/components/question-editor/question-values';
import { makeExamDetail } from '@/test/exam-fixtures';
import { examValuesOf, hasContent, newSection } from './exam-values';

describe('newSection', () => {
  it('opens with the first order number no other section uses', () => {
    expect(newSection([]).order).toBe('1');
    expect(newSection([{ order: '1' }, { order: '3' }]).order).toBe('4');
    expect(newSection([{ order: '2' }]).order).toBe('3');
    expect(newSection([{ order: 'A' }])).toMatchObject({
      order: '2',
      questionType: 'MCQ',
      totalQuestions: 1,
      isOptional: false,
      instructions: [],
      isExpanded: true,
    });
  });
});

describe('hasContent', () => {
  it('tells a written question from a blank one', () => {
    expect(hasContent(blankQuestion('TRUE_FALSE', 1))).toBe(false);
    expect(hasContent({ ...blankQuestion('MCQ', 1), questionText: 'Why?' })).toBe(true);
    expect(hasContent({ ...blankQuestion('SHORT_ANSWER', 1), keywords: ['stack'] })).toBe(true);
    const answered = blankQuestion('TRUE_FALSE', 1);
    answered.options = [
      { text: 'True', isCorrect: true },
      { text: 'False', isCorrect: false },
    ];
    expect(hasContent(answered)).toBe(true);
  });

  it('counts a multiple select option typed in, an accepted value and a unit as content', () => {
    const choices = blankQuestion('MULTI_SELECT', 1);
    expect(hasContent(choices)).toBe(false);
    expect(hasContent({ ...choices, options: [{ text: 'Copper', isCorrect: false }] })).toBe(true);
    const numerical = blankQuestion('NUMERICAL', 1);
    expect(hasContent(numerical)).toBe(false);
    expect(
      hasContent({
        ...numerical,
        numericAnswers: [{ value: 0.012, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
      }),
    ).toBe(true);
    expect(hasContent({ ...numerical, units: [{ unit: 'A', factor: 1 }] })).toBe(true);
  });

  it('counts an accepted answer of a blank, a prompt, a match, a distractor and an item as content', () => {
    const blanks = blankQuestion('FILL_IN_BLANKS', 1);
    const empty = { accepted: [''], caseSensitive: false, tolerance: null };
    expect(hasContent({ ...blanks, blanks: [empty] })).toBe(false);
    expect(hasContent({ ...blanks, blanks: [{ ...empty, accepted: ['ohm'] }] })).toBe(true);
    const matching = blankQuestion('MATCHING', 1);
    expect(hasContent(matching)).toBe(false);
    expect(hasContent({ ...matching, pairs: [{ prompt: '', match: 'Conductor' }] })).toBe(true);
    expect(hasContent({ ...matching, distractors: ['Plasma'] })).toBe(true);
    const ordering = blankQuestion('ORDERING', 1);
    expect(hasContent(ordering)).toBe(false);
    expect(hasContent({ ...ordering, items: ['Switch on', ''] })).toBe(true);
  });
});

describe('examValuesOf', () => {
  it('keeps a question copied from a bank linked to it, showing the copy', () => {
    const exam = makeExamDetail('AUTO', 'FULL');
    const first = exam.questions[0]?.[0];
    if (!first) throw new Error('The fixture has a question');
    exam.questions[0] = [{ ...first, bankQuestionId: 'bank-1', bankVersion: 2 }];
    const [question] = examValuesOf(exam).questions[0] ?? [];
    expect(question).toMatchObject({
      questionText: first.questionText,
      fromBank: { bankQuestionId: 'bank-1', version: 2, place: '' },
    });
    expect(question).not.toHaveProperty('bankQuestionId');
  });

  it('opens a stored exam’s proctoring rules, automatic submission on when it has a number', () => {
    const exam = makeExamDetail('PROCTORING', 'FULL');
    exam.proctoringThresholds = { warnAt: 2, flagAt: 5, autoSubmitAfterFlags: 3 };
    expect(examValuesOf(exam).proctoringThresholds).toEqual({
      warnAt: 2,
      flagAt: 5,
      autoSubmit: true,
      autoSubmitAfterFlags: 3,
    });
    exam.proctoringThresholds = { warnAt: 1, flagAt: 3, autoSubmitAfterFlags: null };
    expect(examValuesOf(exam).proctoringThresholds).toMatchObject({ autoSubmit: false });
  });

  it('gives an AUTO exam the default rules, for when it is switched to proctoring', () => {
    expect(examValuesOf(makeExamDetail('AUTO', 'FULL')).proctoringThresholds).toEqual({
      warnAt: 1,
      flagAt: 3,
      autoSubmit: false,
      autoSubmitAfterFlags: 5,
    });
  });

  it('restores a drawn section’s rules, its internal choice, and none of its pool as questions', () => {
    const exam = makeExamDetail('AUTO', 'FULL');
    const [first, ...rest] = exam.examSections;
    if (!first) throw new Error('The fixture has sections');
    const rule = {
      courseId: exam.courseId,
      category: 'Unit 3',
      includeSubcategories: false,
      count: 2,
      difficulty: 'EASY' as const,
      tags: ['circuits'],
    };
    exam.examSections = [{ ...first, totalQuestions: 2, draw: [rule], answerAny: 1 }, ...rest];
    const values = examValuesOf(exam);
    expect(values.examSections[0]).toMatchObject({
      source: 'DRAWN',
      answerAny: 1,
      draw: [{ ...rule, bloomLevel: '', courseOutcome: '' }],
    });
    expect(values.questions[0]).toEqual([]);
    expect(values.examSections[1]).toMatchObject({ source: 'LISTED', draw: [] });
    expect(values.examSections[1]?.answerAny).toBeNaN();
    expect(values.questions[1]).toHaveLength(exam.questions[1]?.length ?? -1);
  });
});
