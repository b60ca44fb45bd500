import { describe, expect, it } from 'vitest';
import {
  CONTENT_MESSAGES,
  contentFacts,
  createContentParser,
  escapeMarkdown,
  mediaIdsIn,
  readableText,
} from './content';

const IMAGE = 'a'.repeat(64);
const OTHER_IMAGE = 'b'.repeat(64);

describe('what content can hold', () => {
  it('counts what a reader reads: markup not at all, a formula or an image as one character', () => {
    expect(contentFacts('Plain words, no markup').readerLength).toBe(22);
    expect(contentFacts('**Bold** $\\int_0^1 x^2\\,dx$').readerLength).toBe('Bold '.length + 1);
    expect(contentFacts(`![A resistor network](media:${IMAGE})`).readerLength).toBe(1);
  });

  it('keeps images that are uploaded media and have alt text, and lists them once', () => {
    const source = `![R1](media:${IMAGE}) and ![R2](media:${OTHER_IMAGE}) ![R1 again](media:${IMAGE})`;
    expect(contentFacts(source).problems).toEqual([]);
    expect(mediaIdsIn(source)).toEqual([IMAGE, OTHER_IMAGE]);
  });

  it.each([
    [
      'an image from another site',
      '![x](https://evil.example/x.png)',
      CONTENT_MESSAGES.imageSource,
    ],
    ['an image without alt text', `![](media:${IMAGE})`, CONTENT_MESSAGES.imageAlt],
    ['a javascript: link', '[click](javascript:alert(1))', CONTENT_MESSAGES.link],
    ['a data: link', '[click](data:text/html,<script>alert(1)</script>)', CONTENT_MESSAGES.link],
    ['an unknown scheme', '[click](vbscript:msgbox)', CONTENT_MESSAGES.link],
    ['a TeX \\href', '$\\href{javascript:alert(1)}{x}$', CONTENT_MESSAGES.formula],
    ['a TeX \\url', '$$\\url{https://evil.example}$$', CONTENT_MESSAGES.formula],
    ['a TeX \\htmlClass', '$\\htmlClass{x}{y}$', CONTENT_MESSAGES.formula],
  ])('refuses %s', (_name, source, message) => {
    expect(contentFacts(source).problems).toContain(message);
  });

  it('accepts web and mail links', () => {
    expect(contentFacts('[IEEE](https://ieee.org) [mail](mailto:x@y.edu)').problems).toEqual([]);
  });

  it('refuses more than twenty images in one field', () => {
    const source = Array.from({ length: 21 }, (_, i) => `![figure ${i}](media:${IMAGE})`).join(' ');
    expect(contentFacts(source).problems).toContain(CONTENT_MESSAGES.images);
  });

  it('shows raw HTML as text, never as markup', () => {
    const html = createContentParser().render(
      '<script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('readable text for files', () => {
  it('writes formulas as TeX, images as alt text, tables as tab-separated rows', () => {
    expect(readableText(`Find $V=IR$ in ![the circuit](media:${IMAGE})`)).toBe(
      'Find $V=IR$ in the circuit',
    );
    expect(readableText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a\tb\n1\t2');
    expect(readableText('```c\nint x;\n```')).toBe('int x;');
  });
});

describe('plain text written as Markdown', () => {
  it.each([
    'a*b*c and snake_case_name',
    'Costs $5 and $10, or $x$',
    '# not a heading\n- not a list\n1. not a list either\n> not a quote',
    'x^2^ and H~2~O and [a](b) | c \\ `d`',
    'AT&T and &amp; literally',
    'line one\nline two',
  ])('reads exactly as typed: %j', (plain) => {
    expect(readableText(escapeMarkdown(plain))).toBe(plain);
  });
});
