import {
  type ComponentProps,
  type FocusEvent,
  lazy,
  type Ref,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses, describedBy, FieldMessage } from '../field';
import { ContentPreview } from './content-preview';

// The toolbar, its dialogs and MathLive load when an editor is first opened, not with the page.
const EditorToolbar = lazy(() => import('./editor-toolbar'));

export interface ContentEditorProps extends Omit<ComponentProps<'textarea'>, 'ref'> {
  ref?: Ref<HTMLTextAreaElement>;
  label: string;
  error?: string;
  hint?: string;
  /** One line that grows as it is written (an option, an instruction); its toolbar shows on focus. */
  compact?: boolean;
  /** Opens the tools and preview before the field is focused (its question card was opened). */
  open?: boolean;
  /** A student's answer: no images, and the preview shows links and images as typed. */
  answer?: boolean;
  /** The preview as the student sees the text: inline (an option) or as blocks. */
  inline?: boolean;
}

/**
 * A field of exam content (Markdown with TeX): the textarea holds the source, so forms register
 * it like any text field. Once opened, a toolbar writes the syntax around the selection and a
 * preview shows the text as the student will see it.
 */
export function ContentEditor({
  ref,
  label,
  error,
  hint,
  compact = false,
  open = false,
  answer = false,
  inline = false,
  id,
  className,
  rows = 3,
  onFocus,
  readOnly,
  ...rest
}: ContentEditorProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [focused, setFocused] = useState(false);
  const active = !readOnly && (open || focused);
  const setRef = useCallback(
    (element: HTMLTextAreaElement | null) => {
      textarea.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  const handleFocus = (event: FocusEvent<HTMLTextAreaElement>) => {
    setFocused(true);
    onFocus?.(event);
  };

  const toolbar = active && (
    <Suspense fallback={null}>
      <EditorToolbar textarea={textarea} answer={answer} floating={compact} />
    </Suspense>
  );
  const field = (
    <textarea
      ref={setRef}
      id={inputId}
      rows={compact ? 1 : rows}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(inputId, error, hint)}
      className={cn(
        controlClasses,
        controlStateClasses(Boolean(error)),
        // The field grows with its text, up to a screenful, from the rows it is given.
        'field-sizing-content',
        compact ? 'min-h-10 resize-none py-2' : 'max-h-[60vh] resize-y',
        active && !compact && 'rounded-t-none',
      )}
      style={compact ? undefined : { minHeight: `calc(${rows} * 1.25rem + 1.25rem + 2px)` }}
      onFocus={handleFocus}
      readOnly={readOnly}
      {...rest}
    />
  );

  return (
    <div className={cn('group/editor min-w-0', className)}>
      <label
        htmlFor={inputId}
        className={cn('mb-1.5 block text-sm font-medium text-slate-700', compact && 'sr-only')}
      >
        {label}
      </label>
      {compact ? (
        <div className="relative">
          {toolbar}
          {field}
        </div>
      ) : (
        <>
          {toolbar}
          {field}
        </>
      )}
      <FieldMessage id={inputId} error={error} hint={hint} />
      {active && (
        <ContentPreview textarea={textarea} inline={inline} answer={answer} compact={compact} />
      )}
    </div>
  );
}
