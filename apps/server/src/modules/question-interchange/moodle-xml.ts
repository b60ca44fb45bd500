import {
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  mediaIdsIn,
  type NumericAnswer,
  type Question,
} from '@examiq/contracts';
import { contentHtml } from './content-html';
import { type ExportedExam, mediaFileName } from './exported-exam';
import {
  absoluteTolerance,
  acceptedAnswersOf,
  choiceWeight,
  decimalText,
  draftOf,
  type FileImage,
  fieldsOfTags,
  holdsMarkup,
  multiSelectOf,
  numberIn,
  optionsOf,
  QuestionReader,
  type ReadQuestion,
  roundedNumber,
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

const PLUGINFILE = '@@PLUGINFILE@@/';

/** The files of a field (`<file name="a.png" path="/" encoding="base64">`), by their source. */
function filesOf(node: XmlNode | undefined): (source: string) => FileImage | undefined {
  const files = new Map<string, FileImage>();
  for (const file of listOf(node?.file)) {
    const name = attribute(file, 'name') ?? '';
    const path = attribute(file, 'path') ?? '/';
    const bytes = Buffer.from(textOf(file).replace(/\s+/g, ''), 'base64');
    // A file at path `/sub/` is `@@PLUGINFILE@@/sub/<name>` in the text.
    files.set(`${PLUGINFILE}${path.replace(/^\/+/, '')}${name}`, { name, bytes });
  }
  return (source) => {
    if (!source.startsWith(PLUGINFILE)) return undefined;
    try {
      return files.get(decodeURIComponent(source.split(/[?#]/)[0] ?? ''));
    } catch {
      return undefined;
    }
  };
}

/**
 * A Moodle text field (`<questiontext format="html"><text>…</text><file …/></questiontext>`) as
 * content: HTML converted, its `@@PLUGINFILE@@` images taken from the field's files; Markdown
 * as it is; plain text escaped.
 */
function readField(reader: QuestionReader, field: unknown): string {
  const node = field as XmlNode | undefined;
  const text = textOf(node?.text);
  const format = attribute(node, 'format');
  if (format === 'html' || (format === 'moodle_auto_format' && holdsMarkup(text))) {
    return reader.html(text, filesOf(node));
  }
  return format === 'markdown' ? reader.markdown(text) : reader.plain(text);
}

/** A short answer's accepted answer: plain text, as a student types it. */
const answerText = (answer: XmlNode) => textOf(answer.text).trim();

function wholeNumber(value: unknown): number | undefined {
  const text = textOf(value).trim();
  return text === '' ? undefined : Number(text);
}

function noteAnswerFeedback(reader: QuestionReader, answers: XmlNode[]) {
  if (answers.some((answer) => textOf((answer.feedback as XmlNode | undefined)?.text).trim())) {
    reader.note(MESSAGES.answerFeedbackDropped);
  }
}

/** An answer's share of the marks, in percent; 0 when it is not a number. */
const credit = (answer: XmlNode) => numberIn(attribute(answer, 'fraction') ?? '') ?? 0;

/**
 * A numerical question's accepted answers, each with Moodle's absolute tolerance. `*` accepts
 * any number: Moodle writers give it feedback for every other answer, which the exam has not.
 */
function acceptedNumbers(reader: QuestionReader, answers: XmlNode[]): NumericAnswer[] {
  return answers.flatMap((answer) => {
    const text = answerText(answer);
    const fraction = roundedNumber(credit(answer) / 100);
    if (text === '*') {
      if (fraction > 0) reader.note(MESSAGES.anyNumberDropped);
      return [];
    }
    const value = numberIn(text);
    const tolerance = numberIn(textOf(answer.tolerance)) ?? 0;
    reader.refuseIf(
      value === undefined,
      MESSAGES.unreadableQuestion(`the answer ${text.slice(0, 40)} is not a number`),
    );
    return value === undefined
      ? []
      : [{ value, tolerance: Math.abs(tolerance), toleranceType: 'ABSOLUTE' as const, fraction }];
  });
}

/** Moodle's unit handling (qtype_numerical): how units are shown, and graded. */
const UNITS_NOT_SHOWN = '3';
const UNITS_IN_A_MENU = '2';
const UNITS_OPTIONAL = '0';
const PENALTY_OF_ANSWER = '1';
const PENALTY_OF_QUESTION = '2';

/**
 * A numerical question's units. Moodle's multiplier is how many of the unit make one of the first
 * (1 A = 1000 mA), the exam's factor what one of the unit is in the first (1 mA = 0.001 A).
 * Units not shown and not graded are not used; optional units are units without a penalty.
 */
function unitsOfQuestion(reader: QuestionReader, question: XmlNode) {
  const grading = textOf(question.unitgradingtype).trim() || UNITS_OPTIONAL;
  const unitPenalty = numberIn(textOf(question.unitpenalty));
  if (grading === UNITS_OPTIONAL && textOf(question.showunits).trim() === UNITS_NOT_SHOWN) {
    return { units: [], unitPenalty };
  }
  const units = listOf((question.units as XmlNode | undefined)?.unit).flatMap((unit) => {
    const name = textOf(unit.unit_name).trim();
    const multiplier = numberIn(textOf(unit.multiplier)) ?? 0;
    reader.refuseIf(
      multiplier <= 0,
      MESSAGES.unreadableQuestion(`the unit ${name.slice(0, 20)} has no multiplier`),
    );
    return multiplier > 0 ? [{ unit: name, factor: roundedNumber(1 / multiplier) }] : [];
  });
  if (units.length > 0 && grading === PENALTY_OF_QUESTION) {
    reader.note(MESSAGES.unitPenaltyOfAnswer);
  }
  return {
    units,
    unitPenalty: grading === UNITS_OPTIONAL && units.length > 0 ? 0 : unitPenalty,
  };
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
  switch (type) {
    case 'multichoice': {
      noteAnswerFeedback(reader, answers);
      const choices = answers.map((answer) => ({
        text: readField(reader, answer),
        credit: credit(answer),
      }));
      if (['false', '0'].includes(textOf(question.single).trim())) {
        return reader.done(multiSelectOf(reader, fields, choices, tagged.scoring ?? 'PARTIAL'));
      }
      return reader.done(draftOf('MCQ', { ...fields, options: optionsOf(reader, choices) }));
    }
    case 'numerical':
      noteAnswerFeedback(reader, answers);
      return reader.done(
        draftOf('NUMERICAL', {
          ...fields,
          numericAnswers: acceptedNumbers(reader, answers),
          ...unitsOfQuestion(reader, question),
        }),
      );
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
      const accepted = earning.map(answerText);
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

/**
 * Content as a Moodle HTML field: TeX for Moodle's MathJax or TeX filter, each image at
 * `@@PLUGINFILE@@/<name>` with its bytes in a `<file>` of the field, as Moodle writes them.
 */
function htmlField(exam: ExportedExam, content: string, attributes: Record<string, string> = {}) {
  const files = mediaIdsIn(content).flatMap((id) => {
    const stored = exam.media.get(id);
    return stored
      ? [
          {
            '@': { name: mediaFileName(id, stored), path: '/', encoding: 'base64' },
            '#text': stored.bytes.toString('base64'),
          },
        ]
      : [];
  });
  const html = contentHtml(content, (id) => {
    const stored = exam.media.get(id);
    return stored ? `${PLUGINFILE}${mediaFileName(id, stored)}` : '';
  });
  return {
    '@': { ...attributes, format: 'html' },
    text: html,
    ...(files.length > 0 ? { file: files } : {}),
  };
}

const answer = (text: string, right: boolean, field = plainText(text)) => ({
  ...field,
  '@': { fraction: right ? '100' : '0', ...field['@'] },
  feedback: plainText(''),
});

function typeFields(exam: ExportedExam, question: Question) {
  switch (question.questionType) {
    case 'MCQ':
      return {
        type: 'multichoice',
        fields: {
          single: 'true',
          shuffleanswers: 'false',
          answernumbering: 'abc',
          answer: question.options.map((option) =>
            answer(option.text, option.isCorrect, htmlField(exam, option.text)),
          ),
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
    case 'MULTI_SELECT':
      return {
        type: 'multichoice',
        fields: {
          single: 'false',
          shuffleanswers: 'false',
          answernumbering: 'abc',
          answer: question.options.map((option) => ({
            ...answer(option.text, option.isCorrect, htmlField(exam, option.text)),
            '@': {
              fraction: String(choiceWeight(question.options, option.isCorrect)),
              format: 'html',
            },
          })),
        },
      };
    case 'NUMERICAL': {
      const graded = question.units.length > 0;
      return {
        type: 'numerical',
        fields: {
          answer: question.numericAnswers.map((accepted) => ({
            ...answer(decimalText(accepted.value), true),
            '@': { fraction: String(roundedNumber(accepted.fraction * 100)), format: 'plain_text' },
            tolerance: decimalText(absoluteTolerance(accepted)),
          })),
          ...(graded
            ? {
                units: {
                  unit: question.units.map((unit) => ({
                    multiplier: decimalText(roundedNumber(1 / unit.factor)),
                    unit_name: unit.unit,
                  })),
                },
              }
            : {}),
          unitgradingtype: graded ? PENALTY_OF_ANSWER : UNITS_OPTIONAL,
          unitpenalty: String(question.unitPenalty),
          showunits: graded ? UNITS_IN_A_MENU : UNITS_NOT_SHOWN,
          unitsleft: '0',
        },
      };
    }
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
          graderinfo: htmlField(exam, question.modelAnswer),
          responsetemplate: plainText(''),
        },
      };
  }
}

function moodleQuestion(exam: ExportedExam, question: Question, name: string) {
  const { type, fields } = typeFields(exam, question);
  return {
    '@': { type },
    name: { text: name },
    questiontext: htmlField(exam, question.questionText),
    generalfeedback: htmlField(exam, question.explanation),
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
    ...section.questions.map((item, index) =>
      moodleQuestion(exam, item, `${section.name} ${index + 1}`),
    ),
  ]);
  return XML_DECLARATION + String(xmlBuilder.build({ quiz: { question } }));
}
