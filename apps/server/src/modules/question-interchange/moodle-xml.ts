import { QUESTION_INTERCHANGE_MESSAGES as MESSAGES, type Question } from '@examiq/contracts';
import type { ExportedExam } from './exported-exam';
import {
  acceptedAnswersOf,
  draftOf,
  fieldsOfTags,
  holdsMarkup,
  optionsOf,
  QuestionReader,
  type ReadQuestion,
  shortAnswerFields,
  tagsOf,
  trueFalseOptions,
  wrongFormat,
} from './interchange';
import {
  attribute,
  listOf,
  readXml,
  textOf,
  XML_DECLARATION,
  type XmlNode,
  xmlBuilder,
} from './xml';

// --- Reading ----------------------------------------------------------------------------------

/** A Moodle text field (`<questiontext format="html"><text>…</text></questiontext>`) as plain text. */
function readField(reader: QuestionReader, field: unknown): string {
  const node = field as XmlNode | undefined;
  if (listOf(node?.file).length > 0) reader.refuseIf(true, MESSAGES.images);
  const text = textOf(node?.text);
  const format = attribute(node, 'format');
  return reader.text(
    text,
    format === 'html' || (format === 'moodle_auto_format' && holdsMarkup(text)),
  );
}

function wholeNumber(value: unknown): number | undefined {
  const text = textOf(value).trim();
  return text === '' ? undefined : Number(text);
}

function noteAnswerFeedback(reader: QuestionReader, answers: XmlNode[]) {
  if (answers.some((answer) => textOf((answer.feedback as XmlNode | undefined)?.text).trim())) {
    reader.note(MESSAGES.answerFeedbackDropped);
  }
}

function readQuestion(question: XmlNode): ReadQuestion {
  const type = attribute(question, 'type') ?? 'unknown';
  const reader = new QuestionReader(textOf((question.name as XmlNode | undefined)?.text).trim());
  const tagged = fieldsOfTags(
    listOf((question.tags as XmlNode | undefined)?.tag).map((tag) => textOf(tag.text)),
  );
  const fields = {
    questionText: readField(reader, question.questiontext),
    explanation: readField(reader, question.generalfeedback),
    marks: wholeNumber(question.defaultgrade),
    difficulty: tagged.difficulty,
  };
  const answers = listOf(question.answer);
  const credit = (answer: XmlNode) => Number(attribute(answer, 'fraction') ?? 0);
  switch (type) {
    case 'multichoice': {
      if (textOf(question.single).trim() === 'false')
        return reader.refuse(MESSAGES.multipleCorrect);
      noteAnswerFeedback(reader, answers);
      const options = optionsOf(
        reader,
        answers.map((answer) => ({ text: readField(reader, answer), credit: credit(answer) })),
      );
      return reader.done(draftOf('MCQ', { ...fields, options }));
    }
    case 'truefalse': {
      noteAnswerFeedback(reader, answers);
      const right = answers.find((answer) => credit(answer) === 100);
      const answerIsTrue = textOf(right?.text).trim().toLowerCase() === 'true';
      return reader.done(
        draftOf('TRUE_FALSE', { ...fields, options: trueFalseOptions(answerIsTrue) }),
      );
    }
    case 'shortanswer': {
      noteAnswerFeedback(reader, answers);
      const earning = answers.filter((answer) => credit(answer) > 0);
      reader.refuseIf(
        answers.some((answer) => credit(answer) !== 0 && credit(answer) !== 100),
        MESSAGES.partialCredit,
      );
      reader.refuseIf(earning.length === 0, MESSAGES.noCorrectAnswer);
      const accepted = earning.map((answer) => readField(reader, answer));
      return reader.done(draftOf('SHORT_ANSWER', { ...fields, ...shortAnswerFields(accepted) }));
    }
    case 'essay':
      return reader.done(
        draftOf('LONG_ANSWER', {
          ...fields,
          modelAnswer: readField(reader, question.graderinfo),
          minWordCount: wholeNumber(question.minwordlimit),
          maxWordCount: wholeNumber(question.maxwordlimit),
          keywords: tagged.keywords,
        }),
      );
    default:
      return reader.refuse(MESSAGES.unsupportedType(type));
  }
}

/** The questions of a Moodle XML file; its categories are not questions and are passed over. */
export function readMoodleXml(text: string): ReadQuestion[] {
  const quiz = readXml(text, 'moodle-xml').quiz;
  if (quiz === undefined) wrongFormat('moodle-xml');
  return listOf((quiz as XmlNode | undefined)?.question)
    .filter((question) => attribute(question, 'type') !== 'category')
    .map(readQuestion);
}

// --- Writing ----------------------------------------------------------------------------------

const plainText = (text: string) => ({ '@': { format: 'plain_text' }, text });

const answer = (text: string, right: boolean) => ({
  '@': { fraction: right ? '100' : '0', format: 'plain_text' },
  text,
  feedback: plainText(''),
});

function typeFields(question: Question) {
  switch (question.questionType) {
    case 'MCQ':
      return {
        type: 'multichoice',
        fields: {
          single: 'true',
          shuffleanswers: 'false',
          answernumbering: 'abc',
          answer: question.options.map((option) => answer(option.text, option.isCorrect)),
        },
      };
    case 'TRUE_FALSE':
      return {
        type: 'truefalse',
        fields: {
          answer: [
            answer('true', question.options[0]?.isCorrect === true),
            answer('false', question.options[1]?.isCorrect === true),
          ],
        },
      };
    case 'SHORT_ANSWER':
      return {
        type: 'shortanswer',
        fields: {
          usecase: '0',
          answer: acceptedAnswersOf(question).map((text) => answer(text, true)),
        },
      };
    case 'LONG_ANSWER':
      return {
        type: 'essay',
        fields: {
          responseformat: 'editor',
          responserequired: '1',
          responsefieldlines: '15',
          minwordlimit: String(question.minWordCount),
          maxwordlimit: String(question.maxWordCount),
          attachments: '0',
          attachmentsrequired: '0',
          graderinfo: plainText(question.modelAnswer),
          responsetemplate: plainText(''),
        },
      };
  }
}

function moodleQuestion(question: Question, name: string) {
  const { type, fields } = typeFields(question);
  return {
    '@': { type },
    name: { text: name },
    questiontext: plainText(question.questionText),
    generalfeedback: plainText(question.explanation),
    defaultgrade: String(question.marks),
    penalty: '0',
    hidden: '0',
    ...fields,
    tags: { tag: tagsOf(question, { withMarks: false }).map((text) => ({ text })) },
  };
}

/** An exam's questions as Moodle XML, a category per section, answer keys included. */
export function writeMoodleXml(exam: ExportedExam): string {
  const question = exam.sections.flatMap((section) => [
    {
      '@': { type: 'category' },
      category: { text: `$course$/top/${exam.examTitle}/${section.name}` },
    },
    ...section.questions.map((item, index) => moodleQuestion(item, `${section.name} ${index + 1}`)),
  ]);
  return XML_DECLARATION + String(xmlBuilder.build({ quiz: { question } }));
}
