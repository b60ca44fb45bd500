import { describe, expect, it } from 'vitest';
import { BANK_MESSAGES, categoryField, tagsField } from './bank-labels';
import { bankQuestionSchema } from './banks';
import { errorsOf, validQuestions } from './test-support';

const COURSE_ID = '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1';

describe('bank question rules', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    [' Unit 3 /  Kirchhoff ', 'Unit 3/Kirchhoff'],
    ['a/b/c/d/e', 'a/b/c/d/e'],
  ])('reads the category %j as %j', (given, read) => {
    expect(categoryField.parse(given)).toBe(read);
  });

  it('keeps tags distinct ignoring case, each trimmed', () => {
    expect(tagsField.parse([' Ohm ', 'Kirchhoff'])).toEqual(['Ohm', 'Kirchhoff']);
    expect(errorsOf(tagsField, ['Ohm', 'OHM '])).toEqual({ _root: BANK_MESSAGES.tagRepeated });
  });

  it.each(Object.entries(validQuestions))('takes a %s question with its labels', (_, question) => {
    const payload = { courseId: COURSE_ID, bloomLevel: 'CREATE', ...question() };
    expect(bankQuestionSchema.parse(payload)).toMatchObject({
      category: '',
      tags: [],
      courseOutcomes: [],
      status: 'DRAFT',
      questionText: question().questionText,
    });
  });

  it("names the labels' and the question's problems together", () => {
    expect(
      errorsOf(bankQuestionSchema, {
        courseId: COURSE_ID,
        courseOutcomes: ['CO1', 'CO21'],
        ...validQuestions.MCQ(),
        marks: 0,
      }),
    ).toEqual({
      bloomLevel: "Please select a valid Bloom's level",
      'courseOutcomes.1': BANK_MESSAGES.outcomeCode,
      marks: 'Marks must be at least 1',
    });
  });
});
