import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './question-interchange.service';
import { fixture } from './test-support';

describe('Aiken', () => {
  it('reads each question as a multiple choice for the wizard to complete with its explanation', () => {
    const data = parseQuestionFile('aiken', fixture('aiken.txt')).data;
    expect(data.questions).toEqual([]);
    expect(data.incomplete).toEqual([
      {
        question: 1,
        draft: {
          questionType: 'MCQ',
          questionText: 'What is the correct answer to this question?',
          marks: 1,
          order: 1,
          difficulty: 'MEDIUM',
          explanation: '',
          options: [
            { text: 'Is it this one?', isCorrect: false },
            { text: 'Maybe this answer?', isCorrect: false },
            { text: 'Possibly this one?', isCorrect: false },
            { text: 'Must be this one!', isCorrect: true },
          ],
        },
        errors: { explanation: 'Explanation is required' },
      },
      {
        question: 2,
        draft: expect.objectContaining({
          questionText: 'Which LMS has the most quiz import formats?',
          options: expect.arrayContaining([{ text: 'Moodle', isCorrect: true }]),
        }),
        errors: {
          explanation: 'Explanation is required',
          options: 'MCQ cannot have more than 4 options',
        },
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 3,
        message: MESSAGES.unreadableQuestion('ANSWER names C, which is no option'),
        skipped: true,
      },
      { question: 4, message: MESSAGES.unreadableQuestion('no ANSWER line'), skipped: true },
    ]);
  });

  it('refuses a file with no ANSWER line at all', () => {
    expect(() => parseQuestionFile('aiken', Buffer.from('::Q::Is it?{T}\n')).data).toThrow(
      MESSAGES.wrongFormat('aiken'),
    );
  });
});
