import { PROCTORING_LIMITS, type ProctorMessage } from '@examiq/contracts';
import { MessageSquare, Send, TriangleAlert, X } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';

interface ChatPanelProps {
  messages: readonly ProctorMessage[] | undefined;
  loadFailed: boolean;
  /** Proctors' messages that came while the panel was closed. */
  unread: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sending: boolean;
  onSend: (text: string) => Promise<unknown>;
  /** The button that opens the chat, where focus returns when the chat or a message is closed. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The conversation with the exam's proctors, out of the way of answering: a button with the
 * count of unread messages opens a panel at the corner (the lower part of a phone's screen).
 */
export function ChatPanel({
  messages,
  loadFailed,
  unread,
  open,
  onOpenChange,
  sending,
  onSend,
  toggleRef: toggle,
}: ChatPanelProps) {
  const panelId = useId();
  const titleId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const count = messages?.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest message comes into view as it arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count, open]);

  const close = () => {
    onOpenChange(false);
    toggle.current?.focus();
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setError(null);
    try {
      await onSend(message);
      setText('');
    } catch (failure) {
      setError(
        getServerMessage(failure) ??
          'Your message could not be sent. Check your connection and try again.',
      );
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : onOpenChange(true))}
        className={cn(
          'fixed right-4 bottom-4 z-30 inline-flex h-12 items-center gap-2 rounded-full bg-brand-600 px-5 text-sm font-medium text-white shadow-lg hover:bg-brand-700',
          open && 'hidden sm:inline-flex',
        )}
      >
        <MessageSquare aria-hidden="true" className="size-5" />
        Proctor chat
        {unread > 0 && (
          <span className="ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-white px-1.5 text-xs font-semibold text-brand-700">
            {unread}
            <span className="sr-only">{unread === 1 ? ' unread message' : ' unread messages'}</span>
          </span>
        )}
      </button>
      <section
        id={panelId}
        aria-labelledby={titleId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        className="fixed inset-x-0 bottom-0 z-40 flex h-[70dvh] flex-col rounded-t-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:bottom-20 sm:h-[28rem] sm:w-[22rem] sm:rounded-2xl"
      >
        <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <h2 id={titleId} className="font-semibold text-slate-900">
            Chat with your proctors
          </h2>
          <Button variant="ghost" size="sm" aria-label="Close chat" onClick={close}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        </header>
        <ol
          aria-label="Messages"
          // Scrolled with the keyboard too, once the conversation is longer than the panel.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
          tabIndex={0}
          className="flex-1 space-y-3 overflow-y-auto px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
        >
          {loadFailed && (
            <li className="text-sm text-red-700">The earlier messages could not be loaded.</li>
          )}
          {!messages && !loadFailed && (
            <li>
              <Spinner label="Loading messages" />
            </li>
          )}
          {messages?.length === 0 && (
            <li className="text-sm text-slate-600">
              No messages yet. Write here if you need your proctors during the exam.
            </li>
          )}
          {messages?.map((message) => (
            <ChatMessage key={message._id} message={message} />
          ))}
          <li ref={end} aria-hidden="true" />
        </ol>
        <form onSubmit={send} className="border-t border-slate-100 px-4 py-3">
          <label htmlFor={`${panelId}-text`} className="sr-only">
            Message to your proctors
          </label>
          <textarea
            ref={input}
            id={`${panelId}-text`}
            rows={2}
            value={text}
            maxLength={PROCTORING_LIMITS.messageText}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Write a message"
            aria-describedby={`${panelId}-hint`}
            className="block w-full resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          />
          {error && (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-2 flex items-center justify-between gap-2">
            <p id={`${panelId}-hint`} className="text-xs text-slate-500">
              Enter sends, Shift+Enter adds a line
            </p>
            <Button type="submit" size="sm" loading={sending} disabled={!text.trim()}>
              <Send aria-hidden="true" className="size-4" />
              Send
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}

function ChatMessage({ message }: { message: ProctorMessage }) {
  const mine = message.from === 'STUDENT';
  const warning = message.kind === 'WARNING';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <p className="mb-0.5 text-xs text-slate-500">
        {mine ? 'You' : message.senderName} ·{' '}
        <time dateTime={message.at}>{formatClock(message.at)}</time>
      </p>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap',
          mine && 'bg-brand-600 text-white',
          !mine && !warning && 'bg-slate-100 text-slate-900',
          warning && 'border border-red-200 bg-red-50 text-red-800',
        )}
      >
        {warning && (
          <span className="mb-0.5 flex items-center gap-1 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-4" />
            Warning
          </span>
        )}
        {message.text}
      </p>
    </li>
  );
}
