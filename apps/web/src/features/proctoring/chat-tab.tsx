import { ArrowLeft, SendHorizontal } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/button';
import { controlClasses, controlStateClasses } from '@/components/field';
import { cn } from '@/lib/cn';
import { ConnectionBadge } from './indicators';
import { formatClock } from './monitor-format';
import type { ChatMessage, MonitorStudent } from './monitor-types';

interface ChatTabProps {
  students: readonly MonitorStudent[];
  messages: readonly ChatMessage[];
  /** The student whose conversation is open, or null for the list. */
  chatWith: string | null;
  onOpen: (studentId: string) => void;
  onBack: () => void;
  onSend: (studentId: string, text: string) => void;
}

export function ChatTab({ students, messages, chatWith, onOpen, onBack, onSend }: ChatTabProps) {
  // Back lands on the student just left, not at the top of a 20-name list.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const student = students.find((candidate) => candidate.id === chatWith);
  const conversation = useMemo(
    () => messages.filter((message) => message.studentId === chatWith),
    [messages, chatWith],
  );

  if (!student) {
    return (
      <ConversationList
        students={students}
        messages={messages}
        focusOn={returnTo}
        onOpen={onOpen}
      />
    );
  }
  return (
    <Conversation
      key={student.id}
      student={student}
      messages={conversation}
      onBack={() => {
        setReturnTo(student.id);
        onBack();
      }}
      onSend={(text) => onSend(student.id, text)}
    />
  );
}

interface ConversationListProps {
  students: readonly MonitorStudent[];
  messages: readonly ChatMessage[];
  focusOn: string | null;
  onOpen: (studentId: string) => void;
}

function ConversationList({ students, messages, focusOn, onOpen }: ConversationListProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (focusOn) buttons.current.get(focusOn)?.focus();
  }, [focusOn]);

  // Ongoing conversations first, the latest on top, as in any messenger; then the register.
  const rows = students
    .map((student) => ({
      student,
      last: messages.findLast((message) => message.studentId === student.id),
    }))
    .sort((a, b) => (b.last?.time ?? 0) - (a.last?.time ?? 0));

  return (
    <ul aria-label="Students to message" className="divide-y divide-slate-100">
      {rows.map(({ student, last }) => {
        const awaitingReply = last?.sender === 'student';
        return (
          <li key={student.id}>
            <button
              type="button"
              ref={(node) => {
                if (node) buttons.current.set(student.id, node);
                else buttons.current.delete(student.id);
              }}
              onClick={() => onOpen(student.id)}
              className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50"
            >
              <Avatar photo="" name={student.name} className="size-9 text-xs" />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate text-sm font-medium text-slate-900">
                    {student.name}
                  </span>
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
                    ? `${last.sender === 'proctor' ? 'You: ' : ''}${last.text}`
                    : student.rollNumber}
                </span>
              </span>
              {awaitingReply && (
                <span className="size-2.5 shrink-0 rounded-full bg-brand-600">
                  <span className="sr-only">Awaiting your reply</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface ConversationProps {
  student: MonitorStudent;
  messages: readonly ChatMessage[];
  onBack: () => void;
  onSend: (text: string) => void;
}

function Conversation({ student, messages, onBack, onSend }: ConversationProps) {
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const hintId = useId();

  // Opening a conversation is a request to write in it.
  useEffect(() => {
    input.current?.focus();
  }, []);

  useEffect(() => {
    if (log.current && messages.length > 0) log.current.scrollTop = log.current.scrollHeight;
  }, [messages]);

  const send = () => {
    const text = draft.trim();
    if (!text) return;
    onSend(text);
    setDraft('');
    input.current?.focus();
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter keeps its default, a new line; Enter that ends an IME composition is no send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 py-2 pr-3 pl-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </Button>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{student.name}</p>
          <p className="truncate text-xs text-slate-500">{student.rollNumber}</p>
        </div>
        <ConnectionBadge quality={student.connectionQuality} />
      </div>

      <div
        ref={log}
        role="log"
        aria-label={`Conversation with ${student.name}`}
        // A long conversation scrolls and holds nothing to focus: a tab stop of its own lets
        // keyboard users read back through it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-4 focus-visible:-outline-offset-2"
      >
        {messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">
            {`No messages with ${student.name} yet.`}
          </p>
        ) : (
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} studentName={student.name} />
            ))}
          </ol>
        )}
      </div>

      <form onSubmit={submit} className="border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          {`Message to ${student.name}`}
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
          <Button type="submit" disabled={draft.trim() === ''}>
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

function MessageBubble({ message, studentName }: { message: ChatMessage; studentName: string }) {
  const mine = message.sender === 'proctor';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="sr-only">{mine ? 'You' : studentName}</span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap wrap-break-word',
          mine
            ? 'rounded-br-md bg-brand-600 text-white'
            : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200',
        )}
      >
        {message.text}
      </p>
      <time
        dateTime={new Date(message.time).toISOString()}
        className="mt-1 text-[0.7rem] text-slate-500 tabular-nums"
      >
        {formatClock(message.time)}
      </time>
    </li>
  );
}
