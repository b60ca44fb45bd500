import { useMemo, useState } from 'react';
import { plural } from '@/lib/plural';
import { Conversation } from './conversation';
import { ConversationList, EVERYONE, EVERYONE_LABEL } from './conversation-list';
import { ConnectionBadge } from './indicators';
import type { ChatMessage, MonitorStudent } from './monitor-types';

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
