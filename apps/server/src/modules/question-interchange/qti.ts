// QTI items, reading and writing, in one file past the usual size: each interaction's writer
// mirrors its reader, and a change to one must be seen beside the other.
import { posix } from 'node:path';
import {
  type Difficulty,
  escapeMarkdown,
  FILE_KIND_CONTENT_TYPES,
  FILE_KINDS,
  type FileKind,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  type NumericAnswer,
  QUESTION_FILE_LIMITS,
  type QuestionDraft,
} from '@examiq/contracts';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { ApiError } from '../../errors';
import { DamagedZip, declaredSize, unpackEntry, zipEntries } from '../../uploads/zip';
import {
  blanksIn,
  blankToken,
  decodeText,
  draftOf,
  type FileImages,
  fileKindsOf,
  isZip,
  maxFilesOf,
  multiSelectOf,
  numberIn,
  numericBlank,
  QuestionReader,
  type ReadQuestion,
  roundedNumber,
  trueFalseOptions,
  unitsIn,
  unreadable,
  wrongFormat,
} from './interchange';
import { itemCategories } from './qti-categories';
import { attribute, listOf, readXml, textOf, valuesOf, type XmlNode } from './xml';

// --- Reading: items as an ordered tree, since text and interactions interleave in a body ----

/** A node of fast-xml-parser's ordered tree: `{ name: children, ':@': attributes }` or text. */
type OrderedNode = Record<string, unknown>;

const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  // Character references (&#233;) are read as the characters they name.
  htmlEntities: true,
  trimValues: false,
});

const nameOf = (node: OrderedNode) => Object.keys(node).find((key) => key !== ':@') ?? '';
const childrenOf = (node: OrderedNode) => {
  const children = node[nameOf(node)];
  return Array.isArray(children) ? (children as OrderedNode[]) : [];
};
const attributesOf = (node: OrderedNode) => (node[':@'] ?? {}) as Record<string, string>;

function findAll(nodes: OrderedNode[], test: (name: string) => boolean): OrderedNode[] {
  return nodes.flatMap((node) => {
    const name = nameOf(node);
    if (name === '#text') return [];
    return test(name) ? [node] : findAll(childrenOf(node), test);
  });
}
const findFirst = (nodes: OrderedNode[], name: string) =>
  findAll(nodes, (candidate) => candidate === name)[0];

const orderedBuilder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  suppressEmptyNode: true,
});

const isInteraction = (name: string) => name.endsWith('-interaction');
const interactionType = (name: string) => name.replace(/^qti-|-interaction$/g, '');
/** Where a text entry sits inside a sentence, the question's text shows its blank. */
const BLANK = '_____';
const TEX_ENCODINGS = new Set(['application/x-tex', 'tex', 'latex']);
const textNode = (text: string): OrderedNode => ({ '#text': text });

/** A MathML formula as its TeX annotation, between the delimiters the content reader reads. */
function mathAsTex(reader: QuestionReader, math: OrderedNode): OrderedNode[] {
  const annotation = findAll(childrenOf(math), (name) => name === 'annotation').find((node) =>
    TEX_ENCODINGS.has((attributesOf(node).encoding ?? '').toLowerCase()),
  );
  if (!annotation) {
    reader.refuseIf(true, MESSAGES.mathMlOnly);
    return [];
  }
  const tex = textIn(annotation);
  return [textNode(attributesOf(math).display === 'block' ? `$$${tex}$$` : `\\(${tex}\\)`)];
}

/** What stands for a text entry in the text: `_____`, or a fill-in-the-blanks question's blank. */
type EntryText = (entry: OrderedNode) => string;
const underscores: EntryText = () => BLANK;

/**
 * XHTML content without the interactions in it: a text entry within a sentence is its blank,
 * one alone in its block is the answer box and goes with its block; MathML is its TeX.
 */
function withoutInteractions(
  reader: QuestionReader,
  nodes: OrderedNode[],
  entryText: EntryText = underscores,
): OrderedNode[] {
  return nodes.flatMap((node) => {
    const name = nameOf(node);
    if (name === '#text') return [node];
    if (name === 'math') return mathAsTex(reader, node);
    if (name === 'qti-text-entry-interaction') return [textNode(entryText(node))];
    if (isInteraction(name) || name === 'qti-simple-choice') return [];
    const children = withoutInteractions(reader, childrenOf(node), entryText);
    const text = children
      .map((child) => String(child['#text'] ?? '-'))
      .join('')
      .trim();
    if (text === BLANK) return [];
    return [{ ...node, [name]: children }];
  });
}

/** XHTML content (an item's body, a choice, a feedback) as exam content. */
function contentText(
  reader: QuestionReader,
  nodes: OrderedNode[],
  files: FileImages,
  entryText?: EntryText,
): string {
  const xhtml = String(orderedBuilder.build(withoutInteractions(reader, nodes, entryText)));
  return reader.html(xhtml, files);
}

const textIn = (node: OrderedNode) =>
  childrenOf(node)
    .map((text) => String(text['#text'] ?? ''))
    .join('')
    .trim();

/** The values of a declaration's correct response or default value, in order. */
function valuesIn(declaration: OrderedNode | undefined, holder: string): string[] {
  const found = declaration && findFirst(childrenOf(declaration), holder);
  return found ? findAll(childrenOf(found), (name) => name === 'qti-value').map(textIn) : [];
}

/** A declaration's mapping: each key's value, and the value of a key it does not list. */
function mappingOf(declaration: OrderedNode | undefined) {
  const mapping = declaration && findFirst(childrenOf(declaration), 'qti-mapping');
  if (!mapping) return undefined;
  return {
    entries: findAll(childrenOf(mapping), (name) => name === 'qti-map-entry').map((entry) => ({
      key: attributesOf(entry)['map-key'] ?? '',
      value: Number(attributesOf(entry)['mapped-value']),
    })),
    otherwise: Number(attributesOf(mapping)['default-value'] ?? 0),
  };
}

/**
 * A multiple response choice as a multiple select: partial credit when its mapping scores it
 * (each choice's mapped value its share of the marks), all or nothing when only its correct
 * response does.
 */
function multiSelectDraft(
  reader: QuestionReader,
  fields: Parameters<typeof draftOf>[1],
  choices: { id: string; text: string }[],
  scoring: { correct: string[]; mapping: ReturnType<typeof mappingOf>; processing: string },
): QuestionDraft {
  const { mapping } = scoring;
  const partial = mapping !== undefined && !scoring.processing.endsWith('match_correct.xml');
  // Looked up by key: a file may hold many thousands of choices and entries.
  const mapped = new Map(mapping?.entries.map((entry) => [entry.key, entry.value]));
  const correct = new Set(scoring.correct);
  const mappedValue = (id: string) => mapped.get(id) ?? mapping?.otherwise ?? 0;
  const earned = choices.reduce((sum, choice) => sum + Math.max(0, mappedValue(choice.id)), 0);
  const credited = choices.map((choice) => ({
    text: choice.text,
    credit: partial
      ? (mappedValue(choice.id) / (earned || 1)) * 100
      : correct.has(choice.id)
        ? 100
        : 0,
  }));
  return multiSelectOf(reader, fields, credited, partial ? 'PARTIAL' : 'ALL_OR_NOTHING');
}

const NUMBER_TYPES = new Set(['float', 'integer']);
const childNamed = (node: OrderedNode | undefined, name: string) =>
  node && findFirst(childrenOf(node), name);

/**
 * A numerical text entry's accepted answers, from response processing that compares the
 * response with a value within a tolerance (`qti-equal`, QTI's relative tolerance a percent)
 * and sets SCORE: its share of the marks (all of them when set from MAXSCORE). Without such
 * processing, its correct response is the one answer, exactly.
 */
function numericAnswersIn(
  reader: QuestionReader,
  item: OrderedNode[],
  marks: number | undefined,
  correct: string[],
): NumericAnswer[] {
  const processing = findFirst(item, 'qti-response-processing');
  const branches = processing
    ? findAll(childrenOf(processing), (name) => /^qti-response-(else-)?if$/.test(name))
    : [];
  const compared = branches.flatMap((branch) => {
    const equal = childNamed(branch, 'qti-equal');
    // The answer is a value written there, or the declaration's correct response.
    const key = childNamed(equal, 'qti-base-value');
    const value = numberIn(
      key ? textIn(key) : childNamed(equal, 'qti-correct') ? (correct[0] ?? '') : '',
    );
    if (!equal || value === undefined) return [];
    const set = findAll(childrenOf(branch), (name) => name === 'qti-set-outcome-value').find(
      (node) => attributesOf(node).identifier === 'SCORE',
    );
    const scored = childNamed(set, 'qti-base-value');
    const mode = attributesOf(equal)['tolerance-mode'] ?? 'exact';
    const sides = (attributesOf(equal).tolerance ?? '0')
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((side) => Math.abs(numberIn(side) ?? 0));
    if (mode !== 'exact' && sides.length === 2 && sides[0] !== sides[1]) {
      reader.note(MESSAGES.unevenTolerance);
    }
    return [
      {
        value,
        tolerance: mode === 'exact' ? 0 : Math.max(...sides),
        toleranceType: mode === 'relative' ? ('PERCENT' as const) : ('ABSOLUTE' as const),
        score: scored ? numberIn(textIn(scored)) : undefined,
      },
    ];
  });
  const top = marks ?? compared.reduce((most, answer) => Math.max(most, answer.score ?? 0), 0);
  const answers = compared.map(({ score, ...answer }) => ({
    ...answer,
    fraction: score === undefined || top <= 0 ? 1 : roundedNumber(score / top),
  }));
  if (answers.length > 0) return answers;
  return correct.flatMap((text) => {
    const value = numberIn(text);
    return value === undefined
      ? []
      : [{ value, tolerance: 0, toleranceType: 'ABSOLUTE' as const, fraction: 1 }];
  });
}

/**
 * An item's marks: its MAXSCORE outcome's default value, else its SCORE outcome's normal maximum
 * (SCORE's own default is the score before any answer, not the marks).
 */
function marksOf(item: OrderedNode[]): number | undefined {
  const outcome = (identifier: string) =>
    findAll(item, (name) => name === 'qti-outcome-declaration').find(
      (node) => attributesOf(node).identifier === identifier,
    );
  const maxScore = outcome('MAXSCORE');
  const score = outcome('SCORE');
  const candidates = [
    Number(valuesIn(maxScore, 'qti-default-value')[0] ?? Number.NaN),
    Number(score ? (attributesOf(score)['normal-maximum'] ?? Number.NaN) : Number.NaN),
  ];
  return candidates.find(Number.isFinite);
}

/** What the content package's metadata says of an item (LOM keywords and difficulty). */
interface ItemMetadata {
  keywords: string[];
  difficulty?: Difficulty;
}

const LOM_DIFFICULTY: Record<string, Difficulty> = {
  'very easy': 'EASY',
  easy: 'EASY',
  medium: 'MEDIUM',
  difficult: 'HARD',
  'very difficult': 'HARD',
};

type DraftFields = Parameters<typeof draftOf>[1];

const declarationOf = (item: OrderedNode[], identifier: string | undefined) =>
  findAll(item, (name) => name === 'qti-response-declaration').find(
    (node) => attributesOf(node).identifier === identifier,
  );

/**
 * A text entry's accepted numbers: each `qti-equal` of the processing that compares its response
 * with a value (absolute or relative tolerance, read as absolute: a blank's tolerance is), else
 * its correct response exactly.
 */
function numbersOfEntry(
  item: OrderedNode[],
  identifier: string,
  correct: string[],
): { value: number; tolerance: number }[] {
  const processing = findFirst(item, 'qti-response-processing');
  const equals = processing
    ? findAll(childrenOf(processing), (name) => name === 'qti-equal').filter((equal) =>
        findAll(childrenOf(equal), (name) => name === 'qti-variable').some(
          (variable) => attributesOf(variable).identifier === identifier,
        ),
      )
    : [];
  const compared = equals.flatMap((equal) => {
    const key = childNamed(equal, 'qti-base-value');
    const text = key ? textIn(key) : childNamed(equal, 'qti-correct') ? (correct[0] ?? '') : '';
    const value = numberIn(text);
    if (value === undefined) return [];
    const mode = attributesOf(equal)['tolerance-mode'] ?? 'exact';
    const widest = Math.max(
      0,
      ...(attributesOf(equal).tolerance ?? '0')
        .trim()
        .split(/\s+/)
        .slice(0, 2)
        .map((side) => Math.abs(numberIn(side) ?? 0)),
    );
    const tolerance =
      mode === 'exact'
        ? 0
        : mode === 'relative'
          ? roundedNumber((Math.abs(value) * widest) / 100)
          : widest;
    return [{ value, tolerance, text }];
  });
  if (compared.length > 0) return compared;
  return correct.flatMap((text) => {
    const value = numberIn(text);
    return value === undefined ? [] : [{ value, tolerance: 0, text }];
  });
}

/**
 * Text entries within the item's text, each with its own response declaration: a
 * fill-in-the-blanks question, each entry a blank where it stands. A string entry accepts the
 * keys its mapping credits (else its correct response), case-sensitive unless its entries say
 * `case-sensitive="false"` (QTI's default is true); a float or integer entry its numbers.
 */
function fillInBlanksOf(
  reader: QuestionReader,
  item: OrderedNode[],
  body: OrderedNode,
  entries: OrderedNode[],
  fields: DraftFields,
  files: FileImages,
): QuestionDraft {
  const questionText = blanksIn(
    contentText(reader, childrenOf(body), files, (entry) => blankToken(entries.indexOf(entry) + 1)),
  );
  const blanks = entries.map((entry) => {
    const identifier = attributesOf(entry)['response-identifier'] ?? '';
    const declaration = declarationOf(item, identifier);
    const baseType = declaration ? (attributesOf(declaration)['base-type'] ?? '') : '';
    const correct = valuesIn(declaration, 'qti-correct-response');
    if (NUMBER_TYPES.has(baseType)) {
      const numbers = numbersOfEntry(item, identifier, correct);
      reader.refuseIf(numbers.length === 0, MESSAGES.noCorrectAnswer);
      return numericBlank(reader, numbers);
    }
    const mapping = declaration && findFirst(childrenOf(declaration), 'qti-mapping');
    const credited = mapping
      ? findAll(childrenOf(mapping), (name) => name === 'qti-map-entry').filter(
          (node) => Number(attributesOf(node)['mapped-value']) > 0,
        )
      : [];
    const accepted =
      credited.length > 0 ? credited.map((node) => attributesOf(node)['map-key'] ?? '') : correct;
    reader.refuseIf(accepted.length === 0, MESSAGES.noCorrectAnswer);
    return {
      accepted,
      caseSensitive: !credited.some((node) => attributesOf(node)['case-sensitive'] === 'false'),
      tolerance: null,
    };
  });
  return draftOf('FILL_IN_BLANKS', { ...fields, questionText, blanks });
}

/**
 * A match interaction: the first match set's choices are the prompts, the second's the matches,
 * and the correct response's directed pairs (`prompt match`) say which goes with which. Matches
 * no prompt has are distractors. The exam scores each right pair an equal share: a mapping
 * crediting each right pair the same is that; anything else is replaced, and said so.
 */
function matchingOfItem(
  reader: QuestionReader,
  interaction: OrderedNode,
  declaration: OrderedNode | undefined,
  processing: string,
  fields: DraftFields,
  files: FileImages,
): QuestionDraft {
  const sets = findAll(childrenOf(interaction), (name) => name === 'qti-simple-match-set').map(
    (set) =>
      findAll(childrenOf(set), (name) => name === 'qti-simple-associable-choice').map((choice) => ({
        id: attributesOf(choice).identifier ?? '',
        text: contentText(reader, childrenOf(choice), files),
      })),
  );
  const [prompts = [], matches = []] = sets;
  const correct = valuesIn(declaration, 'qti-correct-response').map((pair) =>
    pair.trim().split(/\s+/),
  );
  const matchOf = new Map<string, string[]>();
  for (const [source = '', target = ''] of correct) {
    matchOf.set(source, [...(matchOf.get(source) ?? []), target]);
  }
  reader.refuseIf(
    [...matchOf.values()].some((targets) => targets.length > 1),
    MESSAGES.multipleCorrect,
  );
  reader.refuseIf(correct.length === 0, MESSAGES.noCorrectAnswer);
  const textOfMatch = new Map(matches.map((match) => [match.id, match.text]));
  const pairs = prompts.flatMap((prompt) => {
    const match = textOfMatch.get(matchOf.get(prompt.id)?.[0] ?? '');
    if (match === undefined) {
      reader.note(MESSAGES.promptWithoutMatch);
      return [];
    }
    return [{ prompt: prompt.text, match }];
  });
  const used = new Set(correct.map(([, target]) => target));
  const distractors = matches.filter((match) => !used.has(match.id)).map((match) => match.text);
  const mapping = mappingOf(declaration);
  const [share = 0, ...others] = new Set(mapping?.entries.map((entry) => entry.value));
  const perPair =
    mapping !== undefined &&
    !processing.endsWith('match_correct.xml') &&
    mapping.otherwise === 0 &&
    others.length === 0 &&
    share > 0;
  if (!perPair) reader.note(MESSAGES.pairScoringReplaced);
  return draftOf('MATCHING', { ...fields, pairs, distractors });
}

/**
 * An order interaction: its choices in the order of the correct response. Scored by
 * `match_correct` (or without processing) it is all or nothing; processing that compares each
 * place (`qti-index`), as ours does, is the exam's partial rule; any other is read as that rule,
 * and said so.
 */
function orderingOfItem(
  reader: QuestionReader,
  item: OrderedNode[],
  interaction: OrderedNode,
  declaration: OrderedNode | undefined,
  fields: DraftFields,
  files: FileImages,
): QuestionDraft {
  const choices = new Map(
    findAll(childrenOf(interaction), (name) => name === 'qti-simple-choice').map((choice) => [
      attributesOf(choice).identifier ?? '',
      contentText(reader, childrenOf(choice), files),
    ]),
  );
  const correct = valuesIn(declaration, 'qti-correct-response');
  reader.refuseIf(
    correct.length < choices.size || correct.some((id) => !choices.has(id)),
    MESSAGES.noCorrectAnswer,
  );
  const processing = findFirst(item, 'qti-response-processing');
  const template = processing ? (attributesOf(processing).template ?? '') : '';
  const custom = processing !== undefined && template === '';
  const byPlace = custom && findFirst(childrenOf(processing), 'qti-index') !== undefined;
  if (custom && !byPlace) reader.note(MESSAGES.orderScoringReplaced('of the file'));
  if (template !== '' && !template.endsWith('match_correct.xml')) {
    reader.note(MESSAGES.orderScoringReplaced(template.split('/').pop() ?? template));
  }
  const partial = custom || (template !== '' && !template.endsWith('match_correct.xml'));
  return draftOf('ORDERING', {
    ...fields,
    items: correct.map((id) => choices.get(id) ?? ''),
    scoring: partial ? 'PARTIAL' : 'ALL_OR_NOTHING',
  });
}

function readItem(item: OrderedNode, metadata: ItemMetadata, files: FileImages): ReadQuestion {
  const reader = new QuestionReader(attributesOf(item).title);
  const children = childrenOf(item);
  const body = findFirst(children, 'qti-item-body');
  const interactions = body ? findAll(childrenOf(body), isInteraction) : [];
  const [interaction] = interactions;
  const textEntries = interactions.filter((node) => nameOf(node) === 'qti-text-entry-interaction');
  // Each upload interaction takes one file: several are a question taking several files.
  const uploads = interactions.filter((node) => nameOf(node) === 'qti-upload-interaction');
  const severalUploads = uploads.length > 1 && uploads.length === interactions.length;
  // Several text entries, or one of ours marked as a blank, are a fill-in-the-blanks question.
  const blanks =
    body !== undefined &&
    textEntries.length === interactions.length &&
    (textEntries.length > 1 ||
      textEntries.some((entry) => attributesOf(entry)['data-blank'] !== undefined));
  if (!interaction || (interactions.length > 1 && !blanks && !severalUploads)) {
    const names = interactions.map((node) => interactionType(nameOf(node)));
    return reader.refuse(MESSAGES.unsupportedType(names.join(' + ') || 'no interaction'));
  }
  const feedback = findAll(children, (name) => name === 'qti-modal-feedback')[0];
  if (blanks) {
    const fields = {
      explanation: feedback ? contentText(reader, childrenOf(feedback), files) : '',
      marks: marksOf(children),
      difficulty: metadata.difficulty,
    };
    return reader.done(fillInBlanksOf(reader, children, body, textEntries, fields, files));
  }
  const prompt = findFirst(childrenOf(interaction), 'qti-prompt');
  const questionText = [contentText(reader, childrenOf(body as OrderedNode), files)]
    .concat(prompt ? [contentText(reader, childrenOf(prompt), files)] : [])
    .filter((text) => text !== '')
    .join('\n\n');
  const fields = {
    questionText,
    explanation: feedback ? contentText(reader, childrenOf(feedback), files) : '',
    marks: marksOf(children),
    difficulty: metadata.difficulty,
  };
  const attributes = attributesOf(interaction);
  const declaration = findAll(children, (name) => name === 'qti-response-declaration').find(
    (node) => attributesOf(node).identifier === attributes['response-identifier'],
  );
  const { cardinality, 'base-type': baseType = '' } = declaration ? attributesOf(declaration) : {};
  const correct = valuesIn(declaration, 'qti-correct-response');
  const mapping = mappingOf(declaration);
  const entries = mapping?.entries ?? [];
  const top = Math.max(0, ...entries.map((entry) => entry.value));
  const refusePartialCredit = () =>
    reader.refuseIf(
      entries.some((entry) => entry.value !== 0 && entry.value !== top),
      MESSAGES.partialCredit,
    );
  switch (nameOf(interaction)) {
    case 'qti-choice-interaction': {
      const choices = findAll(childrenOf(interaction), (name) => name === 'qti-simple-choice').map(
        (choice) => ({
          id: attributesOf(choice).identifier ?? '',
          text: contentText(reader, childrenOf(choice), files),
        }),
      );
      if (cardinality === 'multiple') {
        const processing = findFirst(children, 'qti-response-processing');
        return reader.done(
          multiSelectDraft(reader, fields, choices, {
            correct,
            mapping,
            processing: processing ? (attributesOf(processing).template ?? '') : '',
          }),
        );
      }
      if (cardinality !== 'single' || (attributes['max-choices'] ?? '1') !== '1') {
        return reader.refuse(MESSAGES.multipleCorrect);
      }
      refusePartialCredit();
      reader.refuseIf(correct.length === 0, MESSAGES.noCorrectAnswer);
      return reader.done(
        choiceDraft(
          fields,
          choices.map((choice) => ({ text: choice.text, isCorrect: correct.includes(choice.id) })),
        ),
      );
    }
    case 'qti-text-entry-interaction': {
      if (NUMBER_TYPES.has(baseType)) {
        const numericAnswers = numericAnswersIn(reader, children, fields.marks, correct);
        reader.refuseIf(numericAnswers.length === 0, MESSAGES.noCorrectAnswer);
        return reader.done(
          draftOf('NUMERICAL', {
            ...fields,
            numericAnswers,
            ...unitsIn(reader, attributes['data-units']),
          }),
        );
      }
      refusePartialCredit();
      const keywords = entries.filter((entry) => entry.value === top && top > 0);
      reader.refuseIf(correct.length === 0, MESSAGES.noCorrectAnswer);
      return reader.done(
        draftOf('SHORT_ANSWER', {
          ...fields,
          sampleAnswer: escapeMarkdown(correct[0] ?? ''),
          keywords: keywords.length > 0 ? keywords.map((entry) => entry.key) : correct,
        }),
      );
    }
    case 'qti-extended-text-interaction': {
      refusePartialCredit();
      const words = (name: string) =>
        attributes[name] === undefined ? undefined : Number(attributes[name]);
      return reader.done(
        draftOf('LONG_ANSWER', {
          ...fields,
          modelAnswer: correct.join('\n'),
          minWordCount: words('data-min-words'),
          maxWordCount: words('data-max-words'),
          keywords: metadata.keywords,
        }),
      );
    }
    case 'qti-match-interaction': {
      const processing = findFirst(children, 'qti-response-processing');
      return reader.done(
        matchingOfItem(
          reader,
          interaction,
          declaration,
          processing ? (attributesOf(processing).template ?? '') : '',
          fields,
          files,
        ),
      );
    }
    case 'qti-order-interaction':
      return reader.done(orderingOfItem(reader, children, interaction, declaration, fields, files));
    case 'qti-upload-interaction':
      return reader.done(fileUploadOfItem(reader, uploads, fields));
    default:
      return reader.refuse(MESSAGES.unsupportedType(interactionType(nameOf(interaction))));
  }
}

const isFileKind = (kind: string): kind is FileKind =>
  (FILE_KINDS as readonly string[]).includes(kind);

/**
 * Upload interactions as a file upload question taking a file for each. An interaction's `type`
 * (a MIME type, absent for any file) or our `data-file-types` says which kinds it takes; a
 * question takes the kinds any of them does. QTI has no size limit: ours travels in
 * `data-max-file-mb`, else the exam's default is taken.
 */
function fileUploadOfItem(
  reader: QuestionReader,
  uploads: OrderedNode[],
  fields: DraftFields,
): QuestionDraft {
  const typesOf = (upload: OrderedNode) => {
    const { type, 'data-file-types': kinds } = attributesOf(upload);
    const ours = kinds?.split(/\s+/).filter(isFileKind);
    if (ours && ours.length > 0) return ours.flatMap((kind) => FILE_KIND_CONTENT_TYPES[kind]);
    return type ? [type.split(';')[0] ?? ''] : [];
  };
  const types = uploads.map(typesOf);
  const maxFileMb = Number(attributesOf(uploads[0] as OrderedNode)['data-max-file-mb']);
  return draftOf('FILE_UPLOAD', {
    ...fields,
    // An interaction taking any file makes the question take both kinds.
    fileTypes: fileKindsOf(reader, types.some((list) => list.length === 0) ? [] : types.flat()),
    maxFiles: maxFilesOf(reader, uploads.length),
    maxFileMb: Number.isInteger(maxFileMb) ? maxFileMb : undefined,
  });
}

/**
 * QTI has no true/false interaction: tools write a one-answer choice between "True" and
 * "False", and that is read as a TRUE_FALSE question (its options in the exam's order, True
 * first). Any other choice is an MCQ.
 */
function choiceDraft(
  fields: Parameters<typeof draftOf>[1],
  choices: { text: string; isCorrect: boolean }[],
): QuestionDraft {
  const texts = choices.map((choice) => choice.text.toLowerCase()).sort();
  if (texts.length === 2 && texts[0] === 'false' && texts[1] === 'true') {
    const answerIsTrue = choices.some(
      (choice) => choice.isCorrect && choice.text.toLowerCase() === 'true',
    );
    return draftOf('TRUE_FALSE', { ...fields, options: trueFalseOptions(answerIsTrue) });
  }
  return draftOf('MCQ', { ...fields, options: choices });
}

function orderedXml(text: string): OrderedNode[] {
  readXml(text, 'qti');
  return orderedParser.parse(text) as OrderedNode[];
}

/** Every assessment item of one XML file, in document order. */
function itemsOf(text: string): OrderedNode[] {
  const tree = orderedXml(text);
  const items = findAll(tree, (name) => name === 'qti-assessment-item');
  if (items.length === 0) {
    if (findAll(tree, (name) => name === 'qti-assessment-item-ref').length > 0) {
      throw new ApiError(400, MESSAGES.qtiTestWithoutItems);
    }
    wrongFormat('qti');
  }
  return items;
}

/** The files of a package an item may show as images; what they are is checked when stored. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The package's XML and image files. Their declared sizes are checked against the limit before anything is
 * unpacked, and each is unpacked with its declared size as a hard cap: a small zip can hold
 * gigabytes of repeated bytes, and its entries can claim any size.
 */
function unpack(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    const entries = zipEntries(bytes).filter(
      (entry) => entry.name.endsWith('.xml') || IMAGE_FILE.test(entry.name),
    );
    if (declaredSize(entries) > QUESTION_FILE_LIMITS.maxUnpackedBytes) {
      throw new ApiError(400, MESSAGES.unpackedTooLarge);
    }
    return Object.fromEntries(entries.map((entry) => [entry.name, unpackEntry(bytes, entry)]));
  } catch (error) {
    if (error instanceof DamagedZip) return unreadable();
    throw error;
  }
}

function metadataOf(resource: XmlNode): ItemMetadata {
  const lom = (resource.metadata as XmlNode | undefined)?.lom as XmlNode | undefined;
  const general = lom?.general as XmlNode | undefined;
  const educational = lom?.educational as XmlNode | undefined;
  const difficulty = (educational?.difficulty as XmlNode | undefined)?.value;
  return {
    keywords: listOf(general?.keyword)
      .flatMap((keyword) => valuesOf(keyword.string).map((text) => textOf(text).trim()))
      .filter((keyword) => keyword !== ''),
    difficulty: LOM_DIFFICULTY[textOf(difficulty).trim().toLowerCase()],
  };
}

/**
 * An IMS content package: its manifest's item resources, in the manifest's order, each filed
 * under its test section's title (the package's folders where no test places it).
 */
function readPackage(bytes: Uint8Array): ReadQuestion[] {
  const files = unpack(bytes);
  const manifestBytes = files['imsmanifest.xml'];
  if (!manifestBytes) return wrongFormat('qti');
  const manifest = readXml(decodeText(manifestBytes), 'qti').manifest as XmlNode | undefined;
  const all = listOf((manifest?.resources as XmlNode | undefined)?.resource);
  const resources = all.filter(
    (resource) => attribute(resource, 'type')?.startsWith('imsqti_item') === true,
  );
  const categoryOf = itemCategories(files, all);
  return resources.flatMap((resource) => {
    const href = attribute(resource, 'href') ?? '';
    const file = files[href];
    if (!file) {
      return [new QuestionReader(href).refuse(MESSAGES.unreadableQuestion(`${href} is missing`))];
    }
    const metadata = metadataOf(resource);
    // An item's image sources are relative to the item's file.
    const images: FileImages = (source) => {
      if (/^[a-z][a-z0-9+.-]*:|^\//i.test(source)) return undefined;
      const name = posix.join(
        posix.dirname(href),
        decodeURIComponent(source.split(/[?#]/)[0] ?? ''),
      );
      const bytes = IMAGE_FILE.test(name) ? files[name] : undefined;
      return bytes ? { name: posix.basename(name), bytes } : undefined;
    };
    const category = categoryOf(href);
    return itemsOf(decodeText(file)).map((item) => ({
      ...readItem(item, metadata, images),
      category,
    }));
  });
}

/** A QTI 3.0 item, a file of several items, or a content package (zip). */
export function readQti(bytes: Uint8Array): ReadQuestion[] {
  if (isZip(bytes)) return readPackage(bytes);
  // A lone item file carries no images: its image sources are outside it.
  return itemsOf(decodeText(bytes)).map((item) =>
    readItem(item, { keywords: [] }, () => undefined),
  );
}
