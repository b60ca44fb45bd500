import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Content, formulaLabel, MediaUrlsProvider } from './content';

const MEDIA_ID = 'a'.repeat(64);
const OTHER_ID = 'b'.repeat(64);
const MEDIA_URL = `/api/media/${MEDIA_ID}?expires=1&signature=x`;

/** Renders and waits for the lazily loaded renderer to take the plain-text fallback's place. */
async function rendered(ui: ReactElement): Promise<HTMLElement> {
  const { container } = render(ui);
  let content: HTMLElement | null = null;
  await waitFor(
    () => {
      content = container.querySelector<HTMLElement>('.content');
      expect(content).not.toBeNull();
    },
    { timeout: 20_000 },
  );
  return content as unknown as HTMLElement;
}

/** Nothing in the element can run: no script-capable element, no handler, no script URL. */
function expectInert(element: HTMLElement) {
  expect(element.querySelectorAll('script, iframe, style, object, embed, form')).toHaveLength(0);
  for (const node of element.querySelectorAll('*')) {
    for (const attribute of node.attributes) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.value).not.toMatch(/^\s*(javascript|vbscript|data):/i);
    }
  }
}

// The renderer is a chunk of its own, with KaTeX and the highlighter: compiled once, up front.
beforeAll(() => import('./rendered-content'), 120_000);

describe('Content', { timeout: 30_000 }, () => {
  it('renders a formula as KaTeX with MathML for screen readers', async () => {
    const content = await rendered(<Content source="Solve $x^2 - 4 = 0$ and $$\int_0^1 x\,dx$$" />);
    expect(content.querySelectorAll('.katex')).toHaveLength(2);
    expect(content.querySelectorAll('math')).toHaveLength(2);
    expect(content.querySelector('annotation')?.textContent).toBe('x^2 - 4 = 0');
    expect(screen.getByRole('region', { name: 'Formula' })).toHaveAttribute('tabindex', '0');
  });

  it('renders chemistry with the mhchem extension', async () => {
    const content = await rendered(<Content source="$\ce{2H2 + O2 -> 2H2O}$" />);
    expect(content.querySelector('.katex-error')).toBeNull();
    expect(content.querySelector('math')).not.toBeNull();
  });

  it('highlights code inside a focusable region named Code', async () => {
    await rendered(<Content source={'```python\ndef area(r):\n    return 3.14 * r * r\n```'} />);
    const region = screen.getByRole('region', { name: 'Code' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.querySelector('code .hljs-keyword')?.textContent).toBe('def');
  });

  it('highlights code written without a language as the language it reads like', async () => {
    await rendered(
      <Content source={'```\n#include <stdio.h>\nint main(void) { return 0; }\n```'} />,
    );
    const region = screen.getByRole('region', { name: 'Code' });
    const keywords = [...region.querySelectorAll('code .hljs-keyword')].map(
      (keyword) => keyword.textContent,
    );
    expect(keywords).toContain('return');
  });

  it('puts a table inside a focusable region named Table', async () => {
    await rendered(<Content source={'| A | B | A·B |\n|---|---|---|\n| 0 | 1 | 0 |'} />);
    const region = screen.getByRole('region', { name: 'Table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('columnheader', { name: 'A·B' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell')).toHaveLength(3);
  });

  it('renders inline content without paragraphs, for labels', async () => {
    const content = await rendered(<Content inline source="**True** for $n > 1$" />);
    expect(content.tagName).toBe('SPAN');
    expect(content.querySelector('p, div')).toBeNull();
    expect(content.querySelector('strong')?.textContent).toBe('True');
  });

  it('opens a link in a new tab without giving it the page', async () => {
    await rendered(<Content source="See [the notes](https://example.edu/notes)." />);
    const link = screen.getByRole('link', { name: 'the notes' });
    expect(link).toHaveAttribute('href', 'https://example.edu/notes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows an image through its signed URL, with its alt text and lazily', async () => {
    await rendered(
      <MediaUrlsProvider mediaUrls={{ [MEDIA_ID]: MEDIA_URL }}>
        <Content source={`![A half-wave rectifier](media:${MEDIA_ID})`} />
      </MediaUrlsProvider>,
    );
    const image = screen.getByRole('img', { name: 'A half-wave rectifier' });
    expect(image).toHaveAttribute('src', MEDIA_URL);
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows the alt text in its place when the image has no URL', async () => {
    const content = await rendered(
      <MediaUrlsProvider mediaUrls={{ [MEDIA_ID]: MEDIA_URL }}>
        <Content source={`![The circuit](media:${OTHER_ID})`} />
      </MediaUrlsProvider>,
    );
    expect(content.querySelector('img')).toBeNull();
    expect(screen.getByText('The circuit')).toHaveClass('content-image-missing');
  });

  it('shows raw HTML as text and never as elements', async () => {
    const source = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body { background: url(https://evil.example/x) }</style>',
      '<a href="javascript:alert(3)">click</a>',
    ].join('\n\n');
    const content = await rendered(<Content source={source} />);
    expectInert(content);
    expect(content.querySelectorAll('img, a')).toHaveLength(0);
    expect(content).toHaveTextContent('<script>alert(1)</script>');
  });

  it('never makes a link of a javascript: URL, in Markdown or in TeX', async () => {
    const source = [
      '[click](javascript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '<javascript:alert(2)>',
      '$\\href{javascript:alert(3)}{x}$ $\\url{javascript:alert(4)}$',
      '$\\htmlStyle{background:url(https://evil.example)}{x}$',
      `![x](javascript:alert(5))`,
    ].join('\n\n');
    const content = await rendered(<Content source={source} />);
    expectInert(content);
    expect(content.querySelectorAll('a, img')).toHaveLength(0);
  });

  it("leaves a student's answer's images and links as the text typed", async () => {
    const source = `See ![x](media:${MEDIA_ID}) and [this](https://example.edu): $E = mc^2$`;
    const content = await rendered(
      <Content kind="answer" source={source} mediaUrls={{ [MEDIA_ID]: MEDIA_URL }} />,
    );
    expect(content.querySelectorAll('a, img')).toHaveLength(0);
    expect(content).toHaveTextContent(`![x](media:${MEDIA_ID}) and [this](https://example.edu)`);
    expect(content.querySelector('.katex')).not.toBeNull();
  });
});

describe('Content with keywords', { timeout: 30_000 }, () => {
  it('marks the keywords in the text and leaves formulas whole', async () => {
    const content = await rendered(
      <Content
        kind="answer"
        source={'Merge sort is **stable**: $stable(n)$ and\n\n```python\nstable = True\n```'}
        keywords={['stable']}
      />,
    );
    expect(
      [...content.querySelectorAll('mark')].map((mark) => mark.closest('strong, code')?.tagName),
    ).toEqual(['STRONG', 'CODE']);
    expect(content.querySelector('.katex mark')).toBeNull();
  });
});

describe('formulaLabel', () => {
  it('names a label that is only formulas by their TeX', () => {
    expect(formulaLabel('$x^2$')).toBe('x^2');
    expect(formulaLabel(' $a$ $$b$$ ')).toBe('a b');
  });

  it('leaves a label with words of its own to its text', () => {
    expect(formulaLabel('$x$ and $y$')).toBeUndefined();
    expect(formulaLabel('Paris')).toBeUndefined();
  });
});

// Last in the file: the test files of a worker share their modules, so the renderer may have been
// loaded already, and only a fresh copy of the module shows what comes before it; the modules
// imported after that are fresh copies too, which the tests above must not mix with theirs.
describe('Content before its renderer has loaded', () => {
  it('shows the text as written', async () => {
    vi.resetModules();
    const fresh = await import('./content');
    render(<fresh.Content source="What is **2 + 2**?" />);
    expect(screen.getByText('What is **2 + 2**?')).toBeInTheDocument();
  });
});
