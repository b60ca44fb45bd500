/// <reference path="./turndown-plugin-gfm.d.ts" />
import { createContentParser, escapeMarkdown } from '@examiq/contracts';
import TurndownService from 'turndown';
import { tables } from 'turndown-plugin-gfm';

/**
 * Exam content (Markdown) as HTML for the formats that carry HTML (Moodle XML, QTI), and back.
 * Formulas travel as TeX between the delimiters Moodle's MathJax and TeX filters read: `\(…\)`
 * inline, `$$…$$` displayed.
 */

/** Where an image of the content is found in the file being written, by its media id. */
export type ImageSource = (mediaId: string) => string;

const MEDIA_SOURCE = /^media:([0-9a-f]{64})$/;

const renderer = createContentParser();
const escapeHtml = renderer.utils.escapeHtml;
renderer.renderer.rules.math_inline = (tokens, index) =>
  `\\(${escapeHtml(tokens[index]?.content ?? '')}\\)`;
const displayed = (tokens: { content: string }[], index: number) =>
  `$$${escapeHtml(tokens[index]?.content.trim() ?? '')}$$`;
renderer.renderer.rules.math_inline_block = displayed;
renderer.renderer.rules.math_inline_bare_block = displayed;
renderer.renderer.rules.math_block = (tokens, index) => `<p>${displayed(tokens, index)}</p>\n`;
renderer.renderer.rules.image = (tokens, index, _options, env) => {
  const { imageSource } = env as { imageSource: ImageSource };
  const token = tokens[index];
  const id = MEDIA_SOURCE.exec(String(token?.attrGet('src') ?? ''))?.[1] ?? '';
  return `<img src="${escapeHtml(imageSource(id))}" alt="${escapeHtml(token?.content ?? '')}" />`;
};

/**
 * Content as (X)HTML: the shared parser's output (well-formed XHTML: void elements closed, only
 * XML's own entities), TeX as TeX, images at `imageSource`.
 */
export function contentHtml(source: string, imageSource: ImageSource): string {
  return renderer.render(source, { imageSource }).trim();
}

/** What the HTML of one field held that the content does not keep. */
export interface HtmlFindings {
  /** Images whose source is not in the file (a web address, another site's picture). */
  foreignImages: number;
  /** Images given no description: their file name stands in for one. */
  undescribedImages: string[];
  /** Links to something other than http(s) or mailto, kept as their text. */
  droppedLinks: number;
  /** Elements that do not belong in exam content (scripts, frames, forms, styles). */
  droppedElements: number;
  /** Underline, strike-through, fonts and colours, which Markdown has no way to write. */
  droppedLooks: number;
}

/** An image of the HTML found in the file: its media id once stored, and its file name. */
export type ImageLookup = (source: string) => { id: string; name: string } | undefined;

const DROPPED = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'video',
  'audio',
  'canvas',
  'source',
  'track',
  'link',
  'meta',
  'base',
  'head',
  'title',
] as const;
const LOOKS = new Set(['U', 'INS', 'S', 'STRIKE', 'DEL', 'FONT']);
const LINK_SCHEMES = /^(https?:|mailto:)/i;

/** TeX as Moodle's filters read it in text: `$$…$$` and `\[…\]` displayed, `\(…\)` inline. */
const TEX_DELIMITERS = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
];

/**
 * Plain text (an HTML text node's, or a field Moodle shows as plain text, whose TeX its filters
 * render all the same) as content: its TeX as Markdown TeX, the rest escaped to read as written.
 * Scanned with indexOf rather than a lazy regex, which would read to the end of the text again
 * from every opener that is never closed.
 */
export function plainAsContent(text: string): string {
  type Found = { at: number; end: number; tex: string; display: boolean };
  // Each delimiter's next pair, looked for again only once the text read has passed it.
  const found = new Map<(typeof TEX_DELIMITERS)[number], Found>();
  const open = new Set(TEX_DELIMITERS);
  let markdown = '';
  let from = 0;
  while (open.size > 0) {
    let next: Found | undefined;
    for (const delimiter of open) {
      let pair = found.get(delimiter);
      if (!pair || pair.at < from) {
        const at = text.indexOf(delimiter.open, from);
        const close = at === -1 ? -1 : text.indexOf(delimiter.close, at + delimiter.open.length);
        // Without a closer after this opener, there is none after a later one either.
        if (close === -1) {
          open.delete(delimiter);
          continue;
        }
        const tex = text.slice(at + delimiter.open.length, close).trim();
        pair = { at, end: close + delimiter.close.length, tex, display: delimiter.display };
        found.set(delimiter, pair);
      }
      if (!next || pair.at < next.at) next = pair;
    }
    if (!next) break;
    markdown += escapeMarkdown(text.slice(from, next.at));
    markdown += next.display ? `$$${next.tex}$$` : `$${next.tex}$`;
    from = next.end;
  }
  return markdown + escapeMarkdown(text.slice(from));
}

/** A table row as the DOM gives it: its cells, and the part of the table (thead, tbody) it is in. */
type TableRow = { cells: ArrayLike<{ nodeName: string }>; parentNode: { nodeName: string } | null };

const isHeadingRow = (row: TableRow | undefined) =>
  !!row &&
  (row.parentNode?.nodeName === 'THEAD' ||
    Array.from(row.cells).every((cell) => cell.nodeName === 'TH'));

function converter(lookup: ImageLookup, findings: HtmlFindings): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
    // A line break is a new line: the content parser reads one as a line break.
    br: '',
  });
  service.use(tables);
  service.escape = plainAsContent;
  service.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const found = lookup(node.getAttribute('src') ?? '');
      if (!found) {
        findings.foreignImages += 1;
        return '';
      }
      let alt = (node.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
      if (alt === '') {
        alt = found.name;
        findings.undescribedImages.push(found.name);
      }
      return `![${escapeMarkdown(alt)}](media:${found.id})`;
    },
  });
  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement: (content, node) => {
      const href = node.getAttribute('href')?.trim() ?? '';
      if (!LINK_SCHEMES.test(href)) {
        findings.droppedLinks += 1;
        return content;
      }
      return `[${content}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });
  service.addRule('looks', {
    filter: (node) => LOOKS.has(node.nodeName),
    replacement: (content) => {
      findings.droppedLooks += 1;
      return content;
    },
  });
  service.addRule('subscript', {
    filter: 'sub',
    replacement: (content) => (content.trim() ? `~${content.trim().replace(/ /g, '\\ ')}~` : ''),
  });
  service.addRule('superscript', {
    filter: 'sup',
    replacement: (content) => (content.trim() ? `^${content.trim().replace(/ /g, '\\ ')}^` : ''),
  });
  // A preformatted block without <code> is code all the same.
  service.addRule('preformatted', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName !== 'CODE',
    replacement: (_content, node) => `\n\n\`\`\`\n${node.textContent ?? ''}\n\`\`\`\n\n`,
  });
  // A cell is one line of a Markdown table.
  service.addRule('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const first = node.parentNode?.firstChild === node;
      return `${first ? '| ' : ' '}${content.replace(/\s*\n\s*/g, ' ').trim()} |`;
    },
  });
  // The content has tables with a header row only: a table without one reads its first row as it.
  service.addRule('tableWithoutHeading', {
    filter: (node) =>
      node.nodeName === 'TABLE' &&
      !isHeadingRow((node as unknown as { rows: ArrayLike<TableRow> }).rows[0]),
    replacement: (content) => {
      const [first = '', ...rest] = content.trim().split('\n');
      const columns = Math.max(1, (first.match(/(?<!\\)\|/g)?.length ?? 2) - 1);
      const divider = `| ${Array(columns).fill('---').join(' | ')} |`;
      return `\n\n${[first, divider, ...rest].join('\n')}\n\n`;
    },
  });
  // Last added, first asked: nothing inside these is read.
  service.addRule('dropped', {
    filter: [...DROPPED],
    replacement: () => {
      findings.droppedElements += 1;
      return '';
    },
  });
  return service;
}

/**
 * HTML as content: formatting, tables, code and TeX kept as Markdown; images the file holds as
 * `![alt](media:<id>)`; everything that may not be in exam content (scripts, event handlers,
 * frames, styles, forms, `javascript:` links, images from elsewhere) left out and counted in
 * `findings`, so the reader can say what was dropped.
 */
export function htmlAsContent(
  html: string,
  lookup: ImageLookup,
): { markdown: string; findings: HtmlFindings } {
  const findings: HtmlFindings = {
    foreignImages: 0,
    undescribedImages: [],
    droppedLinks: 0,
    droppedElements: 0,
    droppedLooks: 0,
  };
  return { markdown: converter(lookup, findings).turndown(html).trim(), findings };
}
