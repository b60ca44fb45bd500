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
  /** Words to mark in the text: the keywords a marker looks for in an answer. */
  keywords?: readonly string[];
  /**
   * What stands in each `[[n]]` blank of a fill-in-the-blanks text: an input, a line to write on.
   * Until the renderer has loaded, the markers show as written.
   */
  blank?: (number: number) => ReactNode;
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
  keywords,
  blank,
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
        keywords={keywords}
        blank={blank}
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

/**
 * A student's written answer: a long answer may hold formulas and code, so it renders as content
 * with its images and links left as typed; a short answer is one line of plain text.
 */
export function WrittenAnswerText({
  questionType,
  text,
  className,
}: {
  questionType: string;
  text: string;
  className?: string;
}) {
  if (questionType === 'LONG_ANSWER')
    return <Content kind="answer" source={text} className={className} />;
  return <p className={cn('wrap-anywhere whitespace-pre-wrap', className)}>{text}</p>;
}
