import { X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import { FOCUSABLE, useFocusTrap } from './use-focus-trap';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

const widths: Record<ModalSize, string> = {
  sm: 'max-w-sm',
  md: 'max-w-lg',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: ModalSize;
  children: ReactNode;
  /** Actions row at the bottom, typically Cancel and a confirm button. */
  footer?: ReactNode;
}

export function Modal({ open, onClose, title, size = 'md', children, footer }: ModalProps) {
  if (!open) return null;
  return createPortal(
    <ModalDialog onClose={onClose} title={title} size={size} footer={footer}>
      {children}
    </ModalDialog>,
    document.body,
  );
}

function ModalDialog({
  onClose,
  title,
  size,
  children,
  footer,
}: Omit<ModalProps, 'open'> & { size: ModalSize }) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [bodyIsTabStop, setBodyIsTabStop] = useState(false);
  useFocusTrap(panelRef, onClose);

  // A body that scrolls on a small screen must be reachable from the keyboard: through its
  // fields when it has some, otherwise (a review, a confirmation) as a tab stop of its own.
  useLayoutEffect(() => {
    setBodyIsTabStop(!bodyRef.current?.querySelector(FOCUSABLE));
  });

  // The page behind must not scroll while the dialog covers it.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      {/* The backdrop is a click target for pointer users; keyboard users close with Escape. */}
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[2px]"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[calc(100dvh-2rem)] w-full flex-col rounded-xl bg-white shadow-xl focus:outline-none',
          widths[size],
        )}
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div
          ref={bodyRef}
          tabIndex={bodyIsTabStop ? 0 : undefined}
          className="overflow-y-auto px-5 py-4 focus-visible:-outline-offset-2"
        >
          {children}
        </div>
        {footer && (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
