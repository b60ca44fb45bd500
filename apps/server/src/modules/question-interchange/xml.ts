import type { QuestionImportFormat } from '@examiq/contracts';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { unreadable, wrongFormat } from './interchange';

/** An XML element as read: attributes under `@`, text under `#text` when it has attributes. */
export type XmlNode = { '@'?: Record<string, string>; '#text'?: string } & Record<string, unknown>;

/** Elements that may repeat, read as lists wherever they appear. */
const LISTS = new Set([
  'question',
  'answer',
  'subquestion',
  'selectoption',
  'dragbox',
  'tag',
  'file',
  'qti-assessment-item',
  'qti-assessment-item-ref',
  'qti-assessment-section',
  'qti-simple-choice',
  'qti-value',
  'qti-map-entry',
  'qti-modal-feedback',
  'resource',
  'keyword',
  'string',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseTagValue: false,
  // Character references (&#233;) are read as the characters they name.
  htmlEntities: true,
  parseAttributeValue: false,
  trimValues: false,
  removeNSPrefix: true,
  isArray: (name) => LISTS.has(name),
});

/**
 * A file's XML as a tree: text that is not XML at all is a file of another format; XML that
 * does not parse is unreadable.
 */
export function readXml(text: string, format: QuestionImportFormat): Record<string, unknown> {
  if (!text.trimStart().startsWith('<')) wrongFormat(format);
  if (XMLValidator.validate(text) !== true) unreadable();
  try {
    return parser.parse(text) as Record<string, unknown>;
  } catch {
    return unreadable();
  }
}

/** The text of an element read by readXml, whether or not it has attributes. */
export function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (node && typeof node === 'object' && '#text' in node) return String(node['#text']);
  return '';
}

/** A value read as a list when repeated, as a list either way. */
export function valuesOf(node: unknown): unknown[] {
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

export function listOf(node: unknown): XmlNode[] {
  return valuesOf(node).filter((item): item is XmlNode => !!item && typeof item === 'object');
}

export function attribute(node: unknown, name: string): string | undefined {
  return (node as XmlNode | undefined)?.['@']?.[name];
}

export const xmlBuilder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  format: true,
  suppressEmptyNode: false,
  // Its default writes an attribute whose value is "true" bare (`shuffle`), which XML has not.
  suppressBooleanAttributes: false,
});

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
