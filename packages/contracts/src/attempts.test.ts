import { describe, expect, it } from 'vitest';
import { ATTEMPT_MESSAGES, answerInputSchema } from './attempts';
import { parseStudentNumber } from './fields';
import { errorsOf } from './test-support';

const questionId = '0190d2f5-4b1a-7c3e-8a11-2f3c4d5e6f70';

describe('a number as a student types it', () => {
  it.each([
    ['0.012', 0.012],
    ['0,012', 0.012],
    [' 12 ', 12],
    ['-3.5', -3.5],
    ['+4', 4],
    ['.5', 0.5],
    ['5.', 5],
    ['1.2e-3', 0.0012],
    ['1,2E3', 1200],
  ])('reads %j as %d', (typed, value) => {
    expect(parseStudentNumber(typed)).toBe(value);
  });

  it.each([
    '',
    'abc',
    '1,000.5',
    '1.2.3',
    '12 mA',
    '1e',
    'e5',
    '0x1F',
    'Infinity',
    '1e999',
    '1'.repeat(41),
  ])('refuses %j', (typed) => {
    expect(parseStudentNumber(typed)).toBeNull();
  });
});

describe('an answer', () => {
  it('takes the chosen options of a multiple select question, each once', () => {
    expect(errorsOf(answerInputSchema, { questionId, selectedOptionIds: ['0', '9'] })).toEqual({});
    expect(errorsOf(answerInputSchema, { questionId, selectedOptionIds: ['1', '1'] })).toEqual({
      selectedOptionIds: 'An option can be chosen only once',
    });
    expect(errorsOf(answerInputSchema, { questionId, selectedOptionIds: ['10'] })).toEqual({
      'selectedOptionIds.0': 'The option id is not valid',
    });
  });

  it('takes a number as typed, or as a JSON number, with its unit; an empty one clears it', () => {
    expect(answerInputSchema.parse({ questionId, number: ' 0,012 ', unit: ' mA ' })).toMatchObject({
      number: '0,012',
      unit: 'mA',
    });
    expect(answerInputSchema.parse({ questionId, number: 0.5 }).number).toBe('0.5');
    expect(answerInputSchema.parse({ questionId, number: '' }).number).toBeNull();
    expect(errorsOf(answerInputSchema, { questionId, number: '12 mA' })).toEqual({
      number: ATTEMPT_MESSAGES.notANumber,
    });
    expect(errorsOf(answerInputSchema, { questionId, unit: 'mA' })).toEqual({
      unit: 'A unit needs a number',
    });
  });

  it('holds one kind of value', () => {
    expect(errorsOf(answerInputSchema, { questionId, selectedOptionId: '0', text: 'x' })).toEqual({
      text: 'An answer is either a chosen option or a text, not both',
    });
    expect(errorsOf(answerInputSchema, { questionId, text: 'x', number: '1' })).toEqual({
      number: ATTEMPT_MESSAGES.oneKindOfAnswer,
    });
  });
});
