import { ArrowLeft, SendHorizontal } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { controlClasses, controlStateClasses } from '@/components/field';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import type { ChatMessage } from './monitor-types';

interface ConversationProps {
  /** Who the conversation is with: a student, or all of them. */
  name: string;
  subtitle: string;
  badge?: ReactNode;
  messages: readonly ChatMessage[];
  onBack: () => void;
  onSend: (text: string) => Promise<void> | void;
  /** Reads the messages older than `before`; resolves whether older ones remain. */
  onLoadEarlier?: (before: string) => Promise<boolean>;
}

export function Conversation({
  name,
  subtitle,
  badge,
  messages,
  onBack,
  onSend,
  onLoadEarlier,
}: ConversationProps) {
  const [draft, setDraft] = useState('');
  // The monitor's read holds a conversation's newest messages; older ones may remain until a
  // page says there are none.
  const [earlier, setEarlier] = useState<'maybe' | 'loading' | 'none'>('maybe');
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const hintId = useId();

  // Opening a conversation is a request to write in it.
  useEffect(() => {
    input.current?.focus();
  }, []);

  // A new message scrolls to the end; earlier ones read in keep the reader where they were.
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (log.current && lastId) log.current.scrollTop = log.current.scrollHeight;
  }, [lastId]);

  const loadEarlier = async () => {
    const first = messages[0];
    if (!onLoadEarlier || !first) return;
    setEarlier('loading');
    try {
      setEarlier((await onLoadEarlier(first.id)) ? 'maybe' : 'none');
    } catch (error) {
      setEarlier('maybe');
      toast.error(getServerMessage(error) ?? 'Failed to load earlier messages');
    }
  };

  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      await onSend(text);
      setDraft('');
    } catch (error) {
      // The draft stays, to be sent again.
      toast.error(getServerMessage(error) ?? 'Failed to send the message');
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter keeps its default, a new line; Enter that ends an IME composition is no send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 py-2 pr-3 pl-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          <p className="truncate text-xs text-slate-500">{subtitle}</p>
        </div>
        {badge}
      </div>

      <div
        ref={log}
        role="log"
        aria-label={`Conversation with ${name}`}
        // A long conversation scrolls and holds nothing to focus: a tab stop of its own lets
        // keyboard users read back through it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-4 focus-visible:-outline-offset-2"
      >
        {messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">
            {`No messages with ${name} yet.`}
          </p>
        ) : (
          <>
            {onLoadEarlier &&
              (earlier === 'none' ? (
                <p className="pb-3 text-center text-xs text-slate-500">Start of the conversation</p>
              ) : (
                <div className="flex justify-center pb-3">
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={earlier === 'loading'}
                    onClick={() => void loadEarlier()}
                  >
                    Load earlier messages
                  </Button>
                </div>
              ))}
            <ol className="space-y-3">
              {messages.map((message) => (
                <MessageBubble key={message.id} message={message} otherName={name} />
              ))}
            </ol>
          </>
        )}
      </div>

      <form onSubmit={submit} className="border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          {`Message to ${name}`}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            ref={input}
            id={inputId}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={sendOnEnter}
            placeholder="Type a message"
            aria-describedby={hintId}
            className={cn(
              controlClasses,
              controlStateClasses(false),
              'max-h-32 min-w-0 flex-1 resize-none',
            )}
          />
          <Button type="submit" disabled={draft.trim() === ''} loading={sending}>
            <SendHorizontal aria-hidden="true" className="size-4" />
            Send
          </Button>
        </div>
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          Enter to send, Shift+Enter for a new line
        </p>
      </form>
    </div>
  );
}

function MessageBubble({ message, otherName }: { message: ChatMessage; otherName: string }) {
  const mine = message.sender === 'proctor';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="sr-only">{mine ? (message.author ?? 'You') : otherName}</span>
      {message.warning && (
        <span className="mb-1 text-[0.7rem] font-semibold tracking-wide text-amber-800 uppercase">
          Warning
        </span>
      )}
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap wrap-anywhere',
          message.warning
            ? 'rounded-br-md bg-amber-50 text-amber-950 ring-1 ring-amber-600/30'
            : mine
              ? 'rounded-br-md bg-brand-600 text-white'
              : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200',
        )}
      >
        {message.text}
      </p>
      <span className="mt-1 text-[0.7rem] text-slate-500 tabular-nums">
        {mine && message.author && <span aria-hidden="true">{`${message.author} · `}</span>}
        <time dateTime={new Date(message.time).toISOString()}>{formatClock(message.time)}</time>
      </span>
    </li>
  );
}
