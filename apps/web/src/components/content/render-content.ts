import { createContentParser, MEDIA_ID_PATTERN } from '@examiq/contracts';
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import verilog from 'highlight.js/lib/languages/verilog';
import vhdl from 'highlight.js/lib/languages/vhdl';
import katex from 'katex';
import { keywordPattern } from '@/lib/keywords';
import 'katex/contrib/mhchem';
import 'katex/dist/katex.min.css';
import 'highlight.js/styles/a11y-light.css';
import './content.css';

const LANGUAGES = { bash, c, cpp, java, javascript, python, sql, typescript, verilog, vhdl };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
const LANGUAGE_NAMES = Object.keys(LANGUAGES);

/** What a text is: content an author wrote, or a student's answer, whose images and links are inert. */
export type ContentKind = 'content' | 'answer';

export type RenderOptions = {
  inline: boolean;
  kind: ContentKind;
  /** Media id → the signed URL the server issued for it. */
  mediaUrls: Readonly<Record<string, string>>;
  /** Words to mark where the text holds them (a marker's keywords); formulas are left whole. */
  keywords?: readonly string[];
  /** Each `[[n]]` blank marker becomes an empty `<span data-blank="n">` for its input to fill. */
  blanks?: boolean;
};

type RenderEnv = { mediaUrls: Readonly<Record<string, string>> };

const KATEX_OPTIONS = {
  // The MathML is what screen readers read; the HTML is what the eye sees.
  output: 'htmlAndMathml',
  trust: false,
  throwOnError: false,
  strict: 'ignore',
  // A hostile formula cannot expand macros or grow boxes without bound.
  maxExpand: 500,
  maxSize: 20,
  // The plugin renders with this instance, the one the mhchem extension registered `\ce` on.
  katex,
};

/**
 * A code block written with one of the languages is highlighted as that language; one written
 * without any (the toolbar's code block has none, and a lecturer may not know to add one) as the
 * language among them it reads most like; one naming another language stays plain.
 */
function highlight(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name) return hljs.highlightAuto(code, LANGUAGE_NAMES).value;
  if (!hljs.getLanguage(name)) return '';
  return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
}

const SCROLL_REGION = (label: string, element: 'div' | 'span' = 'div') =>
  `<${element} class="content-scroll" role="region" aria-label="${label}" tabindex="0">`;

function createRenderer(kind: ContentKind) {
  const parser = createContentParser({ katex: KATEX_OPTIONS, highlight });
  // A student's answer is not checked like an author's content: what would be an image or a link
  // stays the text the student typed.
  if (kind === 'answer') parser.disable(['image', 'link', 'autolink']);
  const { rules } = parser.renderer;
  const { escapeHtml } = parser.utils;

  // Code, tables and display formulas scroll sideways inside their own region on a narrow screen;
  // the keyboard reaches the region to scroll it, and a screen reader hears what it is.
  const fence = rules.fence;
  rules.fence = (...args) => `${SCROLL_REGION('Code')}${fence?.(...args) ?? ''}</div>`;
  const codeBlock = rules.code_block;
  rules.code_block = (...args) => `${SCROLL_REGION('Code')}${codeBlock?.(...args) ?? ''}</div>`;
  rules.table_open = () => `${SCROLL_REGION('Table')}<table>\n`;
  rules.table_close = () => '</table>\n</div>\n';
  for (const name of ['math_block', 'math_inline_block'] as const) {
    const formula = rules[name];
    rules[name] = (...args) =>
      `${SCROLL_REGION('Formula', 'span')}${formula?.(...args) ?? ''}</span>`;
  }

  rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const alt = self.renderInlineAsText(token?.children ?? [], options, env) || 'Image';
    const source = String(token?.attrGet('src') ?? '');
    const id = source.startsWith('media:') ? source.slice('media:'.length) : '';
    const url = MEDIA_ID_PATTERN.test(id) ? (env as RenderEnv).mediaUrls[id] : undefined;
    if (!url) return `<span class="content-image-missing">${escapeHtml(alt)}</span>`;
    return `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  };
  return parser;
}

const renderers = { content: createRenderer('content'), answer: createRenderer('answer') };

/**
 * DOMPurify's HTML, SVG and MathML allow-lists (no scripts, event handlers or `javascript:` URLs),
 * less what content never produces, plus the two MathML elements KaTeX labels its TeX with.
 */
const PURIFY_CONFIG = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  ADD_TAGS: ['semantics', 'annotation'],
  ADD_ATTR: ['target', 'encoding', 'loading'],
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'dialog',
    'details',
    'video',
    'audio',
    'source',
    'picture',
    'use',
    'image',
    'foreignObject',
    'filter',
    'feImage',
  ],
  FORBID_ATTR: ['id', 'name', 'srcset', 'xlink:href', 'formaction'],
};

/** The image URLs the text being sanitised may show: those the server issued for its media. */
let allowedImages = new Set<string>();
const CSS_FETCH = /url\s*\(|image-set|@import|expression\s*\(/i;

DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && CSS_FETCH.test(data.attrValue)) data.keepAttr = false;
});
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG' && !allowedImages.has(node.getAttribute('src') ?? '')) node.remove();
});

function sanitize(html: string, mediaUrls: Readonly<Record<string, string>>): string {
  allowedImages = new Set(Object.values(mediaUrls));
  try {
    return DOMPurify.sanitize(html, PURIFY_CONFIG);
  } finally {
    allowedImages = new Set();
  }
}

/** The HTML with every keyword in its text wrapped in `<mark>`, outside formulas. */
function markKeywords(html: string, keywords: readonly string[]): string {
  const pattern = keywordPattern(keywords);
  if (!pattern) return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) {
    const text = walker.currentNode as Text;
    if (!text.parentElement?.closest('.katex')) texts.push(text);
  }
  for (const text of texts) {
    const parts = (text.nodeValue ?? '').split(pattern);
    if (parts.length === 1) continue;
    // With one capture group, split puts every match at an odd index.
    text.replaceWith(
      ...parts.map((part, index) => {
        if (index % 2 === 0) return part;
        const mark = document.createElement('mark');
        mark.textContent = part;
        return mark;
      }),
    );
  }
  return template.innerHTML;
}

// Each page shows the same texts again and again (a paper re-renders on every answer): KaTeX and
// the highlighter run once per text. The signed URLs are part of the key, as a map object per
// response, so a fresh URL renders anew.
const MAX_CACHED = 2000;
const caches = new WeakMap<object, Map<string, string>>();

/**
 * A marker is left as text by the parser (no link is defined as `[1]`), and by then the HTML is
 * sanitised: the spans are put in afterwards. A marker inside a formula is split up by KaTeX, so
 * it is never matched.
 */
function markBlanks(html: string): string {
  return html.replace(/\[\[(\d+)\]\]/g, '<span class="content-blank" data-blank="$1"></span>');
}

export function renderContent(
  source: string,
  { inline, kind, mediaUrls, keywords = [], blanks = false }: RenderOptions,
): string {
  let cache = caches.get(mediaUrls);
  if (!cache) {
    cache = new Map();
    caches.set(mediaUrls, cache);
  }
  const key = `${kind}:${inline ? 'inline' : 'block'}:${blanks ? 'blanks:' : ''}${keywords.join('\u0000')}:${source}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const parser = renderers[kind];
  const env: RenderEnv = { mediaUrls };
  const sanitized = markKeywords(
    sanitize(inline ? parser.renderInline(source, env) : parser.render(source, env), mediaUrls),
    keywords,
  );
  const html = blanks ? markBlanks(sanitized) : sanitized;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, html);
  return html;
}
