import {
  DEFAULT_UNIT_PENALTY,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  type Question,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { writeGift } from './gift';
import { parseQuestionFile } from './question-interchange.service';
import {
  fixture,
  partsExam,
  percentAsAbsolute,
  percentExam,
  questionsInFileOrder,
  trickyExam,
  uploadsExam,
} from './test-support';

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
        order: 8,
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
        order: 9,
        difficulty: 'MEDIUM',
        explanation: 'Four times four is sixteen.',
        options: [
          { text: '4', isCorrect: true },
          { text: '8', isCorrect: false },
        ],
      },
    ]);
    // The documentation's matching, numerical and multiple answers questions have no explanation.
    expect(data.incomplete).toEqual([
      {
        question: 5,
        title: 'Matching',
        draft: {
          questionType: 'MATCHING',
          questionText: 'Match the countries with their capitals.',
          marks: 2,
          order: 5,
          difficulty: 'MEDIUM',
          explanation: '',
          pairs: [
            { prompt: 'Canada', match: 'Ottawa' },
            { prompt: 'Italy', match: 'Rome' },
            { prompt: 'Japan', match: 'Tokyo' },
          ],
          distractors: [],
        },
        errors: { explanation: 'Explanation is required' },
      },
      {
        question: 6,
        title: 'Numerical',
        draft: {
          questionType: 'NUMERICAL',
          questionText: 'When was Ulysses S. Grant born?',
          marks: 2,
          order: 6,
          difficulty: 'MEDIUM',
          explanation: '',
          numericAnswers: [{ value: 1822, tolerance: 5, toleranceType: 'ABSOLUTE', fraction: 1 }],
          units: [],
          unitPenalty: DEFAULT_UNIT_PENALTY,
        },
        errors: { explanation: 'Explanation is required' },
      },
      {
        question: 8,
        title: 'Multiple answers',
        draft: {
          questionType: 'MULTI_SELECT',
          questionText: 'Which of these are primary colours?',
          marks: 2,
          order: 7,
          difficulty: 'MEDIUM',
          explanation: '',
          options: [
            { text: 'red', isCorrect: true },
            { text: 'blue', isCorrect: true },
            { text: 'green', isCorrect: false },
          ],
          scoring: 'PARTIAL',
        },
        errors: { explanation: 'Explanation is required' },
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'Capital of France',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      // Its answers are choices, which a blank has not.
      {
        question: 7,
        title: 'Missing word',
        message: MESSAGES.unsupportedType('missing word'),
        skipped: true,
      },
      // Its wrong answer takes off all the marks, where the exam's rule takes off one right one's.
      {
        question: 8,
        title: 'Multiple answers',
        message: MESSAGES.choiceWeightsReplaced,
        skipped: false,
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
    expect(text).toContain(
      '\t~%33.33333%[markdown]B-tree\n\t~%33.33333%[markdown]Skip list \\= 50% less code',
    );
    expect(text).toContain('\t~%-33.33333%[markdown]Hash table');
    expect(text).toContain('[tag:scoring-all-or-nothing]');
    expect(text).toContain('{#\n\t=%100%0.012:0.0005\n\t=%50%12:0\n');
    expect(text).toContain('{#-0.0000000000000000001602:0.000000000000000000001####');
    expect(text).toContain(
      '// units (not in GIFT, skipped by its readers): {"units":[{"unit":"A","factor":1},{"unit":"mA","factor":0.001},{"unit":"µA","factor":0.000001}],"unitPenalty":0.25}',
    );
  });

  it('says in the file why a file upload question is not written, and gives back the others', () => {
    const text = writeGift({
      ...trickyExam,
      sections: [...trickyExam.sections, ...uploadsExam.sections],
    });
    for (const number of [1, 2, 3]) {
      expect(text).toContain(
        `// Uploads ${number}: ${MESSAGES.typeNotInFormat('file upload', 'Moodle GIFT')}\n`,
      );
    }
    expect(parseGift(text).questions).toEqual(questionsInFileOrder(trickyExam));
  });

  it('writes a percent tolerance as the same share of the value either side', () => {
    const text = writeGift(percentExam);
    expect(text).toContain('\t=%100%0.012:0.00024\n\t=%50%-0.012:0.0006\n');
    expect(parseGift(text).questions).toMatchObject([{ numericAnswers: percentAsAbsolute }]);
  });

  it("reads a numerical question's answers: tolerance, range, weights and any number", () => {
    const data = parseGift(`::Ohm::What current flows through 1 kΩ at 12 V, in amperes?{#
  =%100%0.012:0.0005#Right.
  =%50%0.01..0.014
  =%0%12
  ~%25%
  ####Twelve volts over a thousand ohms.
}
`);
    expect(data.questions).toEqual([
      {
        questionType: 'NUMERICAL',
        questionText: 'What current flows through 1 kΩ at 12 V, in amperes?',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Twelve volts over a thousand ohms.',
        numericAnswers: [
          { value: 0.012, tolerance: 0.0005, toleranceType: 'ABSOLUTE', fraction: 1 },
          { value: 0.012, tolerance: 0.002, toleranceType: 'ABSOLUTE', fraction: 0.5 },
          { value: 12, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 0 },
        ],
        units: [],
        unitPenalty: DEFAULT_UNIT_PENALTY,
      },
    ]);
    expect(data.warnings).toEqual([
      { question: 1, title: 'Ohm', message: MESSAGES.answerFeedbackDropped, skipped: false },
      { question: 1, title: 'Ohm', message: MESSAGES.anyNumberDropped, skipped: false },
    ]);
  });

  it('skips a numerical question whose number is too large for a float, and reads the next', () => {
    const data = parseGift(
      `::Huge::How many atoms are there?{#1${'0'.repeat(400)}:1}\n\n::Small::How many volts?{#12:0.5####Twelve volts as the label says.}\n`,
    );
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'Huge',
        message: MESSAGES.unreadableQuestion('a number is too large'),
        skipped: true,
      },
    ]);
    expect(data.questions.map((question) => question.questionText)).toEqual(['How many volts?']);
  });

  it('reads answers without an = as a multiple select, by its weights', () => {
    const data =
      parseGift(`::Even::Which are even?{~%50%2 ~%50%4 ~%-50%5 ####Two and four divide by two.}

::One right::Which is prime?{~%100%7 ~8 ####Seven has no divisors but itself.}

// [tag:scoring-all-or-nothing]
::Tagged::Which is odd?{~%100%7 ~8 ####Seven leaves one over when halved.}

::None right::Which is negative?{~1 ~2 ####Neither is below zero.}
`);
    const seven = [
      { text: '7', isCorrect: true },
      { text: '8', isCorrect: false },
    ];
    expect(data.questions).toMatchObject([
      {
        questionType: 'MULTI_SELECT',
        options: [
          { text: '2', isCorrect: true },
          { text: '4', isCorrect: true },
          { text: '5', isCorrect: false },
        ],
        scoring: 'PARTIAL',
      },
      { questionType: 'MULTI_SELECT', options: seven, scoring: 'PARTIAL' },
      { questionType: 'MULTI_SELECT', options: seven, scoring: 'ALL_OR_NOTHING' },
    ]);
    // A wrong option without a weight takes nothing off: the exam's rule would.
    expect(data.warnings).toEqual([
      { question: 2, title: 'One right', message: MESSAGES.choiceWeightsReplaced, skipped: false },
      { question: 4, title: 'None right', message: MESSAGES.noCorrectAnswer, skipped: true },
    ]);
  });

  it('says when the units written with a question cannot be read', () => {
    const data = parseGift(
      '// units (not in GIFT, skipped by its readers): {"units":[{"unit":"A"}]\n::Volts::How many volts?{#12:0.5####Twelve volts as the label says.}\n',
    );
    expect(data.questions[0]).toMatchObject({ units: [], unitPenalty: DEFAULT_UNIT_PENALTY });
    expect(data.warnings).toEqual([
      { question: 1, title: 'Volts', message: MESSAGES.unitsUnreadable, skipped: false },
    ]);
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

  it('gives back a matching question with its distractors, and says why blanks and order are not written', () => {
    const text = writeGift(partsExam);
    // A distractor is a match without a prompt, as Moodle writes one.
    expect(text).toContain('\t= -> So\n');
    expect(text).toContain('\t=[markdown]Potassium -\\\\> K? -> K\n');
    expect(text).toContain(
      `// Blanks 1: ${MESSAGES.typeNotInFormat('fill in the blanks', 'Moodle GIFT')}`,
    );
    expect(text).toContain(`// Order 1: ${MESSAGES.typeNotInFormat('ordering', 'Moodle GIFT')}`);
    expect(text).toContain(`// Order 2: ${MESSAGES.typeNotInFormat('ordering', 'Moodle GIFT')}`);
    const matching = partsExam.sections[1]?.questions[0] as Question;
    expect(parseGift(text)).toEqual({
      format: 'gift',
      questions: [{ ...matching, order: 1 }],
      incomplete: [],
      warnings: [],
    });
  });

  it('reads a matching question as Moodle writes it: escapes, HTML prompts, a distractor', () => {
    const data = parseGift(`::Ports::Match each protocol with its port.{
	=[html]<p><b>HTTP</b></p> -> 80 \\= web
	=HTTPS -> 443
	= -> 8080
	####Well-known ports are below 1024.
}
`);
    expect(data.warnings).toEqual([]);
    expect(data.questions).toEqual([
      {
        questionType: 'MATCHING',
        questionText: 'Match each protocol with its port.',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Well-known ports are below 1024.',
        pairs: [
          { prompt: '**HTTP**', match: '80 = web' },
          { prompt: 'HTTPS', match: '443' },
        ],
        distractors: ['8080'],
      },
    ]);
  });

  it('reads a missing word with typed answers as a blank, and says why the others are skipped', () => {
    const data =
      parseGift(`::Capital::The capital of France is {=Paris =paris#Yes ####Paris, on the Seine.} and no other.

::Born::Ulysses S. Grant was born in {#1822:1 ####He was born in Ohio in 1822.} in Ohio.

::Choice::Moodle costs {~lots of money =nothing} to download.

::Half::The capital of Italy is {=Rome =%50%Milan} as you know.
`);
    expect(data.questions).toEqual([
      {
        questionType: 'FILL_IN_BLANKS',
        questionText: 'The capital of France is [[1]] and no other.',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Paris, on the Seine.',
        blanks: [{ accepted: ['Paris', 'paris'], caseSensitive: false, tolerance: null }],
      },
      {
        questionType: 'FILL_IN_BLANKS',
        questionText: 'Ulysses S. Grant was born in [[1]] in Ohio.',
        marks: 2,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'He was born in Ohio in 1822.',
        blanks: [{ accepted: ['1822'], caseSensitive: false, tolerance: 1 }],
      },
    ]);
    expect(data.warnings).toEqual([
      { question: 1, title: 'Capital', message: MESSAGES.answerFeedbackDropped, skipped: false },
      {
        question: 3,
        title: 'Choice',
        message: MESSAGES.unsupportedType('missing word'),
        skipped: true,
      },
      { question: 4, title: 'Half', message: MESSAGES.partialCredit, skipped: true },
    ]);
  });

  it('skips a missing word whose text holds underscores of its own, since its blank cannot be found', () => {
    const data = parseGift('::Under::Fill ___ the gap _____ {=in} here, please.\n');
    expect(data.warnings).toEqual([
      { question: 1, title: 'Under', message: MESSAGES.blankNotFound, skipped: true },
    ]);
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
