import {
  type Difficulty,
  QUESTION_INTERCHANGE_MESSAGES as MESSAGES,
  QUESTION_FILE_LIMITS,
  type Question,
  type QuestionDraft,
} from '@examiq/contracts';
import { XMLParser } from 'fast-xml-parser';
import { strToU8, zipSync } from 'fflate';
import { ApiError } from '../../errors';
import { DamagedZip, declaredSize, unpackEntry, zipEntries } from '../../uploads/zip';
import type { ExportedExam } from './exported-exam';
import {
  decodeText,
  draftOf,
  FORMATTING_TAGS,
  isZip,
  QuestionReader,
  type ReadQuestion,
  trueFalseOptions,
  unreadable,
  wrongFormat,
} from './interchange';
import {
  attribute,
  listOf,
  readXml,
  textOf,
  valuesOf,
  XML_DECLARATION,
  type XmlNode,
  xmlBuilder,
} from './xml';

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

const BLOCKS = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'qti-prompt']);
const IMAGES = new Set(['img', 'picture', 'svg', 'object', 'video', 'audio']);
const isInteraction = (name: string) => name.endsWith('-interaction');
const interactionType = (name: string) => name.replace(/^qti-|-interaction$/g, '');
/** Where a text entry sits inside a sentence, the question's text shows its blank. */
const BLANK = '_____';

/**
 * The text of XHTML content as the exam stores it: runs of white space read as one space,
 * paragraphs and line breaks as new lines. Images and MathML refuse the question.
 */
function contentText(reader: QuestionReader, nodes: OrderedNode[]): string {
  const walk = (list: OrderedNode[]): string =>
    list
      .map((node) => {
        const name = nameOf(node);
        if (name === '#text') return String(node['#text']).replace(/\s+/g, ' ');
        if (IMAGES.has(name)) reader.refuseIf(true, MESSAGES.images);
        if (name === 'math') reader.refuseIf(true, MESSAGES.formulas);
        if (name === 'br') return '\n';
        if (FORMATTING_TAGS.has(name)) reader.formatting();
        if (name === 'qti-text-entry-interaction') return BLANK;
        if (isInteraction(name) || name === 'qti-simple-choice') return '';
        const inner = walk(childrenOf(node));
        return BLOCKS.has(name) ? `${inner}\n` : inner;
      })
      .join('');
  // A text entry alone on its line is the answer box, not a blank within a sentence.
  const text = walk(nodes)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== BLANK)
    .join('\n')
    .trim();
  return reader.text(text, false);
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

function mapEntries(declaration: OrderedNode | undefined) {
  const mapping = declaration && findFirst(childrenOf(declaration), 'qti-mapping');
  return mapping
    ? findAll(childrenOf(mapping), (name) => name === 'qti-map-entry').map((entry) => ({
        key: attributesOf(entry)['map-key'] ?? '',
        value: Number(attributesOf(entry)['mapped-value']),
      }))
    : [];
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

function readItem(item: OrderedNode, metadata: ItemMetadata): ReadQuestion {
  const reader = new QuestionReader(attributesOf(item).title);
  const children = childrenOf(item);
  const body = findFirst(children, 'qti-item-body');
  const interactions = body ? findAll(childrenOf(body), isInteraction) : [];
  const [interaction] = interactions;
  if (!interaction || interactions.length > 1) {
    const names = interactions.map((node) => interactionType(nameOf(node)));
    return reader.refuse(MESSAGES.unsupportedType(names.join(' + ') || 'no interaction'));
  }
  const prompt = findFirst(childrenOf(interaction), 'qti-prompt');
  const questionText = [contentText(reader, childrenOf(body as OrderedNode))]
    .concat(prompt ? [contentText(reader, childrenOf(prompt))] : [])
    .filter((text) => text !== '')
    .join('\n');
  const feedback = findAll(children, (name) => name === 'qti-modal-feedback')[0];
  const fields = {
    questionText,
    explanation: feedback ? contentText(reader, childrenOf(feedback)) : '',
    marks: marksOf(children),
    difficulty: metadata.difficulty,
  };
  const attributes = attributesOf(interaction);
  const declaration = findAll(children, (name) => name === 'qti-response-declaration').find(
    (node) => attributesOf(node).identifier === attributes['response-identifier'],
  );
  const cardinality = declaration ? attributesOf(declaration).cardinality : undefined;
  const correct = valuesIn(declaration, 'qti-correct-response');
  const entries = mapEntries(declaration);
  const top = Math.max(0, ...entries.map((entry) => entry.value));
  reader.refuseIf(
    entries.some((entry) => entry.value !== 0 && entry.value !== top),
    MESSAGES.partialCredit,
  );
  switch (nameOf(interaction)) {
    case 'qti-choice-interaction': {
      if (cardinality !== 'single' || (attributes['max-choices'] ?? '1') !== '1') {
        return reader.refuse(MESSAGES.multipleCorrect);
      }
      reader.refuseIf(correct.length === 0, MESSAGES.noCorrectAnswer);
      const choices = findAll(childrenOf(interaction), (name) => name === 'qti-simple-choice').map(
        (choice) => ({
          text: contentText(reader, childrenOf(choice)),
          isCorrect: correct.includes(attributesOf(choice).identifier ?? ''),
        }),
      );
      return reader.done(choiceDraft(fields, choices));
    }
    case 'qti-text-entry-interaction': {
      const keywords = entries.filter((entry) => entry.value === top && top > 0);
      reader.refuseIf(correct.length === 0, MESSAGES.noCorrectAnswer);
      return reader.done(
        draftOf('SHORT_ANSWER', {
          ...fields,
          sampleAnswer: correct[0] ?? '',
          keywords: keywords.length > 0 ? keywords.map((entry) => entry.key) : correct,
        }),
      );
    }
    case 'qti-extended-text-interaction': {
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
    default:
      return reader.refuse(MESSAGES.unsupportedType(interactionType(nameOf(interaction))));
  }
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

/**
 * The package's XML files. Their declared sizes are checked against the limit before anything is
 * unpacked, and each is unpacked with its declared size as a hard cap: a small zip can hold
 * gigabytes of repeated bytes, and its entries can claim any size.
 */
function unpack(bytes: Uint8Array): Record<string, Uint8Array> {
  try {
    const entries = zipEntries(bytes).filter((entry) => entry.name.endsWith('.xml'));
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

/** An IMS content package: its manifest's item resources, in the manifest's order. */
function readPackage(bytes: Uint8Array): ReadQuestion[] {
  const files = unpack(bytes);
  const manifestBytes = files['imsmanifest.xml'];
  if (!manifestBytes) return wrongFormat('qti');
  const manifest = readXml(decodeText(manifestBytes), 'qti').manifest as XmlNode | undefined;
  const resources = listOf((manifest?.resources as XmlNode | undefined)?.resource).filter(
    (resource) => attribute(resource, 'type')?.startsWith('imsqti_item') === true,
  );
  return resources.flatMap((resource) => {
    const href = attribute(resource, 'href') ?? '';
    const file = files[href];
    if (!file) {
      return [new QuestionReader(href).refuse(MESSAGES.unreadableQuestion(`${href} is missing`))];
    }
    const metadata = metadataOf(resource);
    return itemsOf(decodeText(file)).map((item) => readItem(item, metadata));
  });
}

/** A QTI 3.0 item, a file of several items, or a content package (zip). */
export function readQti(bytes: Uint8Array): ReadQuestion[] {
  if (isZip(bytes)) return readPackage(bytes);
  return itemsOf(decodeText(bytes)).map((item) => readItem(item, { keywords: [] }));
}

// --- Writing: an IMS content package ----------------------------------------------------------

const QTI_NAMESPACE = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const LOM_DIFFICULTY_OF: Record<Difficulty, string> = {
  EASY: 'easy',
  MEDIUM: 'medium',
  HARD: 'difficult',
};

const paragraphs = (text: string) => ({ p: text.split('\n') });
const values = (list: string[]) => ({ 'qti-value': list });
const floatOutcome = (identifier: string, value: number) => ({
  '@': { identifier, cardinality: 'single', 'base-type': 'float' },
  'qti-default-value': values([String(value)]),
});

function interactionOf(question: Question) {
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE': {
      const ids = question.options.map((_, index) => `choice-${index + 1}`);
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'identifier' },
          'qti-correct-response': values(
            ids.filter((_, index) => question.options[index]?.isCorrect),
          ),
        },
        body: {
          'qti-choice-interaction': {
            '@': { 'response-identifier': 'RESPONSE', 'max-choices': '1' },
            'qti-simple-choice': question.options.map((option, index) => ({
              '@': { identifier: ids[index] },
              '#text': option.text,
            })),
          },
        },
        template: 'match_correct',
      };
    }
    case 'SHORT_ANSWER':
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'string' },
          'qti-correct-response': values([question.sampleAnswer]),
          'qti-mapping': {
            '@': { 'default-value': '0' },
            'qti-map-entry': question.keywords.map((keyword) => ({
              '@': { 'map-key': keyword, 'mapped-value': String(question.marks) },
            })),
          },
        },
        // A text entry is inline content: it sits in a paragraph of its own.
        body: {
          p: { 'qti-text-entry-interaction': { '@': { 'response-identifier': 'RESPONSE' } } },
        },
        template: 'map_response',
      };
    case 'LONG_ANSWER':
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'string' },
          'qti-correct-response': values([question.modelAnswer]),
        },
        body: {
          'qti-extended-text-interaction': {
            '@': {
              'response-identifier': 'RESPONSE',
              'data-min-words': String(question.minWordCount),
              'data-max-words': String(question.maxWordCount),
            },
          },
        },
        template: undefined,
      };
  }
}

function itemXml(question: Question, identifier: string, title: string): string {
  const { declaration, body, template } = interactionOf(question);
  const item = {
    '@': {
      xmlns: QTI_NAMESPACE,
      identifier,
      title,
      adaptive: 'false',
      'time-dependent': 'false',
    },
    'qti-response-declaration': declaration,
    'qti-outcome-declaration': [
      floatOutcome('SCORE', 0),
      floatOutcome('MAXSCORE', question.marks),
      { '@': { identifier: 'FEEDBACK', cardinality: 'single', 'base-type': 'identifier' } },
    ],
    'qti-item-body':
      'p' in body
        ? { p: [...question.questionText.split('\n'), body.p] }
        : { ...paragraphs(question.questionText), ...body },
    ...(template
      ? { 'qti-response-processing': { '@': { template: `${TEMPLATES}/${template}.xml` } } }
      : {}),
    'qti-modal-feedback': {
      '@': { 'outcome-identifier': 'FEEDBACK', identifier: 'EXPLANATION', 'show-hide': 'show' },
      'qti-content-body': paragraphs(question.explanation),
    },
  };
  return XML_DECLARATION + String(xmlBuilder.build({ 'qti-assessment-item': item }));
}

function lomOf(question: Question) {
  const keywords = question.questionType === 'LONG_ANSWER' ? question.keywords : [];
  return {
    'imsmd:lom': {
      'imsmd:general': {
        'imsmd:keyword': keywords.map((keyword) => ({ 'imsmd:string': keyword })),
      },
      'imsmd:educational': {
        'imsmd:difficulty': {
          'imsmd:source': 'LOMv1.0',
          'imsmd:value': LOM_DIFFICULTY_OF[question.difficulty],
        },
      },
    },
  };
}

/**
 * An exam's questions as a QTI 3.0 content package: an item file per question, a test with a
 * section per exam section, and the manifest, whose LOM metadata carries each item's difficulty
 * and an essay's keywords (QTI items have no place for them).
 */
export function writeQtiPackage(exam: ExportedExam): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const resources: unknown[] = [];
  const testSections = exam.sections.map((section, sectionIndex) => ({
    '@': {
      identifier: `section-${sectionIndex + 1}`,
      title: section.name,
      visible: 'true',
    },
    'qti-assessment-item-ref': section.questions.map((question, index) => {
      const identifier = `item-${sectionIndex + 1}-${index + 1}`;
      const href = `items/${identifier}.xml`;
      files[href] = strToU8(itemXml(question, identifier, `${section.name} ${index + 1}`));
      resources.push({
        '@': { identifier, type: 'imsqti_item_xmlv3p0', href },
        metadata: lomOf(question),
        file: { '@': { href } },
      });
      return { '@': { identifier, href: `../${href}` } };
    }),
  }));
  const test = {
    '@': { xmlns: QTI_NAMESPACE, identifier: 'test', title: exam.examTitle },
    'qti-test-part': {
      '@': {
        identifier: 'part-1',
        'navigation-mode': 'nonlinear',
        'submission-mode': 'simultaneous',
      },
      'qti-assessment-section': testSections,
    },
  };
  files['tests/test.xml'] = strToU8(
    XML_DECLARATION + String(xmlBuilder.build({ 'qti-assessment-test': test })),
  );
  const manifest = {
    '@': {
      xmlns: 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1',
      'xmlns:imsmd': 'http://ltsc.ieee.org/xsd/LOM',
      identifier: `manifest-${exam.examId}`,
    },
    metadata: { schema: 'QTI Package', schemaversion: '3.0.0' },
    organizations: '',
    resources: {
      resource: [
        {
          '@': { identifier: 'test', type: 'imsqti_test_xmlv3p0', href: 'tests/test.xml' },
          file: { '@': { href: 'tests/test.xml' } },
        },
        ...resources,
      ],
    },
  };
  files['imsmanifest.xml'] = strToU8(XML_DECLARATION + String(xmlBuilder.build({ manifest })));
  return zipSync(files, { level: 6 });
}
