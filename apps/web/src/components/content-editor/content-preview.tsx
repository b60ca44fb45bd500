import { type RefObject, useDeferredValue, useEffect, useState } from 'react';
import { cn } from '@/lib/cn';
import { Content } from '../content/content';

/** Characters that may make the text show differently from how it is written. */
const MARKUP = /[\\`*_$[\]~^|#<&]|^\s*([-+>]|\d+[.)])\s/m;

interface ContentPreviewProps {
  textarea: RefObject<HTMLTextAreaElement | null>;
  inline: boolean;
  answer: boolean;
  /** A one-line field shows a preview only when its text has markup to show. */
  compact: boolean;
}

/**
 * The field's text as the student will see it, following what is typed. It listens to the
 * textarea itself, so a keystroke redraws the preview alone, after the keystroke has painted.
 */
export function ContentPreview({ textarea, inline, answer, compact }: ContentPreviewProps) {
  const [source, setSource] = useState(() => textarea.current?.value ?? '');
  const shown = useDeferredValue(source);
  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    const follow = () => setSource(element.value);
    follow();
    element.addEventListener('input', follow);
    return () => element.removeEventListener('input', follow);
  }, [textarea]);

  if (!shown.trim() || (compact && !MARKUP.test(shown))) return null;
  return (
    <div
      data-testid="content-preview"
      className={cn(
        'mt-2 min-w-0 rounded-lg border border-dashed border-slate-300 bg-slate-50/70',
        compact ? 'px-3 py-2' : 'px-3 py-2.5 sm:px-4',
      )}
    >
      <p className="mb-1 text-xs font-medium text-slate-600">Preview</p>
      <Content
        source={shown}
        inline={inline}
        kind={answer ? 'answer' : 'content'}
        className="text-sm text-slate-800 sm:text-base"
      />
    </div>
  );
}
