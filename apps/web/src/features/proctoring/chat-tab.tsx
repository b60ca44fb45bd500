import { ArrowLeft, Megaphone, SendHorizontal } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/button';
import { controlClasses, controlStateClasses } from '@/components/field';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import { plural } from '@/lib/plural';
import { ConnectionBadge } from './indicators';
import type { ChatMessage, MonitorStudent } from './monitor-types';

/** The conversation with every student at once, beside each student's own. */
export const EVERYONE = 'everyone';
const EVERYONE_LABEL = 'All students';

interface ChatTabProps {
  students: readonly MonitorStudent[];
  messages: readonly ChatMessage[];
  /** The open conversation: a student's id or EVERYONE; null for the list. */
  chatWith: string | null;
  onOpen: (chatWith: string) => void;
  onBack: () => void;
  /** To one student, or to all with null; a failure rejects and the draft stays. */
  onSend: (studentId: string | null, text: string) => Promise<void> | void;
  /**
   * Reads a conversation's messages older than `before` into `messages`; resolves whether older
   * ones remain. Without it a conversation shows what `messages` holds.
   */
  onLoadEarlier?: (studentId: string | null, before: string) => Promise<boolean>;
}

export function ChatTab({
  students,
  messages,
  chatWith,
  onOpen,
  onBack,
  onSend,
  onLoadEarlier,
}: ChatTabProps) {
  // Back lands on the conversation just left, not at the top of a 20-name list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const recipient = chatWith === EVERYONE ? null : chatWith;
  const student = students.find((candidate) => candidate.id === recipient);
  const conversation = useMemo(
    () => messages.filter((message) => message.studentId === recipient),
    [messages, recipient],
  );

  if (chatWith === null || (chatWith !== EVERYONE && !student)) {
    return (
      <ConversationList
        students={students}
        messages={messages}
        focusOn={returnTo}
        onOpen={onOpen}
      />
    );
  }
  const back = () => {
    setReturnTo(chatWith);
    onBack();
  };
  const send = (text: string) => onSend(recipient, text);
  const loadEarlier = onLoadEarlier && ((before: string) => onLoadEarlier(recipient, before));
  return student ? (
    <Conversation
      key={student.id}
      name={student.name}
      subtitle={student.rollNumber}
      badge={<ConnectionBadge quality={student.connectionQuality} />}
      messages={conversation}
      onBack={back}
      onSend={send}
      onLoadEarlier={loadEarlier}
    />
  ) : (
    <Conversation
      key={EVERYONE}
      name={EVERYONE_LABEL}
      subtitle={`Everyone sitting the exam · ${plural(students.length, 'student')}`}
      messages={conversation}
      onBack={back}
      onSend={send}
      onLoadEarlier={loadEarlier}
    />
  );
}

interface ConversationListProps {
  students: readonly MonitorStudent[];
  messages: readonly ChatMessage[];
  focusOn: string | null;
  onOpen: (chatWith: string) => void;
}

function ConversationList({ students, messages, focusOn, onOpen }: ConversationListProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (focusOn) buttons.current.get(focusOn)?.focus();
  }, [focusOn]);

  const lastWith = (studentId: string | null) =>
    messages.findLast((message) => message.studentId === studentId);
  // Ongoing conversations first, the latest on top, as in any messenger; then the register.
  const rows = students
    .map((student) => ({ student, last: lastWith(student.id) }))
    .sort((a, b) => (b.last?.time ?? 0) - (a.last?.time ?? 0));

  const rowButton = (key: string, avatar: ReactNode, name: string, content: RowContent) => (
    <li key={key}>
      <button
        type="button"
        ref={(node) => {
          if (node) buttons.current.set(key, node);
          else buttons.current.delete(key);
        }}
        onClick={() => onOpen(key)}
        className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50"
      >
        {avatar}
        <ConversationSummary name={name} {...content} />
      </button>
    </li>
  );

  return (
    <ul aria-label="Students to message" className="divide-y divide-slate-100">
      {/* Written to all, so pinned above the students rather than sorted among them. */}
      {rowButton(
        EVERYONE,
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
          <Megaphone aria-hidden="true" className="size-4" />
        </span>,
        EVERYONE_LABEL,
        { last: lastWith(null), fallback: 'A message to everyone sitting the exam' },
      )}
      {rows.map(({ student, last }) =>
        rowButton(
          student.id,
          <Avatar photo="" name={student.name} className="size-9 text-xs" />,
          student.name,
          { last, fallback: student.rollNumber },
        ),
      )}
    </ul>
  );
}

interface RowContent {
  last: ChatMessage | undefined;
  /** Shown while there is no message yet. */
  fallback: string;
}

function ConversationSummary({ name, last, fallback }: RowContent & { name: string }) {
  const awaitingReply = last?.sender === 'student';
  return (
    <>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate text-sm font-medium text-slate-900">{name}</span>
          {last && (
            <time
              dateTime={new Date(last.time).toISOString()}
              className="shrink-0 text-xs text-slate-500 tabular-nums"
            >
              {formatClock(last.time)}
            </time>
          )}
        </span>
        <span
          className={cn(
            'block truncate text-xs',
            awaitingReply ? 'font-medium text-slate-700' : 'text-slate-500',
          )}
        >
          {last
            ? `${last.sender === 'proctor' ? `${last.author ?? 'You'}: ` : ''}${last.text}`
            : fallback}
        </span>
      </span>
      {awaitingReply && (
        <span className="size-2.5 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">Awaiting your reply</span>
        </span>
      )}
    </>
  );
}

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

function Conversation({
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
