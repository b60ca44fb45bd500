import type { ProctorMessage } from '@examiq/contracts';
import { MessageSquare, X } from 'lucide-react';
import { Button } from '@/components/button';
import { formatClock } from '@/lib/format';

interface ProctorMessageBannerProps {
  message: ProctorMessage;
  onReply: () => void;
  onDismiss: () => void;
}

/**
 * A proctor's chat message that came while the chat was closed, shown above the chat button
 * until the student opens the chat or dismisses it. The page's live region reads it out.
 */
export function ProctorMessageBanner({ message, onReply, onDismiss }: ProctorMessageBannerProps) {
  return (
    <section
      aria-label="New message from your proctors"
      className="fixed inset-x-4 bottom-20 z-30 rounded-2xl border border-brand-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-4 sm:w-[22rem]"
    >
      <div className="flex items-start gap-3">
        <MessageSquare aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">
            {message.senderName} ·{' '}
            <time dateTime={message.at} className="font-normal text-slate-600">
              {formatClock(message.at)}
            </time>
          </p>
          <p
            // A long message scrolls, with the keyboard too, rather than cover the page.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            className="mt-1 max-h-[30dvh] overflow-y-auto text-sm wrap-anywhere whitespace-pre-wrap text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {message.text}
          </p>
        </div>
        <Button variant="ghost" size="sm" aria-label="Dismiss the message" onClick={onDismiss}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="mt-3 flex justify-end">
        <Button size="sm" variant="secondary" onClick={onReply}>
          Open chat
        </Button>
      </div>
    </section>
  );
}
