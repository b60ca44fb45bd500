// What every interchange format shares, in one file past the usual size: reading a question into
// the exam payload's fields, its images, blanks and tags, so that each format reads them alike.
import { createHash } from 'node:crypto';
import {
  BLANK_MARKER,
  CATEGORY_SEPARATOR,
  DEFAULT_DIFFICULTY,
  DEFAULT_QUESTION_MARKS,
  DEFAULT_UNIT_PENALTY,
  DEFAULT_UPLOAD_SETTINGS,
  DEFAULT_WORD_RANGE,
  DIFFICULTIES,
  type Difficulty,
  EXAM_LIMITS,
  escapeMarkdown,
  FILE_KIND_ACCEPT,
  FILE_KINDS,
  type FileKind,
  fieldErrors,
  type IncompleteQuestion,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  mediaIdsIn,
  type NumericAnswer,
  type NumericUnit,
  type ParseQuestionsData,
  parseStudentNumber,
  QUESTION_FILE_LIMITS,
  type Question,
  type QuestionDraft,
  type QuestionImportFormat,
  type QuestionImportWarning,
  type QuestionType,
  questionSchema,
  readableText,
  SCORING_RULES,
  type ScoringRule,
  TRUE_FALSE_OPTION_TEXTS,
} from '@examiq/contracts';
import { z } from 'zod';
import { ApiError } from '../../errors';
import { htmlAsContent, plainAsContent } from './content-html';

/** An image file of the file being read, as a text of it refers to it. */
export interface FileImage {
  name: string;
  bytes: Uint8Array;
}

/** Where a text's image source (`@@PLUGINFILE@@/a.png`, `images/a.png`) is in the file read. */
export type FileImages = (source: string) => FileImage | undefined;

/**
 * An image a question read from the file holds. Its id is the SHA-256 of the file's bytes until
 * it is stored; storing it may strip metadata and so change the id (see storeImportedImages).
 */
export interface ImportedImage extends FileImage {
  id: string;
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** An image written into the HTML itself (`data:image/png;base64,…`), as editors paste them. */
function embeddedImage(source: string): FileImage | undefined {
  const data = DATA_URL.exec(source);
  if (!data) return undefined;
  return { name: 'pasted image', bytes: Buffer.from(source.slice(data[0].length), 'base64') };
}

/** One question as a format's reader found it: what it maps to, or why it cannot be kept. */
export interface ReadQuestion {
  title?: string;
  /** Set when nothing stands in the way: the question in the wizard's shape. */
  draft?: QuestionDraft;
  /** What the format has and the exam does not: the question is skipped. */
  skip: string[];
  /** Kept, but something was left out that the admin should know about. */
  notes: string[];
  images: ImportedImage[];
  /** The category the file files it under, as a bank's path (see categoryPath); none: ''. */
  category?: string;
}

/**
 * A category as a file names it, as a bank's path: Moodle's context (`$course$`) and `top`
 * left out, each level trimmed, and a slash inside a name (Moodle writes `//`) read as a dash,
 * since the bank's levels are separated by slashes.
 */
export function categoryPath(named: string): string {
  const levels = named
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((level) => level.replaceAll('//', '-').trim())
    .filter((level) => level !== '');
  if (/^\$[a-z0-9]+\$$/i.test(levels[0] ?? '')) levels.shift();
  if (levels[0]?.toLowerCase() === 'top') levels.shift();
  return levels.join(CATEGORY_SEPARATOR);
}

/**
 * Collects what one question of a file holds: read its texts as content through `plain`,
 * `markdown` or `html`, then `done` gives the question, or the reasons it is skipped.
 */
export class QuestionReader {
  private readonly skip = new Set<string>();
  private readonly notes = new Set<string>();
  private readonly images = new Map<string, ImportedImage>();

  constructor(readonly title?: string) {}

  /** Plain text as content that reads as written, its TeX as formulas (Moodle's filters show it so). */
  plain(raw: string | undefined): string {
    return plainAsContent((raw ?? '').trim());
  }

  /** Markdown is what content is: taken as it is, and checked as any content is. */
  markdown(raw: string | undefined): string {
    return (raw ?? '').trim();
  }

  /** HTML as content; what it held that content may not is left out, and said so. */
  html(raw: string | undefined, files: FileImages = () => undefined): string {
    const { markdown, findings } = htmlAsContent(raw ?? '', (source) => {
      const file = embeddedImage(source) ?? files(source);
      if (!file) return undefined;
      const id = createHash('sha256').update(file.bytes).digest('hex');
      if (!this.images.has(id)) this.images.set(id, { ...file, id });
      return { id, name: file.name };
    });
    if (findings.foreignImages > 0) this.notes.add(MESSAGES.foreignImages);
    for (const name of findings.undescribedImages) this.notes.add(MESSAGES.undescribedImage(name));
    if (findings.droppedLinks > 0) this.notes.add(MESSAGES.linksDropped);
    if (findings.droppedElements > 0) this.notes.add(MESSAGES.unsafeDropped);
    if (findings.droppedLooks > 0) this.notes.add(MESSAGES.looksDropped);
    return markdown;
  }

  refuse(reason: string): ReadQuestion {
    this.skip.add(reason);
    return this.done();
  }

  /** Refuses the question for `reason` when `condition` holds; reading goes on for the others. */
  refuseIf(condition: boolean, reason: string): void {
    if (condition) this.skip.add(reason);
  }

  note(message: string): void {
    this.notes.add(message);
  }

  done(draft?: QuestionDraft): ReadQuestion {
    const skip = [...this.skip];
    return {
      title: this.title,
      draft: skip.length === 0 ? draft : undefined,
      skip,
      notes: [...this.notes],
      images: [...this.images.values()],
    };
  }
}

/** A tag's start: `<p`, `</em`, a name ending where a word does. */
const TAG_START = /<\/?[a-z][a-z0-9]*(?![a-z0-9_])/i;

/**
 * Moodle's auto-format is plain text that may hold HTML: markup in it makes it HTML. A tag is a
 * tag's start with a `>` after it; only the first start needs looking at, since a `>` after any
 * start is after the first. (`/<…[^>]*>/` would scan to the end of the text again from every
 * `<`: hours for a 5 MB file of them.)
 */
export function holdsMarkup(text: string): boolean {
  const start = TAG_START.exec(text);
  return start !== null && text.includes('>', start.index + start[0].length);
}

/** Every text of a question a reader reads as content (Markdown). */
export function contentOf(question: QuestionDraft): string[] {
  return [
    question.questionText,
    question.explanation,
    ...(question.options ?? []).map((option) => option.text),
    question.sampleAnswer ?? '',
    question.modelAnswer ?? '',
    ...(question.pairs ?? []).flatMap((pair) => [pair.prompt, pair.match]),
    ...(question.distractors ?? []),
    ...(question.items ?? []),
  ];
}

type DraftFields = Partial<Omit<QuestionDraft, 'questionType' | 'order'>>;

/** A question of a type with the wizard's defaults for whatever the file did not give. */
export function draftOf(questionType: QuestionType, fields: DraftFields): QuestionDraft {
  const base = {
    questionType,
    questionText: fields.questionText ?? '',
    marks: fields.marks ?? DEFAULT_QUESTION_MARKS[questionType],
    order: 0,
    difficulty: fields.difficulty ?? DEFAULT_DIFFICULTY,
    explanation: fields.explanation ?? '',
  };
  switch (questionType) {
    case 'MCQ':
    case 'TRUE_FALSE':
      return { ...base, options: fields.options ?? [] };
    case 'MULTI_SELECT':
      return { ...base, options: fields.options ?? [], scoring: fields.scoring ?? 'PARTIAL' };
    case 'NUMERICAL':
      return {
        ...base,
        numericAnswers: fields.numericAnswers ?? [],
        units: fields.units ?? [],
        unitPenalty: fields.unitPenalty ?? DEFAULT_UNIT_PENALTY,
      };
    case 'SHORT_ANSWER':
      return { ...base, sampleAnswer: fields.sampleAnswer ?? '', keywords: fields.keywords ?? [] };
    case 'LONG_ANSWER':
      return {
        ...base,
        modelAnswer: fields.modelAnswer ?? '',
        minWordCount: fields.minWordCount ?? DEFAULT_WORD_RANGE.min,
        maxWordCount: fields.maxWordCount ?? DEFAULT_WORD_RANGE.max,
        keywords: fields.keywords ?? [],
      };
    case 'FILL_IN_BLANKS':
      return { ...base, blanks: fields.blanks ?? [] };
    case 'MATCHING':
      return { ...base, pairs: fields.pairs ?? [], distractors: fields.distractors ?? [] };
    case 'ORDERING':
      return { ...base, items: fields.items ?? [], scoring: fields.scoring ?? 'PARTIAL' };
    case 'FILE_UPLOAD':
      return {
        ...base,
        fileTypes: fields.fileTypes ?? [...FILE_KINDS],
        maxFiles: fields.maxFiles ?? DEFAULT_UPLOAD_SETTINGS.maxFiles,
        maxFileMb: fields.maxFileMb ?? DEFAULT_UPLOAD_SETTINGS.maxFileMb,
      };
  }
}

/**
 * The kind of file a type names (an extension with or without its dot, a MIME type, `image/*`),
 * or none when the exam takes no such file.
 */
function fileKindNamed(type: string): FileKind | undefined {
  if (type === 'image/*') return 'IMAGE';
  return FILE_KINDS.find((kind) =>
    FILE_KIND_ACCEPT[kind].split(',').some((taken) => taken === type || taken === `.${type}`),
  );
}

/**
 * The kinds of file a question takes, from the types a file allows (none, or `*`, allows any:
 * both kinds). Types of files the exam refuses are said to be left out; a question allowing
 * only such files is refused, since no file its students hand in could be taken.
 */
export function fileKindsOf(reader: QuestionReader, types: readonly string[]): FileKind[] {
  const named = types.map((type) => type.trim().toLowerCase()).filter((type) => type !== '');
  if (named.length === 0 || named.includes('*')) return [...FILE_KINDS];
  const kinds = new Set(named.map(fileKindNamed));
  const refused = named.filter((type) => fileKindNamed(type) === undefined);
  const taken = FILE_KINDS.filter((kind) => kinds.has(kind));
  if (taken.length === 0) {
    reader.refuseIf(true, MESSAGES.fileTypesNotTaken(refused.join(', ')));
  } else if (refused.length > 0) {
    reader.note(MESSAGES.fileTypesDropped(refused.join(', ')));
  }
  return taken;
}

/**
 * How many files a question takes, from how many a file allows (null for any number): at most
 * the exam's limit, said when that is fewer; at least one.
 */
export function maxFilesOf(reader: QuestionReader, allowed: number | null): number {
  const { min, max } = EXAM_LIMITS.uploadFiles;
  if (allowed === null || allowed > max) {
    reader.note(MESSAGES.filesCapped(allowed));
    return max;
  }
  return Math.max(min, allowed);
}

/**
 * A blank's place in a file's text while the text is converted to content: letters and digits,
 * which neither the HTML reader nor the plain text escaper touch (`[[1]]` itself would come back
 * `\[\[1\]\]`, no longer a blank). `blanksIn` turns them into the exam's `[[n]]` markers.
 */
export const blankToken = (number: number) => `qxblank${number}qx`;
const BLANK_TOKEN = /qxblank(\d+)qx/g;

export const blanksIn = (content: string) =>
  content.replace(BLANK_TOKEN, (_, number: string) => `[[${number}]]`);

/**
 * Content whose `[[n]]` markers are rendered by a writer's own means: each is a token while the
 * content is turned into HTML, then `blank` writes what stands in its place.
 */
export function withBlanksWritten(
  content: string,
  render: (content: string) => string,
  blank: (number: number) => string,
): string {
  const marked = content.replace(BLANK_MARKER, (_, number: string) => blankToken(Number(number)));
  return render(marked).replace(BLANK_TOKEN, (_, number: string) => blank(Number(number)));
}

/** An exam blank as a file reads it: its accepted answers, plain text or numbers. */
export interface ReadBlank {
  accepted: string[];
  caseSensitive: boolean;
  tolerance: number | null;
}

/**
 * A numeric blank's accepted numbers, each with its own tolerance in the file: the exam has one
 * tolerance a blank, so each is accepted within the widest, said when they differed.
 */
export function numericBlank(
  reader: QuestionReader,
  answers: readonly { value: number; tolerance: number; text?: string }[],
): ReadBlank {
  const tolerances = answers.map((answer) => Math.abs(answer.tolerance));
  const widest = Math.max(0, ...tolerances);
  if (tolerances.some((tolerance) => tolerance !== widest)) {
    reader.note(MESSAGES.blankToleranceWidest);
  }
  return {
    accepted: answers.map((answer) => numberAsWritten(answer.value, answer.text)),
    caseSensitive: false,
    tolerance: widest,
  };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A blank's accepted number as a file writes it: as the author wrote it when that is plain
 * decimal digits (`3.30` stays `3.30`), else in decimal digits (`1.2e-3` is `0.0012`).
 */
export function numberAsWritten(value: number, text?: string): string {
  const trimmed = text?.trim() ?? '';
  return DECIMAL.test(trimmed) ? trimmed : decimalText(value);
}

/** A true/false question's two options, True first as the exam stores them. */
export function trueFalseOptions(answerIsTrue: boolean) {
  return TRUE_FALSE_OPTION_TEXTS.map((text, index) => ({
    text,
    isCorrect: (index === 0) === answerIsTrue,
  }));
}

/**
 * A short answer question's accepted answers: the first is its sample answer, the others its
 * keywords (the sample answer alone when there are no others). Writers list them that way.
 * Accepted answers are plain text in every format, since they are compared with what a student
 * types: the sample answer travels as the text a reader reads and comes back escaped as content.
 */
export function shortAnswerFields(answers: string[]) {
  const [sampleAnswer = '', ...rest] = answers;
  return {
    sampleAnswer: escapeMarkdown(sampleAnswer),
    keywords: rest.length > 0 ? rest : answers.slice(0, 1),
  };
}

export function acceptedAnswersOf(question: { sampleAnswer: string; keywords: string[] }) {
  const sampleAnswer = readableText(question.sampleAnswer);
  const { keywords } = question;
  return keywords.length === 1 && keywords[0] === sampleAnswer
    ? [sampleAnswer]
    : [sampleAnswer, ...keywords];
}

/**
 * Difficulty and, where a format has no place for them, marks, word limits, keywords and a
 * multiple select's scoring rule travel as tags (GIFT and Moodle XML have question tags):
 * `difficulty-hard`, `marks-2`, `min-words-150`, `scoring-all-or-nothing`.
 */
const TAG = {
  difficulty: (difficulty: Difficulty) => `difficulty-${difficulty.toLowerCase()}`,
  marks: (marks: number) => `marks-${marks}`,
  minWords: (count: number) => `min-words-${count}`,
  maxWords: (count: number) => `max-words-${count}`,
  scoring: (rule: ScoringRule) => `scoring-${rule.toLowerCase().replaceAll('_', '-')}`,
};

export interface TaggedFields {
  difficulty?: Difficulty;
  marks?: number;
  minWordCount?: number;
  maxWordCount?: number;
  scoring?: ScoringRule;
  /** Every other tag: an essay's keywords. */
  keywords: string[];
}

export function fieldsOfTags(tags: readonly string[]): TaggedFields {
  const fields: TaggedFields = { keywords: [] };
  for (const raw of tags) {
    const tag = raw.trim();
    const [, name, value] =
      /^(difficulty|marks|min-words|max-words|scoring)-([\w-]+)$/i.exec(tag) ?? [];
    const level = value?.toUpperCase() as Difficulty;
    const rule = value?.toUpperCase().replaceAll('-', '_') as ScoringRule;
    const count = Number(value);
    if (name?.toLowerCase() === 'difficulty' && DIFFICULTIES.includes(level)) {
      fields.difficulty = level;
    } else if (name?.toLowerCase() === 'scoring' && SCORING_RULES.includes(rule)) {
      fields.scoring = rule;
    } else if (name && !/^(difficulty|scoring)$/i.test(name) && Number.isInteger(count)) {
      const key = { marks: 'marks', 'min-words': 'minWordCount', 'max-words': 'maxWordCount' }[
        name.toLowerCase()
      ] as 'marks' | 'minWordCount' | 'maxWordCount';
      fields[key] = count;
    } else if (tag !== '') fields.keywords.push(tag);
  }
  return fields;
}

/**
 * The tags a question is written with (see TAG); keywords only for a long answer, the scoring
 * rule only for a multiple select.
 */
export function tagsOf(question: Question, { withMarks }: { withMarks: boolean }): string[] {
  const tags = [TAG.difficulty(question.difficulty)];
  if (withMarks) tags.push(TAG.marks(question.marks));
  if (question.questionType === 'MULTI_SELECT') tags.push(TAG.scoring(question.scoring));
  if (question.questionType === 'LONG_ANSWER') {
    if (withMarks) {
      tags.push(TAG.minWords(question.minWordCount), TAG.maxWords(question.maxWordCount));
    }
    tags.push(...question.keywords);
  }
  return tags;
}

export function unreadable(): never {
  throw new ApiError(400, MESSAGES.unreadable);
}

export function wrongFormat(format: QuestionImportFormat): never {
  throw new ApiError(400, MESSAGES.wrongFormat(format));
}

/** A zip archive's signature: a QTI content package, or a file of another kind. */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Bytes as text: UTF-8 with or without its byte order mark. Anything else is unreadable, and so
 * is text holding NUL, which no text format has and the database cannot store.
 */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return unreadable();
  }
  return text.includes('\u0000') ? unreadable() : text;
}

/** An image of the questions kept, with the first question holding it, to name if it is refused. */
export interface QuestionImage extends ImportedImage {
  place: { question: number; title?: string };
}

/**
 * A file read: the questions as the parse response gives them, the images of the file they hold,
 * and every media id their content names (read here, on the parser thread, since finding them
 * parses every text).
 */
export interface ReadQuestionFile {
  data: Omit<ParseQuestionsData, 'mediaUrls'>;
  images: QuestionImage[];
  mediaIds: string[];
  /** The file's category of each question returned, ready or incomplete, by its `order`. */
  categories: string[];
}

/**
 * The parse response: each question checked with the exam contract's schema, numbered in file
 * order among those kept.
 */
export function parseResult(
  format: QuestionImportFormat,
  read: readonly ReadQuestion[],
): ReadQuestionFile {
  if (read.length === 0) throw new ApiError(400, MESSAGES.noQuestions);
  if (read.length > QUESTION_FILE_LIMITS.maxQuestions) {
    throw new ApiError(400, MESSAGES.tooManyQuestions);
  }
  const questions: Question[] = [];
  const incomplete: IncompleteQuestion[] = [];
  const warnings: QuestionImportWarning[] = [];
  const images = new Map<string, QuestionImage>();
  const categories: string[] = [];
  read.forEach(({ title, draft, skip, notes, images: held, category }, index) => {
    const place = { question: index + 1, ...(title ? { title } : {}) };
    for (const message of skip) warnings.push({ ...place, message, skipped: true });
    if (!draft) return;
    for (const message of notes) warnings.push({ ...place, message, skipped: false });
    for (const image of held) if (!images.has(image.id)) images.set(image.id, { ...image, place });
    const numbered = { ...draft, order: questions.length + incomplete.length + 1 };
    categories.push(category ?? '');
    const checked = questionSchema.safeParse(numbered);
    if (checked.success) questions.push(checked.data);
    else incomplete.push({ ...place, draft: numbered, errors: fieldErrors(checked.error.issues) });
  });
  const mediaIds = [...questions, ...incomplete.map((item) => item.draft)].flatMap((question) =>
    contentOf(question).flatMap(mediaIdsIn),
  );
  return {
    data: { format, questions, incomplete, warnings },
    images: [...images.values()],
    mediaIds: [...new Set(mediaIds)],
    categories,
  };
}

/** One answer of a choice question with the share of the marks it earns (100 is right). */
export interface Choice {
  text: string;
  credit: number;
}

/**
 * The options of a one-answer choice question. Several answers at full marks is a one-answer
 * question with several right answers, which the exam has not; any other share but 0 or 100
 * (penalties too) is partial credit.
 */
export function optionsOf(reader: QuestionReader, choices: readonly Choice[]) {
  const earning = choices.filter((choice) => choice.credit > 0);
  const full = choices.filter((choice) => choice.credit === 100);
  const several = full.length > 1 || (full.length === 0 && earning.length > 1);
  reader.refuseIf(several, MESSAGES.multipleCorrect);
  reader.refuseIf(
    !several && choices.some((choice) => choice.credit !== 0 && choice.credit !== 100),
    MESSAGES.partialCredit,
  );
  reader.refuseIf(earning.length === 0, MESSAGES.noCorrectAnswer);
  return choices.map((choice) => ({ text: choice.text, isCorrect: full.includes(choice) }));
}

/** A multiple select's share of the marks for each right option, in percent: what files write. */
const shareOfRight = (rightCount: number) => 100 / rightCount;

/**
 * A multiple-answer question as a multiple select: its right options are those earning a share.
 * The exam scores by its own rule, so a file's weights that are not that rule's (each right
 * option an equal share, each wrong one the same share off) are said to be replaced.
 */
export function multiSelectOf(
  reader: QuestionReader,
  fields: DraftFields,
  choices: readonly Choice[],
  scoring: ScoringRule,
): QuestionDraft {
  const right = choices.filter((choice) => choice.credit > 0);
  reader.refuseIf(right.length === 0, MESSAGES.noCorrectAnswer);
  const share = shareOfRight(right.length);
  const ownWeight = (choice: Choice) =>
    Math.abs(choice.credit - (choice.credit > 0 ? share : -share)) < 0.01;
  if (scoring === 'PARTIAL' && right.length > 0 && !choices.every(ownWeight)) {
    reader.note(MESSAGES.choiceWeightsReplaced);
  }
  const options = choices.map((choice) => ({ text: choice.text, isCorrect: choice.credit > 0 }));
  return draftOf('MULTI_SELECT', { ...fields, options, scoring });
}

/**
 * The weight, in percent, GIFT and Moodle XML give an option of a multiple select: a right one
 * earns its equal share, a wrong one takes it off, as the exam's partial rule scores. Moodle has
 * no all-or-nothing multiple answer question: its rule travels as a tag (see TAG).
 */
export function choiceWeight(options: readonly { isCorrect: boolean }[], isCorrect: boolean) {
  // Moodle's own weights have five decimals (33.33333).
  const share = Number(
    shareOfRight(options.filter((option) => option.isCorrect).length).toFixed(5),
  );
  return isCorrect ? share : -share;
}

/** A number computed from others, rid of the float noise of its last digits (0.1 × 3). */
export const roundedNumber = (value: number) => Number(value.toPrecision(12));

/** A number a file writes (`1.5`, `-0,25`, `1.2e-3`), or undefined when it is not one. */
export function numberIn(text: string): number | undefined {
  return parseStudentNumber(text) ?? undefined;
}

/** A number in decimal digits, never in exponent notation, which GIFT readers do not take. */
export function decimalText(value: number): string {
  const [mantissa = '', exponent] = String(value).split('e');
  if (exponent === undefined) return mantissa;
  const sign = mantissa.startsWith('-') ? '-' : '';
  const unsigned = mantissa.replace('-', '');
  const digits = unsigned.replace('.', '');
  const point =
    (unsigned.includes('.') ? unsigned.indexOf('.') : unsigned.length) + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * An accepted answer's tolerance as an absolute one, which GIFT and Moodle XML have alone: a
 * percent of the value accepts the same numbers as that share of it either side.
 */
export function absoluteTolerance(answer: NumericAnswer): number {
  return answer.toleranceType === 'ABSOLUTE'
    ? answer.tolerance
    : roundedNumber((Math.abs(answer.value) * answer.tolerance) / 100);
}

/** A numerical question's units and penalty, where a format has no place for them (see unitsIn). */
export function unitsText(question: { units: NumericUnit[]; unitPenalty: number }): string {
  return JSON.stringify({ units: question.units, unitPenalty: question.unitPenalty });
}

const unitsTextSchema = z.object({
  units: z.array(z.object({ unit: z.string(), factor: z.number() })),
  unitPenalty: z.number(),
});

/**
 * A numerical question's units and penalty as unitsText wrote them (GIFT has no units, QTI no
 * units of a text entry: our files carry them where readers skip them); unreadable, they are
 * left out and said so.
 */
export function unitsIn(
  reader: QuestionReader,
  text: string | undefined,
): Pick<DraftFields, 'units' | 'unitPenalty'> {
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const read = unitsTextSchema.safeParse(json);
  if (read.success) return read.data;
  reader.note(MESSAGES.unitsUnreadable);
  return {};
}
