import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { writeMoodleXml } from './moodle-xml';
import { parseQuestionFile } from './question-interchange.service';
import { asRendered, fixture, questionsInFileOrder, trickyExam } from './test-support';

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
        order: 5,
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
        order: 6,
        difficulty: 'MEDIUM',
        explanation: 'Two addresses are the network and the broadcast.',
        options: [
          { text: '254', isCorrect: true },
          { text: '256', isCorrect: false },
        ],
      },
    ]);
    expect(data.warnings).toEqual([
      {
        question: 2,
        title: 'UDP delivery',
        message: MESSAGES.answerFeedbackDropped,
        skipped: false,
      },
      { question: 5, title: 'Ports', message: MESSAGES.unsupportedType('match'), skipped: true },
      {
        question: 6,
        title: 'Routing protocols',
        message: MESSAGES.multipleCorrect,
        skipped: true,
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
