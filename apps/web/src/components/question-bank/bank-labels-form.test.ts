import { describe, expect, it } from 'vitest';
import { blankQuestion } from '@/components/question-editor/question-values';
import {
  bankFormErrors,
  bankPayloadOf,
  checkBankQuestion,
  emptyLabels,
  tagsOf,
} from './bank-labels-form';

const COURSE = '10000000-0000-4000-8000-000000000001';

describe('tagsOf', () => {
  it('reads a line of tags separated by commas, each trimmed, the empty ones dropped', () => {
    expect(tagsOf(' kcl, nodes ,, ')).toEqual(['kcl', 'nodes']);
    expect(tagsOf('')).toEqual([]);
  });
});

describe('bankPayloadOf', () => {
  it('puts the labels beside the question’s fields, without its form id', () => {
    const question = blankQuestion('SHORT_ANSWER', 1);
    const payload = bankPayloadOf(
      { ...emptyLabels(COURSE), tags: 'a, b', bloomLevel: 'APPLY', courseOutcomes: ['CO2'] },
      question,
    );
    expect(payload).toMatchObject({
      courseId: COURSE,
      category: '',
      tags: ['a', 'b'],
      bloomLevel: 'APPLY',
      courseOutcomes: ['CO2'],
      questionType: 'SHORT_ANSWER',
    });
    expect(payload).not.toHaveProperty('id');
  });
});

describe('bankFormErrors', () => {
  it('keeps a label’s message at its name and puts a question’s under the question', () => {
    expect(
      bankFormErrors(
        {
          'tags.3': 'Each tag must be 1 to 50 characters',
          courseOutcomes: 'CO9 is not a course outcome of this course',
          'options.1.text': 'Option text is required',
          status: 'Status must be DRAFT or READY',
        },
        'question',
      ),
    ).toEqual({
      tags: 'Each tag must be 1 to 50 characters',
      courseOutcomes: 'CO9 is not a course outcome of this course',
      'question.options.1.text': 'Option text is required',
      status: 'Status must be DRAFT or READY',
    });
  });
});

describe('checkBankQuestion', () => {
  it('asks a new question for its status and an edit for none, in the contract’s words', () => {
    const payload = bankPayloadOf(
      { ...emptyLabels(COURSE), tags: 'kcl, KCL', category: 'A/B/C/D/E/F' },
      blankQuestion('MCQ', 1),
    );
    const errors = checkBankQuestion({ ...payload, status: 'DRAFT' }, 'question');
    expect(errors).toMatchObject({
      bloomLevel: "Please select a valid Bloom's level",
      tags: 'Each tag can be given once',
      category: 'A category cannot be more than 5 levels deep',
      'question.options': 'MCQ must have at least 2 options',
    });
    expect(checkBankQuestion(payload, 'question')).not.toHaveProperty('status');
  });
});
