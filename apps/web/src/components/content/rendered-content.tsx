import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { type ContentKind, renderContent } from './render-content';

export type RenderedContentProps = {
  source: string;
  inline: boolean;
  kind: ContentKind;
  mediaUrls: Readonly<Record<string, string>>;
  keywords?: readonly string[];
  /** What stands in each `[[n]]` blank of the text: an input, a line to write on. */
  blank?: (number: number) => ReactNode;
  className?: string;
};

/** The rendered text; loaded with KaTeX, the highlighter and the sanitiser only where content shows. */
export default function RenderedContent({
  source,
  inline,
  kind,
  mediaUrls,
  keywords,
  blank,
  className,
}: RenderedContentProps) {
  const blanks = blank !== undefined;
  const html = useMemo(
    () => renderContent(source, { inline, kind, mediaUrls, keywords, blanks }),
    [source, inline, kind, mediaUrls, keywords, blanks],
  );
  const element = useRef<HTMLElement>(null);
  const [slots, setSlots] = useState<{ html: string; spans: Element[] }>({ html: '', spans: [] });
  // The blanks' spans are the sanitised HTML's: what fills them is rendered into them, so it
  // stays part of this tree (its state, its events) while sitting inside the sentence.
  useLayoutEffect(() => {
    if (!blanks || !element.current) return;
    setSlots({ html, spans: [...element.current.querySelectorAll('[data-blank]')] });
  }, [html, blanks]);
  const Element = inline ? 'span' : 'div';
  return (
    <>
      <Element
        ref={element as never}
        className={cn(inline ? 'content content-inline' : 'content', className)}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is DOMPurify's output, from a parser with raw HTML off.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {blank &&
        slots.html === html &&
        slots.spans.map((span, index) =>
          createPortal(blank(Number(span.getAttribute('data-blank'))), span, String(index)),
        )}
    </>
  );
}
