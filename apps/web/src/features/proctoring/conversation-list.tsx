import { Megaphone } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Avatar } from '@/components/avatar';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';
import type { ChatMessage, MonitorStudent } from './monitor-types';

/** The conversation with every student at once, beside each student's own. */
export const EVERYONE = 'everyone';
export const EVERYONE_LABEL = 'All students';

interface ConversationListProps {
  students: readonly MonitorStudent[];
  messages: readonly ChatMessage[];
  focusOn: string | null;
  onOpen: (chatWith: string) => void;
}

export function ConversationList({ students, messages, focusOn, onOpen }: ConversationListProps) {
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
