/// <reference path="./markdown-it-plugins.d.ts" />
import katexPluginModule from '@vscode/markdown-it-katex';
import MarkdownIt from 'markdown-it';
import markdownItSub from 'markdown-it-sub';
import markdownItSup from 'markdown-it-sup';
import { requiredText } from './fields';

/**
 * Exam content (question text, options, explanations, sample and model answers, instructions) is
 * Markdown: CommonMark with GFM tables, `$…$` / `$$…$$` TeX, fenced code, `~sub~` and `^sup^`,
 * images written `![alt](media:<id>)`, raw HTML shown as text. The server checks it at write with
 * the parser the browser renders with, so one allow-list decides what content can hold.
 */
export const CONTENT_LIMITS = {
  /** The source of one field, markup included. */
  sourceCharacters: 20_000,
  imagesPerField: 20,
} as const;

export const CONTENT_MESSAGES = {
  imageAlt: 'Describe this image for students who cannot see it',
  imageSource: 'An image must be one uploaded here',
  link: 'A link must start with http://, https:// or mailto:',
  formula: 'A formula cannot hold links or HTML commands',
  images: `At most ${CONTENT_LIMITS.imagesPerField} images are allowed`,
} as const;

export const MEDIA_ID_PATTERN = /^[0-9a-f]{64}$/;
// The plugin is CommonJS with an `exports.default`: bundlers unwrap it, Node's own loader does not.
const markdownItKatex =
  (katexPluginModule as unknown as { default?: typeof katexPluginModule }).default ??
  katexPluginModule;

const MEDIA_SOURCE = /^media:([0-9a-f]{64})$/;
const LINK_SCHEMES = /^(https?:|mailto:)/i;
// KaTeX with `trust: false` renders these as text already; refusing them at write keeps a stored
// formula meaning what it shows.
const UNSAFE_TEX = /\\(href|url|includegraphics|html[A-Z]\w*)\b/;

type ContentParser = InstanceType<typeof MarkdownIt>;
type Token = ReturnType<ContentParser['parse']>[number];

export type ContentParserOptions = {
  /** KaTeX's options when the parser renders (the browser); the server only tokenises. */
  katex?: Record<string, unknown>;
  highlight?: ContentParser['options']['highlight'];
};

/**
 * The one Markdown configuration. A line break is a line break (`breaks`), because lecturers who
 * have never seen Markdown press Enter to start a new line.
 */
export function createContentParser({
  katex,
  highlight,
}: ContentParserOptions = {}): ContentParser {
  const parser = new MarkdownIt('commonmark', {
    html: false,
    breaks: true,
    linkify: false,
    typographer: false,
    highlight,
  })
    .enable('table')
    .use(markdownItSub)
    .use(markdownItSup)
    .use(markdownItKatex, katex ?? {});
  return parser;
}

const checkingParser = createContentParser();
// Every link and image reaches the checks below, so a bad one is reported rather than silently
// left as text by the parser's own filter.
checkingParser.validateLink = () => true;

export type ContentFacts = {
  /** The number of characters a reader reads: markup not counted, a formula or an image as one. */
  readerLength: number;
  mediaIds: string[];
  problems: string[];
};

// Text with none of these characters means what it says as Markdown: no parse needed, which keeps
// plain-text questions (and the spec's length rules on them) as cheap and exact as before.
const MAY_HOLD_MARKUP = /[\\`*_$[\]~^<&!|#\n]|^\s*([-+>=]|\d+[.)])/;

export function contentFacts(source: string): ContentFacts {
  if (!MAY_HOLD_MARKUP.test(source))
    return { readerLength: source.length, mediaIds: [], problems: [] };
  const facts: ContentFacts = { readerLength: 0, mediaIds: [], problems: [] };
  const problems = new Set<string>();
  let blocks = 0;
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'text':
        case 'code_inline':
          facts.readerLength += token.content.length;
          break;
        case 'fence':
        case 'code_block':
          facts.readerLength += token.content.replace(/\n$/, '').length;
          break;
        case 'softbreak':
        case 'hardbreak':
          facts.readerLength += 1;
          break;
        case 'math_inline':
        case 'math_inline_block':
        case 'math_block':
          facts.readerLength += 1;
          if (UNSAFE_TEX.test(token.content)) problems.add(CONTENT_MESSAGES.formula);
          break;
        case 'image': {
          facts.readerLength += 1;
          const source = MEDIA_SOURCE.exec(String(token.attrGet('src') ?? ''));
          if (source?.[1]) facts.mediaIds.push(source[1]);
          else problems.add(CONTENT_MESSAGES.imageSource);
          if (!token.content.trim()) problems.add(CONTENT_MESSAGES.imageAlt);
          // Its children are the alt text, counted once above.
          continue;
        }
        case 'link_open':
          if (!LINK_SCHEMES.test(String(token.attrGet('href') ?? '')))
            problems.add(CONTENT_MESSAGES.link);
          break;
        case 'paragraph_open':
        case 'heading_open':
        case 'list_item_open':
        case 'th_open':
        case 'td_open':
          // Blocks after the first are separated by a line the reader sees as one character.
          if (blocks++ > 0) facts.readerLength += 1;
          break;
      }
      if (token.children) visit(token.children);
    }
  };
  visit(checkingParser.parse(source, {}));
  if (facts.mediaIds.length > CONTENT_LIMITS.imagesPerField) problems.add(CONTENT_MESSAGES.images);
  facts.problems = [...problems];
  return facts;
}

/** The `media:` ids a text's images refer to, in order, repeats removed. */
export function mediaIdsIn(source: string): string[] {
  return [...new Set(contentFacts(source).mediaIds)];
}

/**
 * The text a person reads, for files and places that cannot render: formulas as TeX between `$`,
 * images as their alt text, code as code, markup removed.
 */
export function readableText(source: string): string {
  if (!MAY_HOLD_MARKUP.test(source)) return source;
  const parts: string[] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      switch (token.type) {
        case 'text':
        case 'code_inline':
          parts.push(token.content);
          break;
        case 'fence':
        case 'code_block':
          parts.push(token.content.replace(/\n$/, ''), '\n');
          break;
        case 'softbreak':
        case 'hardbreak':
          parts.push('\n');
          break;
        case 'math_inline':
          parts.push(`$${token.content}$`);
          break;
        case 'math_inline_block':
        case 'math_block':
          parts.push(`$$${token.content.trim()}$$`, '\n');
          break;
        case 'image':
          parts.push(token.content);
          continue;
        case 'paragraph_close':
        case 'heading_close':
        case 'list_item_close':
        case 'tr_close':
          parts.push('\n');
          break;
        case 'th_close':
        case 'td_close':
          parts.push('\t');
          break;
      }
      if (token.children) visit(token.children);
    }
  };
  visit(checkingParser.parse(source, {}));
  return parts
    .join('')
    .replace(/\t\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * Plain text written as Markdown that reads the same: every character Markdown would take as
 * markup is escaped. Text stored before content was Markdown went through the same rules (the
 * migration 0027_content_markdown) so that it still shows exactly what its author typed.
 */
export function escapeMarkdown(plain: string): string {
  return plain
    .replace(/[\\`*_$[\]~^|]/g, '\\$&')
    .replace(/&(#?[A-Za-z0-9]+;)/g, '\\&$1')
    .replace(/(^|\n)([ \t]*)([#>+=<-])/g, '$1$2\\$3')
    .replace(/(^|\n)([ \t]*\d+)([.)])/g, '$1$2\\$3');
}

type ContentFieldOptions = {
  min: number;
  max: number;
  requiredMessage?: string;
  minMessage?: string;
  maxMessage?: string;
};

/**
 * A content field with the spec's length rules counted on what a reader reads, so that a formula
 * or an image reference does not eat the field's characters, and the source bounded by
 * `CONTENT_LIMITS.sourceCharacters`.
 */
export function contentField(
  label: string,
  {
    min,
    max,
    requiredMessage = `${label} is required`,
    minMessage = `${label} must be at least ${min} characters`,
    maxMessage = `${label} cannot exceed ${max} characters`,
  }: ContentFieldOptions,
) {
  return requiredText(requiredMessage)
    .max(
      CONTENT_LIMITS.sourceCharacters,
      `${label} cannot exceed ${CONTENT_LIMITS.sourceCharacters.toLocaleString('en')} characters with its formatting`,
    )
    .superRefine((source, ctx) => {
      const facts = contentFacts(source);
      if (facts.readerLength < min) ctx.addIssue({ code: 'custom', message: minMessage });
      if (facts.readerLength > max) ctx.addIssue({ code: 'custom', message: maxMessage });
      for (const message of facts.problems) ctx.addIssue({ code: 'custom', message });
    });
}
