import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { writeMoodleXml } from './moodle-xml';
import { parseQuestionFile } from './question-interchange.service';
import {
  asRendered,
  blanksOfParts,
  fixture,
  partsExam,
  percentAsAbsolute,
  percentExam,
  questionsInFileOrder,
  trickyExam,
  uploadsExam,
} from './test-support';

const parseXml = (text: string) => parseQuestionFile('moodle-xml', Buffer.from(text)).data;

describe('Moodle XML', () => {
  it('maps a file as Moodle exports it, passing over its category', () => {
    const data = parseQuestionFile('moodle-xml', fixture('moodle-export.xml')).data;
    expect(data.questions).toEqual([
      {
        questionType: 'MCQ',
        questionText: 'How many layers does the **OSI** model have?',
        marks: 2,
        order: 1,
        difficulty: 'HARD',
        explanation:
          'Physical, data link, network, transport, session, presentation & application.',
        options: [
          { text: 'Five', isCorrect: false },
          { text: 'Seven', isCorrect: true },
          { text: 'Nine', isCorrect: false },
        ],
      },
      {
        questionType: 'TRUE_FALSE',
        questionText: 'UDP guarantees that datagrams arrive in order.',
        marks: 1,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'UDP guarantees neither delivery nor order; TCP does both.',
        options: [
          { text: 'True', isCorrect: false },
          { text: 'False', isCorrect: true },
        ],
      },
      {
        questionType: 'SHORT_ANSWER',
        questionText: 'Which IPv4 address is the loopback address?',
        marks: 2,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: '127\\.0.0.1, in the 127.0.0.0/8 block reserved for loopback.',
        sampleAnswer: '127\\.0.0.1 (localhost)',
        keywords: ['127.0.0.1'],
      },
      {
        questionType: 'LONG_ANSWER',
        questionText: 'Explain the TCP three-way handshake.',
        marks: 5,
        order: 4,
        difficulty: 'MEDIUM',
        explanation: 'See chapter 3 of the course notes.',
        modelAnswer:
          "The client sends SYN, the server answers SYN-ACK, and the client confirms with ACK; both sides then know each other's initial sequence numbers.",
        minWordCount: 100,
        maxWordCount: 400,
        keywords: ['tcp', 'handshake'],
      },
      {
        questionType: 'MCQ',
        questionText: expect.stringMatching(
          /^Which topology is shown\? !\[diagram\]\(media:[0-9a-f]{64}\)$/,
        ),
        marks: 1,
        order: 7,
        difficulty: 'MEDIUM',
        explanation: 'Every node connects to one central switch.',
        options: [
          { text: 'Star', isCorrect: true },
          { text: 'Ring', isCorrect: false },
        ],
      },
      {
        questionType: 'MCQ',
        questionText: 'How many hosts does a /24 network hold? Use $2^{8} - 2$.',
        marks: 1,
        order: 8,
        difficulty: 'MEDIUM',
        explanation: 'Two addresses are the network and the broadcast.',
        options: [
          { text: '254', isCorrect: true },
          { text: '256', isCorrect: false },
        ],
      },
    ]);
    expect(data.incomplete).toEqual([
      {
        question: 5,
        title: 'Ports',
        draft: {
          questionType: 'MATCHING',
          questionText: 'Match each protocol with its port.',
          marks: 1,
          order: 5,
          difficulty: 'MEDIUM',
          explanation: '',
          pairs: [
            { prompt: 'HTTP', match: '80' },
            { prompt: 'HTTPS', match: '443' },
          ],
          distractors: [],
        },
        errors: { explanation: 'Explanation is required' },
      },
      {
        question: 6,
        title: 'Routing protocols',
        draft: {
          questionType: 'MULTI_SELECT',
          questionText: 'Which of these are routing protocols?',
          marks: 1,
          order: 6,
          difficulty: 'MEDIUM',
          explanation: '',
          options: [
            { text: 'OSPF', isCorrect: true },
            { text: 'BGP', isCorrect: true },
            { text: 'HTTP', isCorrect: false },
          ],
          scoring: 'PARTIAL',
        },
        errors: { explanation: 'Explanation is required' },
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 2,
        title: 'UDP delivery',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      {
        question: 6,
        title: 'Routing protocols',
        message: MESSAGES.choiceWeightsReplaced,
        skipped: false,
      },
      { question: 9, title: 'DNS port', message: MESSAGES.partialCredit, skipped: true },
    ]);
  });

  it('gives back questions that read the same from a file it wrote', () => {
    const data = parseXml(writeMoodleXml(trickyExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(trickyExam)));
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('maps numerical questions with units and a multiple answer question as Moodle exports them', () => {
    const data = parseQuestionFile('moodle-xml', fixture('moodle-numerical.xml')).data;
    expect(data.questions).toEqual([
      {
        questionType: 'NUMERICAL',
        questionText: 'A 1 kΩ resistor is across 12 V. What current flows through it?',
        marks: 2,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: "By Ohm's law, I = V / R = 12 / 1000 = 0.012 A.",
        numericAnswers: [
          { value: 0.012, tolerance: 0.0002, toleranceType: 'ABSOLUTE', fraction: 1 },
          { value: 12, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 0.5 },
        ],
        // Moodle's multiplier 1000 is how many mA make an ampere.
        units: [
          { unit: 'A', factor: 1 },
          { unit: 'mA', factor: 0.001 },
        ],
        unitPenalty: 0.2,
      },
      {
        questionType: 'NUMERICAL',
        questionText: 'What is the speed of light in vacuum, in metres per second?',
        marks: 1,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'It is exactly 299 792 458 m/s, by the definition of the metre.',
        numericAnswers: [
          { value: 300000000, tolerance: 1000000, toleranceType: 'ABSOLUTE', fraction: 1 },
        ],
        // Units not used at all: the number alone is graded.
        units: [],
        unitPenalty: 0.1,
      },
      {
        questionType: 'NUMERICAL',
        questionText: 'What resistance draws 2 A from 10 V?',
        marks: 1,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'R = V / I = 10 / 2 = 5 Ω.',
        numericAnswers: [{ value: 5, tolerance: 0, toleranceType: 'ABSOLUTE', fraction: 1 }],
        // Optional units convert the answer and cost nothing when left out.
        units: [
          { unit: 'Ω', factor: 1 },
          { unit: 'kΩ', factor: 1000 },
        ],
        unitPenalty: 0,
      },
      {
        questionType: 'MULTI_SELECT',
        questionText: 'Which of these components are passive?',
        marks: 3,
        order: 4,
        difficulty: 'MEDIUM',
        explanation: 'A transistor needs power to amplify: it is active.',
        options: [
          { text: 'Resistor', isCorrect: true },
          { text: 'Capacitor', isCorrect: true },
          { text: 'Inductor', isCorrect: true },
          { text: 'Transistor', isCorrect: false },
        ],
        scoring: 'PARTIAL',
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'Current through a resistor',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      {
        question: 1,
        title: 'Current through a resistor',
        message: MESSAGES.unitPenaltyOfAnswer,
        skipped: false,
      },
    ]);
  });

  it('writes a percent tolerance as the same share of the value either side', () => {
    const text = writeMoodleXml(percentExam);
    expect(text).toContain('<tolerance>0.00024</tolerance>');
    expect(parseXml(text).questions).toMatchObject([{ numericAnswers: percentAsAbsolute }]);
  });

  it('writes a multiple select as a multiple answer question and units as Moodle multipliers', () => {
    const text = writeMoodleXml(trickyExam);
    expect(text).toContain('<single>false</single>');
    expect(text).toContain('<answer fraction="-33.33333" format="html">');
    expect(text).toContain('<text>scoring-all-or-nothing</text>');
    expect(text).toContain('<multiplier>1000000</multiplier>\n        <unit_name>µA</unit_name>');
    expect(text).toContain(
      '<unitgradingtype>1</unitgradingtype>\n    <unitpenalty>0.25</unitpenalty>',
    );
  });

  it('skips a numerical question whose answer or unit is not a number or too large, and leaves out any number', () => {
    const numerical = (answers: string, units = '') =>
      `<question type="numerical"><name><text>N</text></name>
        <questiontext format="plain_text"><text>How many are there?</text></questiontext>
        <generalfeedback format="plain_text"><text>As many as there are.</text></generalfeedback>
        ${answers}<unitgradingtype>1</unitgradingtype><units>${units}</units></question>`;
    const data = parseXml(`<quiz>
      ${numerical('<answer fraction="100"><text>twelve</text><tolerance>1</tolerance></answer>')}
      ${numerical('<answer fraction="100"><text>12</text></answer>', '<unit><multiplier>0</multiplier><unit_name>dozen</unit_name></unit>')}
      ${numerical('<answer fraction="100"><text>12</text><tolerance>-1</tolerance></answer><answer fraction="50"><text>*</text></answer>')}
      ${numerical('<answer fraction="full"><text>1e999</text></answer>')}
    </quiz>`);
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'N',
        message: MESSAGES.unreadableQuestion('the answer twelve is not a number'),
        skipped: true,
      },
      {
        question: 2,
        title: 'N',
        message: MESSAGES.unreadableQuestion('the unit dozen has no multiplier'),
        skipped: true,
      },
      { question: 3, title: 'N', message: MESSAGES.anyNumberDropped, skipped: false },
      {
        question: 4,
        title: 'N',
        message: MESSAGES.unreadableQuestion('the answer 1e999 is not a number'),
        skipped: true,
      },
    ]);
    expect(data.questions).toMatchObject([
      { numericAnswers: [{ value: 12, tolerance: 1, toleranceType: 'ABSOLUTE', fraction: 1 }] },
    ]);
  });

  it('writes the marks as the default grade and the model answer as information for graders', () => {
    const text = writeMoodleXml(trickyExam);
    expect(text).toContain('<defaultgrade>10</defaultgrade>');
    expect(text).toContain('<minwordlimit>120</minwordlimit>');
    expect(text).toContain('<graderinfo format="html">');
    expect(text).toContain('&lt;p&gt;&amp;lt;never&amp;gt; &amp;amp; {always}&lt;/p&gt;');
  });

  it('reads character references, and those that name no character as the replacement character', () => {
    const data = parseXml(`<quiz><question type="truefalse">
      <questiontext format="html"><text><![CDATA[<p>Is &#x110000; &#0; &#xD800; &#233;t&eacute; &#x263A; text?</p>]]></text></questiontext>
      <generalfeedback format="plain_text"><text>It is text all the way, caf&#233; &#x263A; &#0;.</text></generalfeedback>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
    </question></quiz>`);
    expect(data.questions[0]?.questionText).toBe('Is \uFFFD \uFFFD \uFFFD été ☺ text?');
    expect(data.questions[0]?.explanation).toBe('It is text all the way, café ☺ .');
  });

  it('reads an image written into the HTML as a data URL as one of the file', () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWMwTjsDRww4OQA/XBC9rAe9TAAAAABJRU5ErkJggg==';
    const read = parseQuestionFile(
      'moodle-xml',
      Buffer.from(`<quiz><question type="truefalse">
      <questiontext format="html"><text><![CDATA[<p>Is this square blue? <img src="data:image/png;base64,${png}"></p>]]></text></questiontext>
      <generalfeedback format="plain_text"><text>It is blue, as the picture shows.</text></generalfeedback>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer>
    </question></quiz>`),
    );
    const [image] = read.images;
    expect(Buffer.from(image?.bytes ?? []).toString('base64')).toBe(png);
    expect(read.data.questions[0]?.questionText).toBe(
      `Is this square blue? ![pasted image](media:${image?.id})`,
    );
    expect(read.data.warnings).toEqual([
      { question: 1, message: MESSAGES.undescribedImage('pasted image'), skipped: false },
    ]);
  });

  it('maps matching, ordering, select missing words and Cloze questions as Moodle exports them', () => {
    const data = parseQuestionFile('moodle-xml', fixture('moodle-parts.xml')).data;
    expect(data.questions).toEqual([
      {
        questionType: 'MATCHING',
        questionText: 'Match each element with its **symbol**.',
        marks: 3,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Symbols come from the Latin names of the elements.',
        pairs: [
          { prompt: 'Sodium', match: 'Na' },
          { prompt: 'Iron', match: 'Fe' },
        ],
        distractors: ['So'],
      },
      {
        questionType: 'ORDERING',
        questionText: 'Order these elements by atomic number, lowest first.',
        marks: 2,
        order: 2,
        difficulty: 'MEDIUM',
        explanation: 'Hydrogen has one proton, helium two, lithium three.',
        items: ['Hydrogen', 'Helium', 'Lithium', 'Beryllium'],
        scoring: 'PARTIAL',
      },
      {
        questionType: 'ORDERING',
        questionText: 'Order the halogens down the group.',
        marks: 1,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'Fluorine heads group 17, iodine is below bromine.',
        items: ['Fluorine', 'Chlorine', 'Bromine'],
        scoring: 'ALL_OR_NOTHING',
      },
      {
        questionType: 'FILL_IN_BLANKS',
        questionText: 'The lightest noble gas is [[1]] and the most common in air is [[2]].',
        marks: 2,
        order: 4,
        difficulty: 'MEDIUM',
        explanation: 'Helium is lightest; argon is about one percent of air.',
        blanks: [
          { accepted: ['helium'], caseSensitive: false, tolerance: null },
          { accepted: ['argon'], caseSensitive: false, tolerance: null },
        ],
      },
      {
        questionType: 'FILL_IN_BLANKS',
        questionText:
          'Water is [[1]], and a 3.3 kΩ resistor at 1 mA drops [[2]] volts; it is called [[3]].',
        marks: 2,
        order: 5,
        difficulty: 'MEDIUM',
        explanation: 'V = I × R gives 3.3 volts.',
        blanks: [
          { accepted: ['H2O', 'H₂O'], caseSensitive: true, tolerance: null },
          { accepted: ['3.3', '3.30'], caseSensitive: false, tolerance: 0.1 },
          { accepted: ["Ohm's law", 'ohm'], caseSensitive: false, tolerance: null },
        ],
      },
    ]);
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([
      {
        question: 2,
        title: 'Atomic numbers',
        message: MESSAGES.orderScoringReplaced('RELATIVE_NEXT_EXCLUDE_LAST'),
        skipped: false,
      },
      {
        question: 2,
        title: 'Atomic numbers',
        message: MESSAGES.orderSubsetShown(3),
        skipped: false,
      },
      {
        question: 4,
        title: 'Noble gases',
        message: MESSAGES.blankChoicesDropped,
        skipped: false,
      },
      {
        question: 5,
        title: 'Water and a resistor',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      {
        question: 5,
        title: 'Water and a resistor',
        message: MESSAGES.blankToleranceWidest,
        skipped: false,
      },
      {
        question: 5,
        title: 'Water and a resistor',
        message: MESSAGES.blankWeightsReplaced,
        skipped: false,
      },
      {
        question: 6,
        title: 'Choices in the text',
        message: MESSAGES.choiceInText,
        skipped: true,
      },
      { question: 7, title: 'Half marks', message: MESSAGES.partialCredit, skipped: true },
    ]);
  });

  it('gives back matching, ordering and fill-in-the-blanks questions from a file it wrote', () => {
    const data = parseXml(writeMoodleXml(partsExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(partsExam)));
    // Blanks and matches are plain text both ways: they come back as they were.
    expect(data.questions[0]).toMatchObject({ blanks: blanksOfParts });
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('writes blanks as Cloze, matches as subquestions and the order with its grading type', () => {
    const text = writeMoodleXml(partsExam);
    expect(text).toContain('<question type="cloze">');
    expect(text).toContain('Water is {1:SHORTANSWER_C:=H2O~=H₂O}');
    expect(text).toContain('drops {1:NUMERICAL:=3.3:0.1~=3.30:0.1} volts');
    // Cloze's own escapes, inside HTML inside XML.
    expect(text).toContain(
      'write {1:SHORTANSWER:=a \\~ b = {c\\} \\#1 \\/ \\&quot;d\\&quot;} as given.',
    );
    expect(text).toContain('<question type="matching">');
    expect(text).toContain(
      '<subquestion format="html">\n      <text></text>\n      <answer>\n        <text>So</text>',
    );
    expect(text).toContain('<gradingtype>LONGEST_ORDERED_SUBSET</gradingtype>');
    expect(text).toContain('<gradingtype>ALL_OR_NOTHING</gradingtype>');
    expect(text).toContain('<answer fraction="2" format="html">\n      <text>&lt;p&gt;Helium');
  });

  it('reads an ordering question without a grading type as Moodle does: the next item after each', () => {
    const data = parseXml(`<quiz><question type="ordering"><name><text>Old</text></name>
      <questiontext format="html"><text>Order these numbers, smallest first.</text></questiontext>
      <answer fraction="1"><text>1</text></answer><answer fraction="2"><text>2</text></answer>
    </question></quiz>`);
    expect(data.incomplete[0]?.draft).toMatchObject({ items: ['1', '2'], scoring: 'PARTIAL' });
    expect(data.warnings).toEqual([
      {
        question: 1,
        title: 'Old',
        message: MESSAGES.orderScoringReplaced('RELATIVE'),
        skipped: false,
      },
    ]);
  });

  it('says what a Cloze or gap question held that a blank cannot', () => {
    const question = (title: string, type: string, text: string, more = '') =>
      `<question type="${type}"><name><text>${title}</text></name><questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>${more}</question>`;
    const data = parseXml(
      `<quiz>${[
        question('Any', 'cloze', '<p>Name a noble gas: {1:SA:=helium~=*}.</p>'),
        question('Select', 'cloze', '<p>The gas is {1:SELECT:=neon~argon}.</p>'),
        question('None', 'cloze', '<p>A text without a single blank in it.</p>'),
        question(
          'Gap',
          'gapselect',
          '<p>The gas is [[1]] or [[4]].</p>',
          '<selectoption><text>neon</text><group>1</group></selectoption>',
        ),
      ].join('')}</quiz>`,
    );
    expect(data.incomplete.map((item) => item.draft.blanks)).toEqual([
      [{ accepted: ['helium'], caseSensitive: false, tolerance: null }],
    ]);
    expect(data.warnings).toEqual([
      { question: 1, title: 'Any', message: MESSAGES.anyTextDropped, skipped: false },
      {
        question: 2,
        title: 'Select',
        message: MESSAGES.unsupportedType('cloze SELECT'),
        skipped: true,
      },
      { question: 3, title: 'None', message: MESSAGES.noCorrectAnswer, skipped: true },
      {
        question: 4,
        title: 'Gap',
        message: MESSAGES.unreadableQuestion('the gap [[4]] has no choice'),
        skipped: true,
      },
    ]);
  });

  it('maps essays answered with files as file upload questions, and says what they lose', () => {
    const data = parseQuestionFile('moodle-xml', fixture('moodle-essays.xml')).data;
    expect(data.questions).toEqual([
      {
        questionType: 'FILE_UPLOAD',
        questionText:
          'Draw the free body diagram of the block on the slope and upload your working.',
        marks: 5,
        order: 1,
        difficulty: 'MEDIUM',
        explanation: 'Weight, normal reaction and friction act on the block.',
        fileTypes: ['PDF'],
        maxFiles: 2,
        maxFileMb: 5,
      },
      {
        // Any number of attachments, of the image group, within the course's limit.
        questionType: 'FILE_UPLOAD',
        questionText: 'Photograph each step of your projectile calculation.',
        marks: 4,
        order: 2,
        difficulty: 'HARD',
        explanation: 'Split the motion into its horizontal and vertical parts.',
        fileTypes: ['IMAGE'],
        maxFiles: 5,
        maxFileMb: 10,
      },
      {
        // Attachments required beside the text: the files are the answer.
        questionType: 'FILE_UPLOAD',
        questionText:
          'Find the speed at the foot of the ramp. Type your answer and upload your working.',
        marks: 6,
        order: 3,
        difficulty: 'MEDIUM',
        explanation: 'Potential energy at the top becomes kinetic energy at the foot.',
        fileTypes: ['PDF', 'IMAGE'],
        maxFiles: 3,
        maxFileMb: 20,
      },
      {
        // Attachments allowed, not required, beside the text: the text is the answer.
        questionType: 'LONG_ANSWER',
        questionText: "Explain Newton's third law with an example.",
        marks: 5,
        order: 4,
        difficulty: 'MEDIUM',
        explanation: 'Forces come in equal and opposite pairs.',
        modelAnswer:
          'Every action has an equal and opposite reaction: the forces act on different bodies.',
        minWordCount: 50,
        maxWordCount: 300,
        keywords: ['newton'],
      },
    ]);
    expect(data.incomplete).toEqual([]);
    const place = (question: number, title: string) => ({ question, title, skipped: false });
    expect(data.warnings).toEqual([
      { ...place(2, 'Projectile photos'), message: MESSAGES.graderInfoDropped },
      { ...place(2, 'Projectile photos'), message: MESSAGES.filesCapped(null) },
      { ...place(3, 'Energy working'), message: MESSAGES.textBesideFilesDropped },
      { ...place(3, 'Energy working'), message: MESSAGES.fileTypesDropped('.docx') },
      { ...place(3, 'Energy working'), message: MESSAGES.fileSizeCapped(50) },
      { ...place(4, "Newton's third law"), message: MESSAGES.attachmentsDropped },
      {
        question: 5,
        title: 'Recorded explanation',
        message: MESSAGES.fileTypesNotTaken('audio, .mp3'),
        skipped: true,
      },
    ]);
  });

  it("reads an essay's file types as Moodle lists them: MIME types, groups, bare extensions", () => {
    const essay = (types: string, attachments = '1') =>
      `<question type="essay"><name><text>E</text></name>
        <questiontext format="plain_text"><text>Upload your working.</text></questiontext>
        <generalfeedback format="plain_text"><text>Marked by hand.</text></generalfeedback>
        <responseformat>noinline</responseformat><attachments>${attachments}</attachments>
        <attachmentsrequired>1</attachmentsrequired><filetypeslist>${types}</filetypeslist></question>`;
    const data = parseXml(`<quiz>
      ${essay('application/pdf')}
      ${essay('image/png;PDF')}
      ${essay('*', '9')}
      ${essay('document')}
      ${essay('.gif .svg')}
    </quiz>`);
    const upload = { questionType: 'FILE_UPLOAD' };
    expect(data.questions).toMatchObject([
      { ...upload, fileTypes: ['PDF'], maxFiles: 1, maxFileMb: 10 },
      { ...upload, fileTypes: ['PDF', 'IMAGE'] },
      { ...upload, fileTypes: ['PDF', 'IMAGE'], maxFiles: 5 },
      { ...upload, fileTypes: ['PDF'] },
    ]);
    expect(data.warnings).toEqual([
      { question: 3, title: 'E', message: MESSAGES.filesCapped(9), skipped: false },
      {
        question: 4,
        title: 'E',
        message: MESSAGES.fileTypesDropped('.doc, .docx, .epub, .gdoc, .odt, .ott, .oth, .rtf'),
        skipped: false,
      },
      // The exam's images are JPEG, PNG and WebP.
      { question: 5, title: 'E', message: MESSAGES.fileTypesNotTaken('.gif, .svg'), skipped: true },
    ]);
  });

  it('gives back file upload questions from a file it wrote', () => {
    const data = parseXml(writeMoodleXml(uploadsExam));
    expect(asRendered(data.questions)).toEqual(asRendered(questionsInFileOrder(uploadsExam)));
    expect(data.incomplete).toEqual([]);
    expect(data.warnings).toEqual([]);
  });

  it('writes a file upload question as an essay taking attachments alone, at least one', () => {
    const text = writeMoodleXml(uploadsExam);
    expect(text).toContain(
      [
        '<responseformat>noinline</responseformat>',
        '<responserequired>0</responserequired>',
        '<attachments>3</attachments>',
        '<attachmentsrequired>1</attachmentsrequired>',
        '<maxbytes>20971520</maxbytes>',
        '<filetypeslist>.pdf,.jpg,.jpeg,.png,.webp</filetypeslist>',
      ].join('\n    '),
    );
    expect(text).toContain('<filetypeslist>.pdf</filetypeslist>');
    expect(text).toContain('<filetypeslist>.jpg,.jpeg,.png,.webp</filetypeslist>');
  });

  it('refuses XML that is not a quiz, broken XML and a file of another format', () => {
    expect(() => parseXml('<?xml version="1.0"?><manifest/>')).toThrow(
      MESSAGES.wrongFormat('moodle-xml'),
    );
    expect(() => parseXml('<quiz><question type="truefalse"></quiz>')).toThrow(MESSAGES.unreadable);
    expect(() => parseXml('::Q::Is it?{T}')).toThrow(MESSAGES.wrongFormat('moodle-xml'));
    expect(() => parseXml('<quiz><question type="category"/></quiz>')).toThrow(
      MESSAGES.noQuestions,
    );
  });
});
