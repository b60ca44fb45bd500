import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { cn } from '@/lib/cn';
import type { ContentKind } from './render-content';

const RenderedContent = lazy(() => import('./rendered-content'));

const NO_MEDIA: Readonly<Record<string, string>> = Object.freeze({});
const MediaUrls = createContext<Readonly<Record<string, string>>>(NO_MEDIA);

/**
 * The signed URLs of the images in the content below it (media id → URL), as the server sends
 * them beside the content it answers with.
 */
export function MediaUrlsProvider({
  mediaUrls,
  children,
}: {
  mediaUrls: Readonly<Record<string, string>> | undefined;
  children: ReactNode;
}) {
  return <MediaUrls value={mediaUrls ?? NO_MEDIA}>{children}</MediaUrls>;
}

export type ContentProps = {
  /** The Markdown with TeX, as stored. */
  source: string;
  /** Inline content (an option's label, a one-line cell): no paragraphs, tables or blocks. */
  inline?: boolean;
  /** 'answer': a student's written answer, whose images and links show as the text typed. */
  kind?: ContentKind;
  /** Overrides the surrounding `MediaUrlsProvider`. */
  mediaUrls?: Readonly<Record<string, string>>;
  className?: string;
};

/**
 * Exam content as the student sees it: Markdown, formulas, code, tables and images. Until the
 * renderer has loaded, the text shows as written, in the same place, so nothing jumps.
 */
export function Content({
  source,
  inline = false,
  kind = 'content',
  mediaUrls,
  className,
}: ContentProps) {
  const contextUrls = useContext(MediaUrls);
  const Element = inline ? 'span' : 'div';
  const fallback = (
    <Element className={cn(inline ? 'content-inline' : 'whitespace-pre-wrap', className)}>
      {source}
    </Element>
  );
  return (
    <Suspense fallback={fallback}>
      <RenderedContent
        source={source}
        inline={inline}
        kind={kind}
        mediaUrls={mediaUrls ?? contextUrls}
        className={className}
      />
    </Suspense>
  );
}

const FORMULAS_ONLY = /^\s*(\${1,2}[^$]+\${1,2}\s*)+$/;

/**
 * The accessible name of a control whose label is only formulas (an option '$x^2$'): their TeX,
 * which axe and every screen reader can read; `undefined` when the label has words of its own.
 */
export function formulaLabel(source: string): string | undefined {
  if (!FORMULAS_ONLY.test(source)) return undefined;
  return source.replace(/\$+/g, ' ').replace(/\s+/g, ' ').trim();
}
