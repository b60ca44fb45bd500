import { DEFAULT_UNIT_PENALTY, QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeQtiPackage } from './qti-package';
import { parseQuestionFile } from './question-interchange.service';
import {
  asRendered,
  blanksOfParts,
  fixture,
  partsExam,
  percentExam,
  questionsInFileOrder,
  trickyExam,
  uploadsExam,
  zippedFixture,
} from './test-support';

const parseQti = (bytes: Uint8Array | string) =>
  parseQuestionFile('qti', typeof bytes === 'string' ? Buffer.from(bytes) : bytes).data;

describe('QTI 3.0', () => {
  it('reads a single choice item, its prompt after the body text and its marks from SCORE', () => {
    const data = parseQti(fixture('qti-choice-item.xml'));
    expect(data.questions).toEqual([
      {
        questionType: 'MCQ',
        questionText: 'Look at the text in the picture.\n\nWhat does it say?',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Airport signs ask travellers never to leave their bags.',
        options: [
          { text: 'You must stay with your luggage at all times.', isCorrect: true },
          { text: 'Do not let someone else look after your luggage.', isCorrect: false },
          { text: 'Remember your luggage when you leave.', isCorrect: false },
        ],
      },
    ]);
  });

  it('reads several items of one file: true/false, text entry, essay, and what it skips', () => {
    const data = parseQti(fixture('qti-items.xml'));
    expect(data.questions).toEqual([
      {
        questionType: 'TRUE_FALSE',
        questionText: 'Water boils at 90 degrees Celsius at sea level.',
        marks: 1,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'It boils at 100 degrees Celsius at sea level.',
        options: [
          { text: 'True', isCorrect: false },
          { text: 'False', isCorrect: true },
        ],
      },
      {
        questionType: 'SHORT_ANSWER',
        questionText: 'The capital of Norway is \\_\\_\\_\\_\\_.',
        marks: 2,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'Oslo has been the capital since 1814.',
        sampleAnswer: 'Oslo is the capital',
        keywords: ['Oslo', 'oslo'],
      },
    ]);
    expect(data.incomplete).toEqual([
      {
        question: 3,
        title: 'Climate',
        draft: expect.objectContaining({
          questionType: 'LONG_ANSWER',
          questionText: 'Describe how the Gulf Stream shapes the climate of Norway.',
        }),
        errors: {
          explanation: 'Explanation is required',
          modelAnswer: 'Model answer is required',
          keywords: 'At least one keyword is required',
        },
      },
      {
        question: 4,
        title: 'Nordic capitals',
        // Its correct response alone scores it: all or nothing.
        draft: {
          questionType: 'MULTI_SELECT',
          questionText: 'Which are Nordic capitals?',
          marks: 2,
          order: 4,
          difficulty: 'MEDIUM',
          explanation: '',
          options: [
            { text: 'Oslo', isCorrect: true },
            { text: 'Helsinki', isCorrect: true },
            { text: 'Berlin', isCorrect: false },
          ],
          scoring: 'ALL_OR_NOTHING',
        },
        errors: { explanation: 'Explanation is required' },
      },
    ]);
    expect(data.warnings).toEqual([
      // An order without its right order.
      {
        question: 5,
        title: 'Order the rivers',
        message: MESSAGES.noCorrectAnswer,
        skipped: true,
      },
      { question: 6, title: 'Area of a circle', message: MESSAGES.mathMlOnly, skipped: true },
    ]);
  });

  it("reads a content package in its manifest's order, with LOM difficulty and keywords", () => {
    const data = parseQti(zippedFixture('qti-package'));
    expect(data.warnings).toEqual([]);
    expect(data.questions).toEqual([
      {
        questionType: 'MCQ',
        questionText: 'Which is the largest ocean on Earth?',
        marks: 3,
        order: 1,
        difficulty: 'EASY',
        explanation: 'The Pacific covers about a third of the planet.',
        options: [
          { text: 'Atlantic', isCorrect: false },
          { text: 'Pacific', isCorrect: true },
          { text: 'Indian', isCorrect: false },
        ],
      },
      {
        questionType: 'LONG_ANSWER',
        questionText: 'Explain the thermohaline circulation.',
        marks: 10,
        order: 2,
        difficulty: 'HARD',
        explanation: 'Differences in temperature and salinity drive deep currents.',
        modelAnswer:
          'Cold, salty water sinks near the poles and spreads along the ocean floor, while warm surface water flows poleward to replace it, moving heat around the globe.',
        minWordCount: 150,
        maxWordCount: 500,
        keywords: ['currents', 'salinity'],
      },
    ]);
  });

  it('reads formatted text as Markdown', () => {
    const item = `<qti-assessment-item identifier="f" title="Formatted">
      <qti-response-declaration identifier="R" cardinality="single" base-type="identifier">
        <qti-correct-response><qti-value>A</qti-value></qti-correct-response>
      </qti-response-declaration>
      <qti-item-body>
        <p>Which ocean is the <strong>largest</strong>?<br/>Choose one.</p>
        <qti-choice-interaction response-identifier="R" max-choices="1">
          <qti-simple-choice identifier="A">Pacific</qti-simple-choice>
          <qti-simple-choice identifier="B">Arctic</qti-simple-choice>
        </qti-choice-interaction>
      </qti-item-body>
    </qti-assessment-item>`;
    const data = parseQti(item);
    expect(data.incomplete[0]?.draft.questionText).toBe(
      'Which ocean is the **largest**?\nChoose one.',
    );
    expect(data.warnings).toEqual([]);
  });

  it('gives back questions that read the same from a package it wrote', () => {
    const data = parseQti(writeQtiPackage(trickyExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(trickyExam)));
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('writes a manifest, a test with a section per exam section, and an item per question', () => {
    const files = unzipSync(writeQtiPackage(trickyExam));
    expect(Object.keys(files).sort()).toEqual([
      'imsmanifest.xml',
      'items/item-1-1.xml',
      'items/item-1-2.xml',
      'items/item-2-1.xml',
      'items/item-3-1.xml',
      'items/item-3-2.xml',
      'items/item-4-1.xml',
      'items/item-5-1.xml',
      'items/item-5-2.xml',
      'items/item-6-1.xml',
      'items/item-6-2.xml',
      'tests/test.xml',
    ]);
    const test = strFromU8(files['tests/test.xml'] as Uint8Array);
    expect(test).toContain('<qti-assessment-section identifier="section-2" title="True or false"');
    const item = strFromU8(files['items/item-1-1.xml'] as Uint8Array);
    expect(item).toContain('<qti-value>choice-2</qti-value>');
    expect(item).toContain('xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"');
  });

  it('writes a multiple select as a multiple response, and a numerical as a float text entry', () => {
    const files = unzipSync(writeQtiPackage(trickyExam));
    const partial = strFromU8(files['items/item-5-1.xml'] as Uint8Array);
    expect(partial).toContain('cardinality="multiple" base-type="identifier"');
    expect(partial).toContain('max-choices="4"');
    expect(partial).toContain('<qti-map-entry map-key="choice-2" mapped-value="-1">');
    expect(partial).toContain('rptemplates/map_response.xml');
    const whole = strFromU8(files['items/item-5-2.xml'] as Uint8Array);
    expect(whole).not.toContain('qti-mapping');
    expect(whole).toContain('rptemplates/match_correct.xml');
    const numerical = strFromU8(files['items/item-6-1.xml'] as Uint8Array);
    expect(numerical).toContain('cardinality="single" base-type="float"');
    expect(numerical).toContain('<qti-equal tolerance-mode="absolute" tolerance="0.0005">');
    expect(numerical).toContain('<qti-equal tolerance-mode="exact">');
  });

  it('gives back a percent tolerance as QTI writes it: relative', () => {
    const text = strFromU8(
      unzipSync(writeQtiPackage(percentExam))['items/item-1-1.xml'] as Uint8Array,
    );
    expect(text).toContain('<qti-equal tolerance-mode="relative" tolerance="2">');
    const data = parseQti(writeQtiPackage(percentExam));
    expect(data.questions).toEqual(questionsInFileOrder(percentExam));
    expect(data.warnings).toEqual([]);
  });

  it("reads another tool's numerical item and partly credited multiple response", () => {
    const data = parseQti(fixture('qti-numerical-items.xml'));
    expect(data.questions).toEqual([
      {
        questionType: 'NUMERICAL',
        questionText: 'A 1 kΩ resistor is across 12 V. What current flows, in amperes?',
        marks: 4,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'By Ohm’s law the current is 12 V over 1000 Ω.',
        numericAnswers: [
          { value: 0.012, tolerance: 2, toleranceType: 'PERCENT', fraction: 1 },
          { value: 12, tolerance: 0.5, toleranceType: 'ABSOLUTE', fraction: 0.25 },
        ],
        units: [],
        unitPenalty: DEFAULT_UNIT_PENALTY,
      },
      {
        questionType: 'NUMERICAL',
        questionText: 'How many bits make a byte? \\_\\_\\_\\_\\_',
        marks: 1,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'A byte is eight bits on every machine in use.',
        numericAnswers: [{ value: 8, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
        units: [],
        unitPenalty: DEFAULT_UNIT_PENALTY,
      },
      {
        questionType: 'MULTI_SELECT',
        questionText: 'Which of these are prime numbers?',
        marks: 2,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'Two and three have no divisors but one and themselves.',
        options: [
          { text: '2', isCorrect: true },
          { text: '3', isCorrect: true },
          { text: '4', isCorrect: false },
        ],
        scoring: 'PARTIAL',
      },
    ]);
    expect(data.warnings).toEqual([
      { question: 1, title: 'Current', message: MESSAGES.unevenTolerance, skipped: false },
    ]);
  });

  it('reads a numerical item whose tolerance or units are garbage without failing', () => {
    const item = (equal: string, units: string) => `<qti-assessment-item identifier="n" title="N">
      <qti-response-declaration identifier="R" cardinality="single" base-type="float"/>
      <qti-item-body><p>How many volts are there?</p>
        <p><qti-text-entry-interaction response-identifier="R" data-units="${units}"/></p>
      </qti-item-body>
      <qti-response-processing><qti-response-condition><qti-response-if>
        ${equal}<qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value>
      </qti-response-if></qti-response-condition></qti-response-processing>
    </qti-assessment-item>`;
    const many = Array.from({ length: 200_000 }, () => '1').join(' ');
    const data = parseQti(
      `<items>${item(
        `<qti-equal tolerance-mode="absolute" tolerance="${many}"><qti-base-value base-type="float">12</qti-base-value><qti-variable identifier="R"/></qti-equal>`,
        '{&quot;units&quot;:5}',
      )}${item('<qti-equal><qti-base-value base-type="float">twelve</qti-base-value></qti-equal>', '')}</items>`,
    );
    expect(data.incomplete.map((question) => question.draft.numericAnswers)).toEqual([
      [{ value: 12, tolerance: 1, toleranceType: 'ABSOLUTE', fraction: 1 }],
    ]);
    expect(data.warnings).toEqual([
      { question: 1, title: 'N', message: MESSAGES.unitsUnreadable, skipped: false },
      { question: 2, title: 'N', message: MESSAGES.noCorrectAnswer, skipped: true },
    ]);
  });

  it("reads another tool's match, order and text with several entries", () => {
    const data = parseQti(fixture('qti-parts-items.xml'));
    expect(data.questions).toEqual([
      {
        questionType: 'MATCHING',
        questionText: 'Match each country with its capital.',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Oslo and Stockholm are the capitals.',
        pairs: [
          { prompt: 'Norway', match: 'Oslo' },
          { prompt: 'Sweden', match: 'Stockholm' },
        ],
        distractors: ['Bergen'],
      },
      {
        questionType: 'ORDERING',
        questionText: 'Order these rivers from the longest.',
        marks: 2,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'The Nile is the longest, the Thames the shortest.',
        items: ['Nile', 'Danube', 'Thames'],
        scoring: 'ALL_OR_NOTHING',
      },
      {
        questionType: 'FILL_IN_BLANKS',
        questionText:
          'By the law of [[1]], halving the volume of a gas at 100 kPa raises its pressure to [[2]] kPa.',
        marks: 2,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'Pressure times volume stays the same at a fixed temperature.',
        blanks: [
          { accepted: ['Boyle', "Boyle's law"], caseSensitive: false, tolerance: null },
          // 5% of 200 either side.
          { accepted: ['200'], caseSensitive: false, tolerance: 10 },
        ],
      },
    ]);
    // Scored all or nothing, where the exam scores each pair.
    expect(data.warnings).toEqual([
      { question: 1, title: 'Capitals', message: MESSAGES.pairScoringReplaced, skipped: false },
    ]);
  });

  it('gives back matching, ordering and fill-in-the-blanks questions from a package it wrote', () => {
    const data = parseQti(writeQtiPackage(partsExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(partsExam)));
    expect(data.questions[0]).toMatchObject({ blanks: blanksOfParts });
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('writes blanks as text entries scored a share each, pairs as a mapping, the order by place', () => {
    const files = unzipSync(writeQtiPackage(partsExam));
    const blanks = strFromU8(files['items/item-1-1.xml'] as Uint8Array);
    expect(blanks).toContain(
      '<p>Water is <qti-text-entry-interaction response-identifier="BLANK-1" data-blank="1"/>, and',
    );
    expect(blanks).toContain(
      '<qti-map-entry map-key="H2O" mapped-value="1" case-sensitive="true">',
    );
    expect(blanks).toContain('<qti-map-response identifier="BLANK-3">');
    expect(blanks).toContain('<qti-equal tolerance-mode="absolute" tolerance="0.1">');
    expect(blanks).toContain('<qti-base-value base-type="float">3.30</qti-base-value>');
    const pairs = strFromU8(files['items/item-2-1.xml'] as Uint8Array);
    expect(pairs).toContain('cardinality="multiple" base-type="directedPair"');
    expect(pairs).toContain(
      '<qti-map-entry map-key="prompt-2 match-2" mapped-value="0.666666666667">',
    );
    expect(pairs).toContain(
      '<qti-simple-associable-choice identifier="match-4" match-max="1"><p>So</p>',
    );
    expect(pairs).toContain('shuffle="true"');
    const byPlace = strFromU8(files['items/item-3-1.xml'] as Uint8Array);
    expect(byPlace).toContain('cardinality="ordered" base-type="identifier"');
    expect(byPlace).toContain('<qti-index n="3">');
    const whole = strFromU8(files['items/item-3-2.xml'] as Uint8Array);
    expect(whole).not.toContain('qti-index');
    expect(whole).toContain('rptemplates/match_correct.xml');
    // XML has no attribute without a value.
    expect(strFromU8(files['tests/test.xml'] as Uint8Array)).toContain('visible="true"');
  });

  it('notes an order scored by rules of its own, and a prompt without a match', () => {
    const item = (processing: string) => `<qti-assessment-item identifier="o" title="O">
      <qti-response-declaration identifier="R" cardinality="ordered" base-type="identifier">
        <qti-correct-response><qti-value>A</qti-value><qti-value>B</qti-value></qti-correct-response>
      </qti-response-declaration>
      <qti-item-body><qti-order-interaction response-identifier="R"><qti-prompt>Order these two letters.</qti-prompt>
        <qti-simple-choice identifier="B">b</qti-simple-choice><qti-simple-choice identifier="A">a</qti-simple-choice>
      </qti-order-interaction></qti-item-body>
      ${processing}
    </qti-assessment-item>`;
    const match = `<qti-assessment-item identifier="m" title="M">
      <qti-response-declaration identifier="R" cardinality="multiple" base-type="directedPair">
        <qti-correct-response><qti-value>P Q</qti-value><qti-value>X Y</qti-value></qti-correct-response>
        <qti-mapping default-value="0"><qti-map-entry map-key="P Q" mapped-value="1"/><qti-map-entry map-key="X Y" mapped-value="1"/></qti-mapping>
      </qti-response-declaration>
      <qti-item-body><qti-match-interaction response-identifier="R" max-associations="3"><qti-prompt>Match the letters.</qti-prompt>
        <qti-simple-match-set><qti-simple-associable-choice identifier="P" match-max="1">p</qti-simple-associable-choice>
          <qti-simple-associable-choice identifier="X" match-max="1">x</qti-simple-associable-choice>
          <qti-simple-associable-choice identifier="Z" match-max="1">z</qti-simple-associable-choice></qti-simple-match-set>
        <qti-simple-match-set><qti-simple-associable-choice identifier="Q" match-max="1">q</qti-simple-associable-choice>
          <qti-simple-associable-choice identifier="Y" match-max="1">y</qti-simple-associable-choice></qti-simple-match-set>
      </qti-match-interaction></qti-item-body>
      <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>
    </qti-assessment-item>`;
    const data = parseQti(
      `<items>${item('<qti-response-processing><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value></qti-response-processing>')}${item('')}${match}</items>`,
    );
    expect(data.incomplete.map((question) => question.draft)).toMatchObject([
      { items: ['a', 'b'], scoring: 'PARTIAL' },
      { items: ['a', 'b'], scoring: 'ALL_OR_NOTHING' },
      {
        pairs: [
          { prompt: 'p', match: 'q' },
          { prompt: 'x', match: 'y' },
        ],
        distractors: [],
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'O',
        message: MESSAGES.orderScoringReplaced('of the file'),
        skipped: false,
      },
      { question: 3, title: 'M', message: MESSAGES.promptWithoutMatch, skipped: false },
    ]);
  });

  it('reads upload interactions as file upload questions, a file for each interaction', () => {
    const data = parseQti(fixture('qti-upload-items.xml'));
    expect(data.questions).toEqual([
      {
        questionType: 'FILE_UPLOAD',
        questionText:
          'Prove that the sum of the first n odd numbers is n squared. Upload your proof as a PDF.',
        marks: 6,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Check the base case n = 1, then add the next odd number 2n + 1.',
        fileTypes: ['PDF'],
        maxFiles: 1,
        maxFileMb: 10,
      },
      {
        // One interaction takes any file: the question takes both kinds.
        questionType: 'FILE_UPLOAD',
        questionText: 'Sketch y = x², y = x³ and y = 1/x, one sketch a file.',
        marks: 3,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'Mark the intercepts and the asymptotes.',
        fileTypes: ['PDF', 'IMAGE'],
        maxFiles: 3,
        maxFileMb: 10,
      },
      {
        questionType: 'FILE_UPLOAD',
        questionText: 'Photograph each of the six stages of the titration.',
        marks: 5,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'The colour changes at the end point.',
        fileTypes: ['IMAGE'],
        maxFiles: 5,
        maxFileMb: 10,
      },
    ]);
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([
      { question: 3, title: 'Lab photos', message: MESSAGES.filesCapped(6), skipped: false },
      {
        question: 4,
        title: 'Lab report',
        message: MESSAGES.fileTypesNotTaken(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ),
        skipped: true,
      },
      {
        question: 5,
        title: 'Explain and upload',
        message: MESSAGES.unsupportedType('extended-text + upload'),
        skipped: true,
      },
    ]);
  });

  it('gives back file upload questions from a package it wrote', () => {
    const data = parseQti(writeQtiPackage(uploadsExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(uploadsExam)));
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('writes a file upload question as upload interactions of base type file, marked by a person', () => {
    const files = unzipSync(writeQtiPackage(uploadsExam));
    const item = (name: string) => strFromU8(files[`items/${name}.xml`] as Uint8Array);
    const pdf = item('item-1-1');
    expect(pdf).toContain(
      '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="file">',
    );
    expect(pdf).toContain(
      '<qti-upload-interaction response-identifier="RESPONSE" type="application/pdf" data-file-types="PDF" data-max-file-mb="10">',
    );
    expect(pdf).toContain(
      '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float" external-scored="human">',
    );
    // Nothing scores it automatically.
    expect(pdf).not.toContain('qti-response-processing');
    const several = item('item-1-2');
    for (const identifier of ['RESPONSE-1', 'RESPONSE-2', 'RESPONSE-3']) {
      expect(several).toContain(
        `<qti-response-declaration identifier="${identifier}" cardinality="single" base-type="file">`,
      );
      // No one MIME type names both kinds: the interaction takes any file for other readers.
      expect(several).toContain(
        `<qti-upload-interaction response-identifier="${identifier}" data-file-types="PDF IMAGE" data-max-file-mb="20">`,
      );
    }
    expect(several).not.toContain('RESPONSE-4');
  });

  it('refuses a test whose items are in other files, a package without a manifest, other files', () => {
    const test =
      '<qti-assessment-test identifier="t" title="T"><qti-test-part identifier="p" navigation-mode="linear" submission-mode="individual"><qti-assessment-section identifier="s" title="S" visible="true"><qti-assessment-item-ref identifier="i" href="i.xml"/></qti-assessment-section></qti-test-part></qti-assessment-test>';
    expect(() => parseQti(test)).toThrow(MESSAGES.qtiTestWithoutItems);
    expect(() => parseQti(zipSync({ 'item.xml': strToU8('<x/>') }))).toThrow(
      MESSAGES.wrongFormat('qti'),
    );
    expect(() => parseQti(fixture('moodle-export.xml'))).toThrow(MESSAGES.wrongFormat('qti'));
    expect(() => parseQti('::Q::Is it?{T}')).toThrow(MESSAGES.wrongFormat('qti'));
    expect(() => parseQti(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toThrow(
      MESSAGES.unreadable,
    );
  });

  it('refuses a package that would unpack to more than 50 MB', () => {
    const bomb = zipSync({
      'imsmanifest.xml': strToU8('<manifest/>'),
      'padding.xml': new Uint8Array(51 * 1024 * 1024),
    });
    expect(() => parseQti(bomb)).toThrow(MESSAGES.unpackedTooLarge);
  });
});
