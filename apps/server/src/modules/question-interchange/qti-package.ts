// QTI content packages, reading and writing, in one file past the usual size: the manifest,
// items' files and images are one format, and the writer mirrors the reader.
import {
  type Difficulty,
  FILE_KIND_CONTENT_TYPES,
  mediaIdsIn,
  type Question,
  readableText,
} from '@examiq/contracts';
import { strToU8, zipSync } from 'fflate';
import { contentHtml } from './content-html';
import { type ExportedExam, mediaFileName } from './exported-exam';
import {
  contentOf,
  decimalText,
  numberAsWritten,
  numberIn,
  roundedNumber,
  unitsText,
  withBlanksWritten,
} from './interchange';
import { XML_DECLARATION, xmlBuilder } from './xml';

const QTI_NAMESPACE = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
const LOM_DIFFICULTY_OF: Record<Difficulty, string> = {
  EASY: 'easy',
  MEDIUM: 'medium',
  HARD: 'difficult',
};

/** Where an item's images are in the package, relative to the item's file. */
const IMAGES_FOLDER = 'images';

/**
 * An item's XHTML content, put in after the item is built (the builder would write it as text):
 * `slot` gives a mark for the builder's tree, `fill` puts each content's XHTML where its mark is.
 * The mark's control character is not allowed in XML, so no text can hold one.
 */
const SLOT_MARK = '\u0001';
function xhtmlSlots(exam: ExportedExam) {
  const xhtml: string[] = [];
  const render = (content: string) =>
    contentHtml(content, (id) => {
      const stored = exam.media.get(id);
      return stored ? `${IMAGES_FOLDER}/${mediaFileName(id, stored)}` : '';
    });
  return {
    /** `blank` writes the XHTML in place of each `[[n]]` of a fill-in-the-blanks question's text. */
    slot(content: string, blank?: (number: number) => string): string {
      xhtml.push(blank ? withBlanksWritten(content, render, blank) : render(content));
      return `${SLOT_MARK}${xhtml.length - 1}${SLOT_MARK}`;
    },
    // Between the marks, in turn: the text of the item, a slot's number.
    fill: (xml: string) =>
      xml
        .split(SLOT_MARK)
        .map((part, index) => (index % 2 === 1 ? (xhtml[Number(part)] ?? '') : part))
        .join(''),
  };
}
type Slot = (content: string) => string;

const values = (list: string[]) => ({ 'qti-value': list });
/** One of QTI's standard response processings, by its template's name. */
const template = (name: 'match_correct' | 'map_response') => ({
  '@': { template: `${TEMPLATES}/${name}.xml` },
});
const floatOutcome = (
  identifier: string,
  value: number,
  attributes: Record<string, string> = {},
) => ({
  '@': { identifier, cardinality: 'single', 'base-type': 'float', ...attributes },
  'qti-default-value': values([String(value)]),
});

const floatValue = (value: number) => ({
  '@': { 'base-type': 'float' },
  '#text': decimalText(value),
});
const variable = (identifier: string) => ({ '@': { identifier } });

/** SCORE raised by `share`: one right part of a question scored part by part. */
const addToScore = (share: number) => ({
  '@': { identifier: 'SCORE' },
  'qti-sum': { 'qti-variable': variable('SCORE'), 'qti-base-value': floatValue(share) },
});

const blankIdentifier = (number: number) => `BLANK-${number}`;

/**
 * A fill-in-the-blanks question: a text entry where each blank stands, each with its own
 * declaration. A text blank's accepted answers are its mapping's keys, with whether case counts;
 * a number blank's are compared in the processing. Each blank right adds an equal share of the
 * marks to SCORE, as the exam scores.
 */
function blanksOf(question: Extract<Question, { questionType: 'FILL_IN_BLANKS' }>) {
  const share = roundedNumber(question.marks / question.blanks.length);
  const declarations = question.blanks.map((blank, index) => {
    const identifier = blankIdentifier(index + 1);
    if (blank.tolerance !== null) {
      return {
        '@': { identifier, cardinality: 'single', 'base-type': 'float' },
        'qti-correct-response': values(
          blank.accepted
            .slice(0, 1)
            .map((answer) => numberAsWritten(numberIn(answer) ?? 0, answer)),
        ),
      };
    }
    return {
      '@': { identifier, cardinality: 'single', 'base-type': 'string' },
      'qti-correct-response': values(blank.accepted.slice(0, 1)),
      'qti-mapping': {
        '@': { 'default-value': '0', 'upper-bound': String(share) },
        'qti-map-entry': blank.accepted.map((answer) => ({
          '@': {
            'map-key': answer,
            'mapped-value': String(share),
            'case-sensitive': String(blank.caseSensitive),
          },
        })),
      },
    };
  });
  const conditions = question.blanks.map((blank, index) => {
    const identifier = blankIdentifier(index + 1);
    const tolerance = blank.tolerance ?? 0;
    const right =
      blank.tolerance === null
        ? {
            'qti-gt': {
              'qti-map-response': variable(identifier),
              'qti-base-value': floatValue(0),
            },
          }
        : {
            'qti-or': {
              'qti-equal': blank.accepted.map((answer) => ({
                '@':
                  tolerance === 0
                    ? { 'tolerance-mode': 'exact' }
                    : { 'tolerance-mode': 'absolute', tolerance: decimalText(tolerance) },
                'qti-base-value': {
                  '@': { 'base-type': 'float' },
                  '#text': numberAsWritten(numberIn(answer) ?? 0, answer),
                },
                'qti-variable': variable(identifier),
              })),
            },
          };
    return { 'qti-response-if': { ...right, 'qti-set-outcome-value': addToScore(share) } };
  });
  return {
    declaration: declarations,
    body: {},
    processing: { 'qti-response-condition': conditions },
    blank: (number: number) =>
      `<qti-text-entry-interaction response-identifier="${blankIdentifier(number)}" data-blank="${number}"/>`,
  };
}

/**
 * A numerical question's scoring: for each accepted answer, the response within its tolerance
 * (QTI's relative tolerance is a percent, as the exam's is) sets SCORE to the answer's share of
 * the marks if that is more than it has, so the best answer matched scores whatever their order.
 */
function numericalProcessing(question: Extract<Question, { questionType: 'NUMERICAL' }>) {
  return {
    'qti-response-condition': question.numericAnswers.map((answer) => {
      const score = floatValue(roundedNumber(answer.fraction * question.marks));
      const tolerance =
        answer.tolerance === 0
          ? { 'tolerance-mode': 'exact' }
          : {
              'tolerance-mode': answer.toleranceType === 'PERCENT' ? 'relative' : 'absolute',
              tolerance: decimalText(answer.tolerance),
            };
      return {
        'qti-response-if': {
          'qti-and': {
            // The answer first: a relative tolerance is a share of the first value.
            'qti-equal': {
              '@': tolerance,
              'qti-base-value': floatValue(answer.value),
              'qti-variable': variable('RESPONSE'),
            },
            'qti-lt': { 'qti-variable': variable('SCORE'), 'qti-base-value': score },
          },
          'qti-set-outcome-value': { '@': { identifier: 'SCORE' }, 'qti-base-value': score },
        },
      };
    }),
  };
}

/**
 * A file upload question: an upload interaction takes one file, so an item takes as many files as
 * it has upload interactions, each with its response of base type file. `type` names the one
 * content type a question's files may have, where there is one (a PDF); our kinds and size limit
 * travel in data attributes, which other readers pass over. A person marks the files: SCORE is
 * scored externally, and no response processing scores it.
 */
function filesOf(question: Extract<Question, { questionType: 'FILE_UPLOAD' }>) {
  const ids = Array.from({ length: question.maxFiles }, (_, index) =>
    question.maxFiles === 1 ? 'RESPONSE' : `RESPONSE-${index + 1}`,
  );
  const contentTypes = question.fileTypes.flatMap((kind) => FILE_KIND_CONTENT_TYPES[kind]);
  return {
    declaration: ids.map((identifier) => ({
      '@': { identifier, cardinality: 'single', 'base-type': 'file' },
    })),
    body: {
      'qti-upload-interaction': ids.map((identifier) => ({
        '@': {
          'response-identifier': identifier,
          ...(contentTypes.length === 1 ? { type: contentTypes[0] } : {}),
          'data-file-types': question.fileTypes.join(' '),
          'data-max-file-mb': String(question.maxFileMb),
        },
      })),
    },
    processing: undefined,
    scoredBy: 'human',
  };
}

/** The choices of a choice question, each with its identifier. */
function choicesOf(question: { options: { text: string }[] }, slot: Slot) {
  const ids = question.options.map((_, index) => `choice-${index + 1}`);
  return {
    ids,
    choices: question.options.map((option, index) => ({
      '@': { identifier: ids[index] },
      '#text': slot(option.text),
    })),
    right: (options: { isCorrect: boolean }[]) =>
      values(ids.filter((_, index) => options[index]?.isCorrect)),
  };
}

function interactionOf(question: Question, slot: Slot) {
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE': {
      const { choices, right } = choicesOf(question, slot);
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'identifier' },
          'qti-correct-response': right(question.options),
        },
        body: {
          'qti-choice-interaction': {
            '@': { 'response-identifier': 'RESPONSE', 'max-choices': '1' },
            'qti-simple-choice': choices,
          },
        },
        processing: template('match_correct'),
      };
    }
    case 'MULTI_SELECT': {
      const { ids, choices, right } = choicesOf(question, slot);
      const share = roundedNumber(
        question.marks / question.options.filter((option) => option.isCorrect).length,
      );
      // Partial credit is QTI's mapping: each right choice earns a share, each wrong one loses it.
      const mapping = {
        '@': { 'default-value': '0', 'lower-bound': '0', 'upper-bound': String(question.marks) },
        'qti-map-entry': question.options.map((option, index) => ({
          '@': { 'map-key': ids[index], 'mapped-value': String(option.isCorrect ? share : -share) },
        })),
      };
      const partial = question.scoring === 'PARTIAL';
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'multiple', 'base-type': 'identifier' },
          'qti-correct-response': right(question.options),
          ...(partial ? { 'qti-mapping': mapping } : {}),
        },
        body: {
          'qti-choice-interaction': {
            '@': { 'response-identifier': 'RESPONSE', 'max-choices': String(ids.length) },
            'qti-simple-choice': choices,
          },
        },
        processing: template(partial ? 'map_response' : 'match_correct'),
      };
    }
    case 'NUMERICAL': {
      const [best] = [...question.numericAnswers].sort((a, b) => b.fraction - a.fraction);
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'float' },
          'qti-correct-response': values(best ? [decimalText(best.value)] : []),
        },
        // QTI has no units: ours travel in data attributes, which other readers pass over.
        body: {
          p: {
            'qti-text-entry-interaction': {
              '@': { 'response-identifier': 'RESPONSE', 'data-units': unitsText(question) },
            },
          },
        },
        processing: numericalProcessing(question),
      };
    }
    case 'SHORT_ANSWER':
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'single', 'base-type': 'string' },
          'qti-correct-response': values([readableText(question.sampleAnswer)]),
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
        processing: template('map_response'),
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
        processing: undefined,
      };
    case 'FILL_IN_BLANKS':
      return blanksOf(question);
    case 'MATCHING': {
      const prompts = question.pairs.map((_, index) => `prompt-${index + 1}`);
      const matches = [...question.pairs.map((pair) => pair.match), ...question.distractors];
      const share = roundedNumber(question.marks / question.pairs.length);
      const associable = (identifier: string, text: string) => ({
        '@': { identifier, 'match-max': '1' },
        '#text': slot(text),
      });
      // Each right pair earns an equal share: QTI's mapping of directed pairs, with map_response.
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'multiple', 'base-type': 'directedPair' },
          'qti-correct-response': values(prompts.map((id, index) => `${id} match-${index + 1}`)),
          'qti-mapping': {
            '@': {
              'default-value': '0',
              'lower-bound': '0',
              'upper-bound': String(question.marks),
            },
            'qti-map-entry': prompts.map((id, index) => ({
              '@': { 'map-key': `${id} match-${index + 1}`, 'mapped-value': String(share) },
            })),
          },
        },
        body: {
          'qti-match-interaction': {
            '@': {
              'response-identifier': 'RESPONSE',
              'max-associations': String(prompts.length),
              shuffle: 'true',
            },
            'qti-simple-match-set': [
              {
                'qti-simple-associable-choice': question.pairs.map((pair, index) =>
                  associable(prompts[index] as string, pair.prompt),
                ),
              },
              {
                'qti-simple-associable-choice': matches.map((match, index) =>
                  associable(`match-${index + 1}`, match),
                ),
              },
            ],
          },
        },
        processing: template('map_response'),
      };
    }
    case 'FILE_UPLOAD':
      return filesOf(question);
    case 'ORDERING': {
      const ids = question.items.map((_, index) => `item-${index + 1}`);
      const share = roundedNumber(question.marks / ids.length);
      // The exam's partial rule, each item in its right place an equal share, compares each place.
      const byPlace = {
        'qti-response-condition': ids.map((id, index) => ({
          'qti-response-if': {
            'qti-match': {
              'qti-index': { '@': { n: String(index + 1) }, 'qti-variable': variable('RESPONSE') },
              'qti-base-value': { '@': { 'base-type': 'identifier' }, '#text': id },
            },
            'qti-set-outcome-value': addToScore(share),
          },
        })),
      };
      return {
        declaration: {
          '@': { identifier: 'RESPONSE', cardinality: 'ordered', 'base-type': 'identifier' },
          'qti-correct-response': values(ids),
        },
        body: {
          'qti-order-interaction': {
            '@': { 'response-identifier': 'RESPONSE', shuffle: 'true' },
            'qti-simple-choice': question.items.map((item, index) => ({
              '@': { identifier: ids[index] },
              '#text': slot(item),
            })),
          },
        },
        processing: question.scoring === 'PARTIAL' ? byPlace : template('match_correct'),
      };
    }
  }
}

function itemXml(exam: ExportedExam, question: Question, identifier: string, title: string) {
  const { slot, fill } = xhtmlSlots(exam);
  const interaction = interactionOf(question, slot);
  const { declaration, body, processing } = interaction;
  const blank = 'blank' in interaction ? interaction.blank : undefined;
  const scored: Record<string, string> =
    'scoredBy' in interaction ? { 'external-scored': interaction.scoredBy } : {};
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
      floatOutcome('SCORE', 0, scored),
      floatOutcome('MAXSCORE', question.marks),
      { '@': { identifier: 'FEEDBACK', cardinality: 'single', 'base-type': 'identifier' } },
    ],
    'qti-item-body': { div: slot(question.questionText, blank), ...body },
    ...(processing ? { 'qti-response-processing': processing } : {}),
    'qti-modal-feedback': {
      '@': { 'outcome-identifier': 'FEEDBACK', identifier: 'EXPLANATION', 'show-hide': 'show' },
      'qti-content-body': { div: slot(question.explanation) },
    },
  };
  return XML_DECLARATION + fill(String(xmlBuilder.build({ 'qti-assessment-item': item })));
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
      files[href] = strToU8(itemXml(exam, question, identifier, `${section.name} ${index + 1}`));
      const images = [...new Set(contentOf(question).flatMap(mediaIdsIn))].flatMap((id) => {
        const stored = exam.media.get(id);
        if (!stored) return [];
        const image = `items/${IMAGES_FOLDER}/${mediaFileName(id, stored)}`;
        files[image] = stored.bytes;
        return [{ '@': { href: image } }];
      });
      resources.push({
        '@': { identifier, type: 'imsqti_item_xmlv3p0', href },
        metadata: lomOf(question),
        file: [{ '@': { href } }, ...images],
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
