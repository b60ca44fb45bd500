import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { writeGift } from './gift';
import { parseQuestionFile } from './question-interchange.service';
import { fixture, questionsInFileOrder, trickyExam } from './test-support';

const parseGift = (text: string) => parseQuestionFile('gift', Buffer.from(text)).data;

describe('GIFT', () => {
  it("maps each kind of Moodle's documentation and says why the others are skipped", () => {
    const data = parseQuestionFile('gift', fixture('moodle-docs.gift')).data;
    expect(data.questions).toEqual([
      {
        questionType: 'MCQ',
        questionText: 'What is the capital of France?',
        marks: 1,
        order: 1,
        difficulty: 'EASY',
        explanation: 'Paris has been the capital of France since the tenth century.',
        options: [
          { text: 'Paris', isCorrect: true },
          { text: 'London', isCorrect: false },
          { text: 'Rome', isCorrect: false },
        ],
      },
      {
        questionType: 'TRUE_FALSE',
        questionText: "Grant is buried in Grant's tomb in New York City.",
        marks: 1,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: "Ulysses S. Grant rests in Grant's Tomb in Manhattan.",
        options: [
          { text: 'True', isCorrect: true },
          { text: 'False', isCorrect: false },
        ],
      },
      {
        questionType: 'SHORT_ANSWER',
        questionText: 'Two plus two equals what number, written in words?',
        marks: 2,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'Four is two added to two.',
        sampleAnswer: 'four and nothing more',
        keywords: ['four'],
      },
      {
        questionType: 'LONG_ANSWER',
        questionText: 'Describe the course of the Nile and why it mattered to Egypt.',
        marks: 5,
        order: 4,
        difficulty: 'HARD',
        explanation: 'A good answer names the source lakes, the countries and the delta.',
        modelAnswer:
          'The Nile flows north through eleven countries and ends in a delta on the Mediterranean; its floods fed Egyptian farming for millennia.',
        minWordCount: 150,
        maxWordCount: 500,
        keywords: ['rivers', 'geography'],
      },
      {
        questionType: 'MCQ',
        questionText: 'Which bird is this?',
        marks: 1,
        order: 5,
        difficulty: 'MEDIUM',
        explanation: 'It is a robin, by its red breast.',
        options: [
          { text: 'Robin', isCorrect: true },
          { text: 'Sparrow', isCorrect: false },
        ],
      },
      {
        questionType: 'MCQ',
        questionText: 'What is $$\\sqrt{16}$$ equal to?',
        marks: 1,
        order: 6,
        difficulty: 'MEDIUM',
        explanation: 'Four times four is sixteen.',
        options: [
          { text: '4', isCorrect: true },
          { text: '8', isCorrect: false },
        ],
      },
    ]);
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'Capital of France',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      {
        question: 5,
        title: 'Matching',
        message: MESSAGES.unsupportedType('matching'),
        skipped: true,
      },
      {
        question: 6,
        title: 'Numerical',
        message: MESSAGES.unsupportedType('numerical'),
        skipped: true,
      },
      {
        question: 7,
        title: 'Missing word',
        message: MESSAGES.unsupportedType('missing word'),
        skipped: true,
      },
      {
        question: 8,
        title: 'Multiple answers',
        message: MESSAGES.multipleCorrect,
        skipped: true,
      },
      { question: 9, title: 'Partial', message: MESSAGES.partialCredit, skipped: true },
      { question: 10, title: 'Picture', message: MESSAGES.foreignImages, skipped: false },
      {
        question: 12,
        message: expect.stringMatching(/^This question could not be read: line 45: /),
        skipped: true,
      },
    ]);
  });

  it('gives back the same questions from a file it wrote', () => {
    const data = parseGift(writeGift(trickyExam));
    expect(data).toEqual({
      format: 'gift',
      questions: questionsInFileOrder(trickyExam),
      incomplete: [],
      warnings: [],
    });
  });

  it('writes a category per section and each answer key', () => {
    const text = writeGift(trickyExam);
    expect(text).toContain('$CATEGORY: Data Structures: mid-term/Choices');
    expect(text).toContain('{FALSE####');
    expect(text).toContain('\t=[markdown]<never> & \\{always\\}');
    expect(text).toContain('\t=sorted \\= ordered');
  });

  it('offers a question the wizard refuses as it stands, with the messages by field', () => {
    const data = parseGift('::Short::What is two and two?{=four}\n');
    expect(data.questions).toEqual([]);
    expect(data.incomplete).toEqual([
      {
        question: 1,
        title: 'Short',
        draft: {
          questionType: 'SHORT_ANSWER',
          questionText: 'What is two and two?',
          marks: 2,
          order: 1,
          difficulty: 'MEDIUM',
          explanation: '',
          sampleAnswer: 'four',
          keywords: ['four'],
        },
        errors: {
          explanation: 'Explanation is required',
          sampleAnswer: 'Sample answer must be at least 10 characters',
        },
      },
    ]);
  });

  it('reads HTML text as Markdown', () => {
    const data = parseGift(
      '[html]<p>Which word is <b>bold</b> here?</p>{=bold ~plain ####Only <i>bold</i> is bold here.}\n',
    );
    expect(data.warnings).toEqual([]);
    expect(data.questions[0]).toMatchObject({
      questionText: 'Which word is **bold** here?',
      explanation: 'Only *bold* is bold here.',
      options: [
        { text: 'bold', isCorrect: true },
        { text: 'plain', isCorrect: false },
      ],
    });
  });

  it('refuses a file of another format and a file without questions', () => {
    expect(() => parseGift('<?xml version="1.0"?><quiz/>')).toThrow(MESSAGES.wrongFormat('gift'));
    expect(() => parseGift('QUESTION one\nA. yes\nB. no\nANSWER A {\n')).toThrow(
      MESSAGES.wrongFormat('gift'),
    );
    expect(() => parseGift('// only a comment\n\n$CATEGORY: Empty\n')).toThrow(
      MESSAGES.noQuestions,
    );
  });
});
