// GIFT, reading and writing, in one file past the usual size: each question type's writer mirrors
// its reader, and a change to one must be seen beside the other.
import {
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  QUESTION_FORMAT_LABELS,
  QUESTION_TYPE_LABELS,
  type Question,
  readableText,
} from '@examiq/contracts';
import {
  type Category,
  type GIFTQuestion,
  type Matching,
  type NumericalChoice,
  type NumericalFormat,
  parse,
  type TextChoice,
  type TextFormat,
} from 'gift-pegjs';
import { categoryOf, type ExportedExam, MOODLE_TOP_CATEGORY } from './exported-exam';
import {
  absoluteTolerance,
  acceptedAnswersOf,
  blanksIn,
  blankToken,
  categoryPath,
  choiceWeight,
  decimalText,
  draftOf,
  fieldsOfTags,
  holdsMarkup,
  multiSelectOf,
  numericBlank,
  optionsOf,
  QuestionReader,
  type ReadQuestion,
  roundedNumber,
  shortAnswerFields,
  tagsOf,
  trueFalseOptions,
  unitsIn,
  unitsText,
  wrongFormat,
} from './interchange';

/**
 * An essay's model answer has no place in GIFT: it travels in a comment line before the
 * question, which Moodle and other GIFT readers skip.
 */
const MODEL_ANSWER_COMMENT = '// model answer: ';
/** A numerical question's units have no place in GIFT either: they travel the same way. */
const UNITS_COMMENT = '// units (not in GIFT, skipped by its readers): ';

/** What a question's comment lines carry for it. */
interface Comments {
  modelAnswer?: string;
  units?: string;
}

/**
 * A GIFT text as content: `[markdown]` as it is, `[html]` (and `[moodle]` holding markup)
 * converted, plain text escaped. A GIFT file carries no image files: an image's HTML source is
 * left out; a Markdown `media:` image is kept and shows where that image is stored.
 */
function readText(reader: QuestionReader, text: TextFormat | null | undefined): string {
  if (!text) return '';
  if (text.format === 'markdown') return reader.markdown(text.text);
  if (text.format === 'html' || (text.format === 'moodle' && holdsMarkup(text.text))) {
    return reader.html(text.text);
  }
  return reader.plain(text.text);
}

function noteAnswerFeedback(reader: QuestionReader, feedback: (TextFormat | null)[]) {
  if (feedback.some((item) => item && item.text.trim() !== '')) {
    reader.note(MESSAGES.answerFeedbackDropped);
  }
}

/**
 * The answers of a typed-answer question (a short answer or a missing word): each at full marks,
 * since partial credit refuses the question, their feedback noted as not carried.
 */
function typedAnswers(reader: QuestionReader, choices: TextChoice[]): string[] {
  noteAnswerFeedback(
    reader,
    choices.map((choice) => choice.feedback),
  );
  reader.refuseIf(
    choices.some((choice) => choice.weight !== null && choice.weight !== 100),
    MESSAGES.partialCredit,
  );
  return choices.map((choice) => choice.text.text.trim());
}

/**
 * A numerical question's accepted answers: `1.5:0.1` is 1.5 give or take 0.1, `1..2` the range
 * from 1 to 2, `=%50%` the share of the marks; an answer without a number (`=`, which Moodle
 * takes as any number) has no place in the exam and is left out.
 */
function acceptedNumbers(reader: QuestionReader, choices: NumericalChoice[]) {
  return choices.flatMap((choice) => {
    const fraction = roundedNumber((choice.weight ?? (choice.isCorrect ? 100 : 0)) / 100);
    const answer = choice.text as NumericalFormat | TextFormat;
    if (!('type' in answer)) {
      if (fraction > 0) reader.note(MESSAGES.anyNumberDropped);
      return [];
    }
    const low = answer.numberLow ?? 0;
    const high = answer.numberHigh ?? 0;
    const [value, tolerance] =
      answer.type === 'high-low'
        ? [roundedNumber((low + high) / 2), roundedNumber(Math.abs(high - low) / 2)]
        : [answer.number ?? 0, answer.range ?? 0];
    // GIFT numbers have no exponent, but may have more digits than a float holds.
    const finite = Number.isFinite(value) && Number.isFinite(tolerance);
    reader.refuseIf(!finite, MESSAGES.unreadableQuestion('a number is too large'));
    return finite ? [{ value, tolerance, toleranceType: 'ABSOLUTE' as const, fraction }] : [];
  });
}

/** Where gift-pegjs puts a missing word's answers in the question's text. */
const MISSING_WORD = '_____';

/**
 * gift-pegjs leaves GIFT's escaped characters in a match's answer as `&&<code>;` (`\=` is
 * `&&061;`): they are read as the characters.
 */
const unescapedAnswer = (text: string) =>
  text.replace(/&&(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).trim();

/**
 * A matching question: each `=prompt -> match` a pair; a pair without a prompt (`= -> match`, as
 * Moodle writes a match no prompt has) is a distractor. A match is plain text, as Moodle shows it
 * in a menu.
 */
function matchingOf(reader: QuestionReader, question: Matching, fields: DraftFields) {
  const pairs: { prompt: string; match: string }[] = [];
  const distractors: string[] = [];
  for (const pair of question.matchPairs) {
    // A prompt's `->` is written `-\>` (see giftPrompt); both read the same as Markdown.
    const prompt = readText(reader, pair.subquestion).replaceAll('-\\>', '->');
    const match = reader.plain(unescapedAnswer(pair.subanswer));
    if (prompt === '') distractors.push(match);
    else pairs.push({ prompt, match });
  }
  return draftOf('MATCHING', { ...fields, pairs, distractors });
}

type DraftFields = Parameters<typeof draftOf>[1];

/**
 * A missing word question whose answers are typed (`{=a =b}` or `{#3:0.1}` inside the text) is
 * a fill-in-the-blanks question with one blank where the answers were. One whose answers are
 * choices (`{=a ~b}`) stays skipped: a blank has no choices.
 */
function missingWordOf(
  reader: QuestionReader,
  question: Exclude<GIFTQuestion, Category>,
  fields: DraftFields,
): ReadQuestion {
  if (question.type !== 'Short' && question.type !== 'Numerical') {
    return reader.refuse(MESSAGES.unsupportedType('missing word'));
  }
  const stem = question.stem.text;
  if (stem.split(MISSING_WORD).length !== 2) return reader.refuse(MESSAGES.blankNotFound);
  const questionText = blanksIn(
    readText(reader, { ...question.stem, text: stem.replace(MISSING_WORD, blankToken(1)) }),
  );
  if (question.type === 'Short') {
    const accepted = typedAnswers(reader, question.choices);
    return reader.done(
      draftOf('FILL_IN_BLANKS', {
        ...fields,
        questionText,
        blanks: [{ accepted, caseSensitive: false, tolerance: null }],
      }),
    );
  }
  const choices = Array.isArray(question.choices)
    ? question.choices
    : [{ isCorrect: true, weight: null, text: question.choices, feedback: null }];
  noteAnswerFeedback(
    reader,
    choices.map((choice) => choice.feedback),
  );
  const answers = acceptedNumbers(reader, choices);
  reader.refuseIf(
    answers.some((answer) => answer.fraction > 0 && answer.fraction < 1),
    MESSAGES.partialCredit,
  );
  const right = answers.filter((answer) => answer.fraction === 1);
  reader.refuseIf(right.length === 0, MESSAGES.noCorrectAnswer);
  return reader.done(
    draftOf('FILL_IN_BLANKS', { ...fields, questionText, blanks: [numericBlank(reader, right)] }),
  );
}

function readQuestion(question: Exclude<GIFTQuestion, Category>, comments: Comments): ReadQuestion {
  const reader = new QuestionReader(question.title ?? undefined);
  const tagged = fieldsOfTags(question.tags ?? []);
  const fields = {
    questionText: readText(reader, question.stem),
    explanation: readText(reader, 'globalFeedback' in question ? question.globalFeedback : null),
    difficulty: tagged.difficulty,
    marks: tagged.marks,
  };
  if (question.hasEmbeddedAnswers) return missingWordOf(reader, question, fields);
  switch (question.type) {
    case 'MC': {
      noteAnswerFeedback(
        reader,
        question.choices.map((choice) => choice.feedback),
      );
      const choices = question.choices.map((choice: TextChoice) => ({
        text: readText(reader, choice.text),
        credit: choice.weight ?? (choice.isCorrect ? 100 : 0),
      }));
      // As Moodle reads GIFT: answers without an `=` are a multiple-answer question.
      if (!question.choices.some((choice) => choice.isCorrect)) {
        return reader.done(multiSelectOf(reader, fields, choices, tagged.scoring ?? 'PARTIAL'));
      }
      return reader.done(draftOf('MCQ', { ...fields, options: optionsOf(reader, choices) }));
    }
    case 'Numerical': {
      const choices = Array.isArray(question.choices)
        ? question.choices
        : [{ isCorrect: true, weight: null, text: question.choices, feedback: null }];
      noteAnswerFeedback(
        reader,
        choices.map((choice) => choice.feedback),
      );
      return reader.done(
        draftOf('NUMERICAL', {
          ...fields,
          numericAnswers: acceptedNumbers(reader, choices),
          ...unitsIn(reader, comments.units),
        }),
      );
    }
    case 'TF':
      noteAnswerFeedback(reader, [question.trueFeedback, question.falseFeedback]);
      return reader.done(
        draftOf('TRUE_FALSE', { ...fields, options: trueFalseOptions(question.isTrue) }),
      );
    case 'Short': {
      const answers = typedAnswers(reader, question.choices);
      return reader.done(draftOf('SHORT_ANSWER', { ...fields, ...shortAnswerFields(answers) }));
    }
    case 'Essay':
      return reader.done(
        draftOf('LONG_ANSWER', {
          ...fields,
          modelAnswer: comments.modelAnswer ?? '',
          minWordCount: tagged.minWordCount,
          maxWordCount: tagged.maxWordCount,
          keywords: tagged.keywords,
        }),
      );
    case 'Matching':
      return reader.done(matchingOf(reader, question, fields));
    default:
      return reader.refuse(MESSAGES.unsupportedType(question.type.toLowerCase()));
  }
}

interface Block {
  text: string;
  /** 1-based line of the file where the block starts. */
  line: number;
}

/** Questions are separated by blank lines, as Moodle's own GIFT reader splits them. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let lines: string[] = [];
  let start = 1;
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === '') {
      if (lines.length > 0) blocks.push({ text: lines.join('\n'), line: start });
      lines = [];
    } else {
      if (lines.length === 0) start = index + 1;
      lines.push(line);
    }
  });
  if (lines.length > 0) blocks.push({ text: lines.join('\n'), line: start });
  return blocks;
}

const onlyComments = (block: Block) =>
  block.text.split('\n').every((line) => line.trim().startsWith('//'));

/** The questions of a GIFT file, each block read on its own so one mistake costs one question. */
export function readGift(text: string): ReadQuestion[] {
  if (text.trimStart().startsWith('<')) wrongFormat('gift');
  const read: ReadQuestion[] = [];
  let understood = 0;
  // A `$CATEGORY:` line files the questions after it, up to the next one.
  let category = '';
  for (const block of blocksOf(text).filter((candidate) => !onlyComments(candidate))) {
    let questions: GIFTQuestion[];
    try {
      questions = parse(`${block.text}\n`);
      understood += 1;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const line = (error as { location?: { start?: { line?: number } } }).location?.start?.line;
      const where = line === undefined ? '' : `line ${block.line + line - 1}: `;
      read.push(new QuestionReader().refuse(MESSAGES.unreadableQuestion(`${where}${detail}`)));
      continue;
    }
    const comment = (start: string) =>
      block.text
        .split('\n')
        .find((line) => line.startsWith(start))
        ?.slice(start.length);
    const comments = {
      modelAnswer: comment(MODEL_ANSWER_COMMENT)?.replace(/\\(\\|n)/g, (_, escaped: string) =>
        escaped === 'n' ? '\n' : '\\',
      ),
      units: comment(UNITS_COMMENT),
    };
    for (const question of questions) {
      if (question.type === 'Category') category = categoryPath(question.title);
      else read.push({ ...readQuestion(question, comments), category });
    }
  }
  if (understood === 0 && read.length > 0) wrongFormat('gift');
  return read;
}

// --- Writing ----------------------------------------------------------------------------------

/** GIFT's special characters escaped with a backslash; a line break is written as \n. */
function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, (char) => `\\${char}`).replace(/\r?\n/g, '\\n');
}

/** Content as GIFT: its Markdown as it is stored, in GIFT's own escapes. */
const giftContent = (text: string) => `[markdown]${escapeGift(text)}`;

/** Plain text that would read as markup is marked plain, so a reader keeps its < and & as written. */
function giftPlain(text: string): string {
  return /[<&]/.test(text) ? `[plain]${escapeGift(text)}` : escapeGift(text);
}

/**
 * A matching prompt: content, whose `->` would end it where a reader looks for the match, so it
 * is written `-\>`, which Markdown shows as `->`.
 */
const giftPrompt = (text: string) => giftContent(text.replaceAll('->', '-\\>'));

/** A question's answers in GIFT; undefined for a type GIFT has no question of. */
function answersOf(question: Question): string | undefined {
  const feedback = `####${giftContent(question.explanation)}`;
  switch (question.questionType) {
    case 'MCQ': {
      const options = question.options.map(
        (option) => `\t${option.isCorrect ? '=' : '~'}${giftContent(option.text)}`,
      );
      return `{\n${options.join('\n')}\n\t${feedback}\n}`;
    }
    case 'TRUE_FALSE':
      return `{${question.options[0]?.isCorrect ? 'TRUE' : 'FALSE'}${feedback}}`;
    case 'SHORT_ANSWER': {
      const answers = acceptedAnswersOf(question).map((answer) => `\t=${giftPlain(answer)}`);
      return `{\n${answers.join('\n')}\n\t${feedback}\n}`;
    }
    case 'LONG_ANSWER':
      return `{${feedback}}`;
    case 'MULTI_SELECT': {
      const options = question.options.map(
        (option) =>
          `\t~%${choiceWeight(question.options, option.isCorrect)}%${giftContent(option.text)}`,
      );
      return `{\n${options.join('\n')}\n\t${feedback}\n}`;
    }
    case 'NUMERICAL': {
      const answers = question.numericAnswers.map(
        (answer) => `${decimalText(answer.value)}:${decimalText(absoluteTolerance(answer))}`,
      );
      const [only] = answers;
      if (only && answers.length === 1 && question.numericAnswers[0]?.fraction === 1) {
        return `{#${only}${feedback}}`;
      }
      const weighted = question.numericAnswers.map(
        (answer, index) => `\t=%${roundedNumber(answer.fraction * 100)}%${answers[index]}`,
      );
      return `{#\n${weighted.join('\n')}\n\t${feedback}\n}`;
    }
    case 'MATCHING': {
      // A match is plain text in GIFT; a distractor is a match without a prompt, as Moodle writes it.
      const pairs = question.pairs.map(
        (pair) => `\t=${giftPrompt(pair.prompt)} -> ${escapeGift(readableText(pair.match))}`,
      );
      const distractors = question.distractors.map(
        (distractor) => `\t= -> ${escapeGift(readableText(distractor))}`,
      );
      return `{\n${[...pairs, ...distractors].join('\n')}\n\t${feedback}\n}`;
    }
    case 'FILL_IN_BLANKS':
    case 'ORDERING':
    case 'FILE_UPLOAD':
      return undefined;
  }
}

function giftQuestion(question: Question, title: string): string {
  const answers = answersOf(question);
  if (answers === undefined) {
    const type = QUESTION_TYPE_LABELS[question.questionType].toLowerCase();
    return `// ${title}: ${MESSAGES.typeNotInFormat(type, QUESTION_FORMAT_LABELS.gift)}`.replace(
      /\r?\n/g,
      ' ',
    );
  }
  const lines = [
    `// ${tagsOf(question, { withMarks: true })
      .map((tag) => `[tag:${tag}]`)
      .join(' ')}`,
  ];
  if (question.questionType === 'LONG_ANSWER') {
    lines.push(
      `${MODEL_ANSWER_COMMENT}${question.modelAnswer.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n')}`,
    );
  }
  if (question.questionType === 'NUMERICAL') lines.push(`${UNITS_COMMENT}${unitsText(question)}`);
  lines.push(`::${escapeGift(title)}::${giftContent(question.questionText)}${answers}`);
  return lines.join('\n');
}

/**
 * An exam's questions as GIFT, a category per section (a bank's: each of its categories), answer
 * keys included.
 */
export function writeGift(exam: ExportedExam): string {
  const parts = [`// ${exam.examTitle} (${exam.examId}): questions with their answer keys`];
  for (const section of exam.sections) {
    const category = categoryOf(exam, section) || MOODLE_TOP_CATEGORY;
    parts.push(`$CATEGORY: ${category}`.replace(/\r?\n/g, ' '));
    section.questions.forEach((question, index) => {
      parts.push(giftQuestion(question, `${section.name} ${index + 1}`));
    });
  }
  return `${parts.join('\n\n')}\n`;
}
