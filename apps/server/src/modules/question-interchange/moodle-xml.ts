// Moodle XML, reading and writing, in one file past the usual size: each question type's writer
// mirrors its reader, and a change to one must be seen beside the other.
import {
  type BlankKey,
  DEFAULT_UPLOAD_SETTINGS,
  EXAM_LIMITS,
  FILE_KIND_ACCEPT,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  mediaIdsIn,
  type NumericAnswer,
  type Question,
  readableText,
} from '@examiq/contracts';
import { contentHtml } from './content-html';
import { categoryOf, type ExportedExam, MOODLE_TOP_CATEGORY, mediaFileName } from './exported-exam';
import {
  absoluteTolerance,
  acceptedAnswersOf,
  blanksIn,
  blankToken,
  categoryPath,
  choiceWeight,
  decimalText,
  draftOf,
  type FileImage,
  fieldsOfTags,
  fileKindsOf,
  holdsMarkup,
  maxFilesOf,
  multiSelectOf,
  numberAsWritten,
  numberIn,
  numericBlank,
  optionsOf,
  QuestionReader,
  type ReadQuestion,
  roundedNumber,
  shortAnswerFields,
  tagsOf,
  trueFalseOptions,
  withBlanksWritten,
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

type DraftFields = Parameters<typeof draftOf>[1];

/**
 * A text field whose blanks `mark` finds in its raw text (`[[2]]`, `{1:SA:=a}`) and replaces with
 * blankToken: the content comes back with the exam's `[[n]]` markers in their places.
 */
function readFieldWithBlanks(
  reader: QuestionReader,
  field: unknown,
  mark: (text: string) => string,
): string {
  const node = (field ?? {}) as XmlNode;
  return blanksIn(readField(reader, { ...node, text: mark(textOf(node.text)) }));
}

/** Text written inside HTML as plain text: its tags left out, its character references read. */
function plainOfHtml(text: string): string {
  const named: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
  };
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1]?.toLowerCase() === 'x'
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return named[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/**
 * A matching question (`matching`, `match` in older files): each subquestion a prompt and its
 * answer's text its match; a subquestion with no text is a match no prompt has, a distractor.
 * Moodle's answers are plain text, shown in a menu.
 */
function matchingOf(reader: QuestionReader, question: XmlNode, fields: DraftFields) {
  const pairs: { prompt: string; match: string }[] = [];
  const distractors: string[] = [];
  for (const subquestion of listOf(question.subquestion)) {
    const match = reader.plain(textOf(listOf(subquestion.answer)[0]?.text).trim());
    const prompt = readField(reader, subquestion);
    if (prompt === '') distractors.push(match);
    else pairs.push({ prompt, match });
  }
  return draftOf('MATCHING', { ...fields, pairs, distractors });
}

/**
 * Moodle's ordering rule that scores as the exam's partial rule does: by the longest run of items
 * in the right order relative to each other.
 */
const LONGEST_ORDERED_SUBSET = new Set(['LONGESTORDEREDSUBSET']);
const SHOWS_ALL = new Set(['ALL', 'EXACT']);

/**
 * An ordering question (qtype_ordering): its answers in the right order. All or nothing is the
 * exam's; any other rule is read as the exam's partial rule, said so unless it is the longest
 * ordered subset, which is the same. A question showing students a few of its items at a time now
 * shows them all, said so.
 */
function orderingOf(reader: QuestionReader, question: XmlNode, fields: DraftFields) {
  const answers = listOf(question.answer);
  noteAnswerFeedback(reader, answers);
  const items = answers.map((answer) => readField(reader, answer));
  // Moodle reads a file without a rule as RELATIVE (the next item after each).
  const grading = (textOf(question.gradingtype).trim() || 'RELATIVE').toUpperCase();
  const rule = grading.replaceAll('_', '');
  const scoring = rule === 'ALLORNOTHING' ? 'ALL_OR_NOTHING' : 'PARTIAL';
  if (scoring === 'PARTIAL' && !LONGEST_ORDERED_SUBSET.has(rule)) {
    reader.note(MESSAGES.orderScoringReplaced(grading));
  }
  const select = (textOf(question.selecttype).trim() || 'RANDOM').toUpperCase();
  const shown = Number(textOf(question.selectcount).trim() || '6');
  if (!SHOWS_ALL.has(select) && shown > 0 && shown < items.length) {
    reader.note(MESSAGES.orderSubsetShown(shown));
  }
  return draftOf('ORDERING', { ...fields, items, scoring });
}

/**
 * A select missing words (`gapselect`, options `selectoption`) or drag and drop into text
 * (`ddwtos`, options `dragbox`) question: gap `[[n]]` is right with option n. Each gap is a blank
 * accepting its right option's text, numbered in the order the gaps appear; the choices are lost.
 */
function gapsOf(
  reader: QuestionReader,
  question: XmlNode,
  fields: DraftFields,
  optionName: 'selectoption' | 'dragbox',
) {
  const options = listOf(question[optionName]).map((option) => plainOfHtml(textOf(option.text)));
  const gaps: number[] = [];
  const questionText = readFieldWithBlanks(reader, question.questiontext, (text) =>
    text.replace(/\[\[(\d+)\]\]/g, (_, number: string) => {
      gaps.push(Number(number));
      return blankToken(gaps.length);
    }),
  );
  const missing = gaps.find((gap) => options[gap - 1] === undefined);
  reader.refuseIf(
    missing !== undefined,
    MESSAGES.unreadableQuestion(`the gap [[${missing}]] has no choice`),
  );
  reader.note(MESSAGES.blankChoicesDropped);
  const blanks = gaps.map((gap) => ({
    accepted: [options[gap - 1] ?? ''],
    caseSensitive: false,
    tolerance: null,
  }));
  return draftOf('FILL_IN_BLANKS', { ...fields, questionText, blanks });
}

/** A Cloze sub-question: `{weight:TYPE:answers}`, its `}` escaped `\}` inside. */
const CLOZE = /\{(\d*):([A-Za-z_]+):((?:\\.|[^\\}])*)\}/g;
const CLOZE_TEXT = new Set(['SHORTANSWER', 'SA', 'MW']);
const CLOZE_TEXT_CASE = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);
const CLOZE_NUMBER = new Set(['NUMERICAL', 'NM']);

/**
 * The parts of a Cloze text split where `separator` stands unescaped; a `#` of a character
 * reference of the HTML (`&#8322;`) is not feedback's.
 */
function splitUnescaped(text: string, separator: string): string[] {
  const parts = [''];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === '\\' && index + 1 < text.length) {
      parts[parts.length - 1] += char + text[index + 1];
      index += 1;
    } else if (char === separator && !(char === '#' && text[index - 1] === '&')) parts.push('');
    else parts[parts.length - 1] += char;
  }
  return parts;
}

const unescapeCloze = (text: string) => text.replace(/\\(.)/g, '$1');

interface ClozeAnswer {
  credit: number;
  text: string;
  feedback: string;
}

/** A Cloze sub-question's answers: `=a` full marks, `%50%a` a share, `a` none; `#…` feedback. */
function clozeAnswers(body: string): ClozeAnswer[] {
  return splitUnescaped(body, '~').map((part) => {
    const [, mark = '', share] = /^\s*(=|%(-?[\d.]+)%)?/.exec(part) ?? [];
    const [text = '', ...feedback] = splitUnescaped(part.trimStart().slice(mark.length), '#');
    return {
      credit: mark === '=' ? 100 : Number(share ?? 0) || 0,
      text: plainOfHtml(unescapeCloze(text)),
      feedback: plainOfHtml(unescapeCloze(feedback.join('#'))),
    };
  });
}

/** A Cloze sub-question as a blank: its answers at full marks are accepted, `*` (any) left out. */
function clozeBlank(reader: QuestionReader, type: string, answers: ClozeAnswer[]) {
  if (answers.some((answer) => answer.feedback !== '')) reader.note(MESSAGES.answerFeedbackDropped);
  reader.refuseIf(
    answers.some((answer) => answer.credit > 0 && answer.credit < 100),
    MESSAGES.partialCredit,
  );
  const right = answers.filter((answer) => answer.credit >= 100);
  const typed = right.filter((answer) => answer.text.split(':')[0]?.trim() !== '*');
  if (typed.length < right.length) {
    reader.note(CLOZE_NUMBER.has(type) ? MESSAGES.anyNumberDropped : MESSAGES.anyTextDropped);
  }
  reader.refuseIf(typed.length === 0, MESSAGES.noCorrectAnswer);
  if (!CLOZE_NUMBER.has(type)) {
    return {
      accepted: typed.map((answer) => answer.text),
      caseSensitive: CLOZE_TEXT_CASE.has(type),
      tolerance: null,
    };
  }
  const numbers = typed.flatMap((answer) => {
    const [value = '', tolerance = '0'] = answer.text.split(':');
    const number = numberIn(value.trim());
    reader.refuseIf(
      number === undefined,
      MESSAGES.unreadableQuestion(`the answer ${value.slice(0, 40)} is not a number`),
    );
    return number === undefined
      ? []
      : [{ value: number, text: value, tolerance: numberIn(tolerance.trim()) ?? 0 }];
  });
  return numericBlank(reader, numbers);
}

/**
 * An embedded answers (Cloze) question: each typed-answer sub-question (`SHORTANSWER`, `SA`,
 * `MW`, their `_C` case-sensitive forms, `NUMERICAL`, `NM`) a blank where it stands. A choice
 * within the text has no place in a blank: the question is skipped. Moodle weighs each
 * sub-question by its leading number; the exam gives each blank an equal share, said when they
 * differed.
 */
function clozeOf(reader: QuestionReader, question: XmlNode, fields: DraftFields) {
  const blanks: ReturnType<typeof clozeBlank>[] = [];
  const weights: string[] = [];
  const questionText = readFieldWithBlanks(reader, question.questiontext, (text) =>
    text.replace(CLOZE, (_, weight: string, name: string, body: string) => {
      const type = name.toUpperCase();
      weights.push(weight || '1');
      if (CLOZE_TEXT.has(type) || CLOZE_TEXT_CASE.has(type) || CLOZE_NUMBER.has(type)) {
        blanks.push(clozeBlank(reader, type, clozeAnswers(body)));
      } else if (/^(MULTICHOICE|MULTIRESPONSE|MC|MR)/.test(type)) {
        reader.refuseIf(true, MESSAGES.choiceInText);
      } else {
        reader.refuseIf(true, MESSAGES.unsupportedType(`cloze ${type}`));
      }
      return blankToken(blanks.length);
    }),
  );
  if (new Set(weights).size > 1) reader.note(MESSAGES.blankWeightsReplaced);
  // A text without a sub-question has nothing to answer.
  reader.refuseIf(weights.length === 0, MESSAGES.noCorrectAnswer);
  return draftOf('FILL_IN_BLANKS', { ...fields, questionText, blanks });
}

/** Moodle's essay response format that takes no text: the answer is its attachments. */
const ATTACHMENTS_ONLY = 'noinline';
/** Moodle's number of attachments for any number of them. */
const ANY_NUMBER_OF_ATTACHMENTS = -1;
const BYTES_IN_A_MB = 1024 * 1024;

/**
 * Moodle's groups of file types (core_filetypes) that name files a file upload question takes:
 * each as the types of its files, so those the exam takes are kept and the others said lost.
 */
const FILE_TYPE_GROUPS: Record<string, string[]> = {
  image: ['image/*'],
  web_image: ['image/*'],
  optimised_image: ['image/*'],
  document: ['.pdf', '.doc', '.docx', '.epub', '.gdoc', '.odt', '.ott', '.oth', '.rtf'],
};

/**
 * An essay's list of accepted file types (`.pdf, image; application/pdf`), as Moodle reads it:
 * separated by commas, semicolons or spaces; a group by its name, any other word an extension.
 */
function fileTypesIn(list: string): string[] {
  return list
    .toLowerCase()
    .split(/[\s,;]+/)
    .flatMap((type) => FILE_TYPE_GROUPS[type] ?? [type]);
}

/** A file's size limit in MB: Moodle's 0 is the course's limit, which the file does not say. */
function maxFileMbOf(reader: QuestionReader, bytes: number | undefined): number {
  const { min, max } = EXAM_LIMITS.uploadFileMb;
  if (bytes === undefined || bytes <= 0) return DEFAULT_UPLOAD_SETTINGS.maxFileMb;
  const mb = Math.ceil(bytes / BYTES_IN_A_MB);
  if (mb > max) reader.note(MESSAGES.fileSizeCapped(mb));
  return Math.min(max, Math.max(min, mb));
}

/**
 * An essay whose answer is files (attachments only, or attachments required) as a file upload
 * question: a long answer cannot take files, so one requiring them could not be answered as
 * asked, while a student can write any text beside the files into them. Any other essay is a long
 * answer; the files it allows beside the text are said to be left out.
 */
function essayOf(
  reader: QuestionReader,
  question: XmlNode,
  fields: DraftFields,
): ReturnType<typeof draftOf> {
  const count = (value: unknown) => Math.trunc(numberIn(textOf(value).trim()) ?? 0);
  const attachments = count(question.attachments);
  const textBox = textOf(question.responseformat).trim() !== ATTACHMENTS_ONLY;
  if (textBox && count(question.attachmentsrequired) <= 0) {
    if (attachments !== 0) reader.note(MESSAGES.attachmentsDropped);
    return draftOf('LONG_ANSWER', {
      ...fields,
      modelAnswer: readField(reader, question.graderinfo),
      minWordCount: wholeNumber(question.minwordlimit),
      maxWordCount: wholeNumber(question.maxwordlimit),
    });
  }
  if (textBox) reader.note(MESSAGES.textBesideFilesDropped);
  const graderInfo = (question.graderinfo as XmlNode | undefined)?.text;
  if (plainOfHtml(textOf(graderInfo)) !== '') reader.note(MESSAGES.graderInfoDropped);
  const maxBytes = numberIn(textOf(question.maxbytes).trim());
  return draftOf('FILE_UPLOAD', {
    ...fields,
    fileTypes: fileKindsOf(reader, fileTypesIn(textOf(question.filetypeslist))),
    maxFiles: maxFilesOf(reader, attachments === ANY_NUMBER_OF_ATTACHMENTS ? null : attachments),
    maxFileMb: maxFileMbOf(reader, maxBytes),
  });
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
      return reader.done(essayOf(reader, question, { ...fields, keywords: tagged.keywords }));
    case 'matching':
    case 'match':
      return reader.done(matchingOf(reader, question, fields));
    case 'ordering':
      return reader.done(orderingOf(reader, question, fields));
    case 'gapselect':
      return reader.done(gapsOf(reader, question, fields, 'selectoption'));
    case 'ddwtos':
      return reader.done(gapsOf(reader, question, fields, 'dragbox'));
    case 'cloze':
    case 'multianswer':
      return reader.done(clozeOf(reader, question, fields));
    default:
      return reader.refuse(MESSAGES.unsupportedType(type));
  }
}

/**
 * The questions of a Moodle XML file, each filed under the category of the `<question
 * type="category">` before it (categories are not questions).
 */
export function readMoodleXml(text: string): ReadQuestion[] {
  const quiz = readXml(text, 'moodle-xml').quiz;
  if (quiz === undefined) wrongFormat('moodle-xml');
  let category = '';
  return listOf((quiz as XmlNode | undefined)?.question).flatMap((question) => {
    if (attribute(question, 'type') !== 'category') {
      return [{ ...readQuestion(question), category }];
    }
    category = categoryPath(textOf((question.category as XmlNode | undefined)?.text));
    return [];
  });
}

// --- Writing ----------------------------------------------------------------------------------

const plainText = (text: string) => ({ '@': { format: 'plain_text' }, text });

/**
 * Content as a Moodle HTML field: TeX for Moodle's MathJax or TeX filter, each image at
 * `@@PLUGINFILE@@/<name>` with its bytes in a `<file>` of the field, as Moodle writes them.
 */
function htmlField(
  exam: ExportedExam,
  content: string,
  attributes: Record<string, string> = {},
  blank?: (number: number) => string,
) {
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
  const render = (source: string) =>
    contentHtml(source, (id) => {
      const stored = exam.media.get(id);
      return stored ? `${PLUGINFILE}${mediaFileName(id, stored)}` : '';
    });
  const html = blank ? withBlanksWritten(content, render, blank) : render(content);
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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text inside a Cloze sub-question: Moodle's escapes for ~ / " } # and backslash, in HTML. */
const clozeText = (text: string) => escapeHtml(text.replace(/[\\}#~/"]/g, '\\$&'));

/**
 * A blank as a Cloze sub-question of weight 1 (each blank an equal share, as the exam scores):
 * `{1:NUMERICAL:=3.3:0.1}` for a number, `{1:SHORTANSWER:=a~=b}` (`SHORTANSWER_C` when case
 * counts) for text.
 */
function clozeOfBlank(blank: BlankKey | undefined): string {
  if (!blank) return '';
  if (blank.tolerance !== null) {
    const tolerance = decimalText(blank.tolerance);
    const answers = blank.accepted.map(
      (answer) => `=${numberAsWritten(numberIn(answer) ?? Number.NaN, answer)}:${tolerance}`,
    );
    return `{1:NUMERICAL:${answers.join('~')}}`;
  }
  const type = blank.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
  return `{1:${type}:${blank.accepted.map((answer) => `=${clozeText(answer)}`).join('~')}}`;
}

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
    case 'MATCHING':
      // Moodle's matches are plain text; a distractor is a subquestion without text.
      return {
        type: 'matching',
        fields: {
          shuffleanswers: 'true',
          subquestion: [
            ...question.pairs.map((pair) => ({
              ...htmlField(exam, pair.prompt),
              answer: { text: readableText(pair.match) },
            })),
            ...question.distractors.map((distractor) => ({
              ...htmlField(exam, ''),
              answer: { text: readableText(distractor) },
            })),
          ],
        },
      };
    case 'ORDERING':
      // Moodle keeps the order in the answers' fractions; absolute position is the exam's partial rule.
      return {
        type: 'ordering',
        fields: {
          layouttype: 'VERTICAL',
          selecttype: 'ALL',
          selectcount: '0',
          gradingtype: question.scoring === 'PARTIAL' ? 'LONGEST_ORDERED_SUBSET' : 'ALL_OR_NOTHING',
          showgrading: 'SHOW',
          numberingstyle: 'none',
          answer: question.items.map((item, index) => ({
            ...htmlField(exam, item),
            '@': { fraction: String(index + 1), format: 'html' },
          })),
        },
      };
    case 'FILL_IN_BLANKS':
      // The blanks are written into the question's text (see moodleQuestion).
      return { type: 'cloze', fields: {} };
    case 'FILE_UPLOAD':
      // An essay taking attachments alone, at least one of them, of the kinds' extensions.
      return {
        type: 'essay',
        fields: {
          responseformat: ATTACHMENTS_ONLY,
          responserequired: '0',
          attachments: String(question.maxFiles),
          attachmentsrequired: '1',
          maxbytes: String(question.maxFileMb * BYTES_IN_A_MB),
          filetypeslist: question.fileTypes
            .flatMap((kind) => FILE_KIND_ACCEPT[kind].split(','))
            .filter((type) => type.startsWith('.'))
            .join(','),
          graderinfo: htmlField(exam, ''),
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
    questiontext:
      question.questionType === 'FILL_IN_BLANKS'
        ? htmlField(exam, question.questionText, {}, (number) =>
            clozeOfBlank(question.blanks[number - 1]),
          )
        : htmlField(exam, question.questionText),
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
      category: {
        text: [MOODLE_TOP_CATEGORY, categoryOf(exam, section)].filter(Boolean).join('/'),
      },
    },
    ...section.questions.map((item, index) =>
      moodleQuestion(exam, item, `${section.name} ${index + 1}`),
    ),
  ]);
  return XML_DECLARATION + String(xmlBuilder.build({ quiz: { question } }));
}
