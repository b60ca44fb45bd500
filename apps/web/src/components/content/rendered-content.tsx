import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { type ContentKind, renderContent } from './render-content';

export type RenderedContentProps = {
  source: string;
  inline: boolean;
  kind: ContentKind;
  mediaUrls: Readonly<Record<string, string>>;
  keywords?: readonly string[];
  className?: string;
};

/** The rendered text; loaded with KaTeX, the highlighter and the sanitiser only where content shows. */
export default function RenderedContent({
  source,
  inline,
  kind,
  mediaUrls,
  keywords,
  className,
}: RenderedContentProps) {
  const html = useMemo(
    () => renderContent(source, { inline, kind, mediaUrls, keywords }),
    [source, inline, kind, mediaUrls, keywords],
  );
  const Element = inline ? 'span' : 'div';
  return (
    <Element
      className={cn(inline ? 'content content-inline' : 'content', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output, from a parser with raw HTML off.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
