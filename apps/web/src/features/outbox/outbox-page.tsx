import { MAIL_STATUS_LABELS, type MailStatus, type OutboxMessage } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Table, type TableColumn } from '@/components/table';
import { getServerMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { useOutbox } from './get-outbox';

const STATUS_TONES: Record<MailStatus, BadgeTone> = {
  QUEUED: 'amber',
  SENT: 'green',
  FAILED: 'red',
  KEPT: 'slate',
};

const columns: TableColumn<OutboxMessage>[] = [
  {
    key: 'createdAt',
    header: 'Written',
    width: '120px',
    cell: (message) => (
      <span className="whitespace-normal">{formatDateTime(message.createdAt)}</span>
    ),
  },
  {
    key: 'to',
    header: 'To',
    width: '200px',
    cell: (message) => <span className="break-all whitespace-normal">{message.to}</span>,
  },
  {
    key: 'message',
    header: 'Message',
    width: '420px',
    cell: (message) => (
      <details className="whitespace-normal">
        <summary className="cursor-pointer rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
          {message.subject}
        </summary>
        <p className="mt-2 whitespace-pre-line wrap-anywhere text-slate-700">{message.text}</p>
      </details>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    width: '150px',
    cell: (message) => (
      <div className="space-y-1 whitespace-normal">
        <Badge tone={STATUS_TONES[message.status]} dot>
          {MAIL_STATUS_LABELS[message.status]}
        </Badge>
        {message.error && <p className="text-xs wrap-anywhere text-red-700">{message.error}</p>}
      </div>
    ),
  },
];

/** The admin's outbox: every message the platform wrote, and what became of it. */
export default function OutboxPage() {
  const [page, setPage] = usePageParam();
  const outbox = useOutbox(page);
  const sending = outbox.data?.sending;

  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          sending === false
            ? 'No mail server is configured (SMTP_URL), so messages are kept here instead of sent: open one to read it and hand its link to the person it is for.'
            : 'Every message the platform wrote, newest first, with whether the mail server took it.'
        }
      />
      {outbox.isError && (
        <ErrorBanner
          title="The outbox could not be loaded"
          message={getServerMessage(outbox.error)}
          onRetry={() => void outbox.refetch()}
        />
      )}
      <Table
        caption="Outbox"
        columns={columns}
        rows={outbox.data?.messages ?? []}
        rowKey={(message) => message._id}
        loading={outbox.isPending}
        emptyTitle={outbox.isError ? 'The outbox could not be loaded' : 'No messages yet'}
        emptyDescription={
          outbox.isError
            ? 'Try again in a moment.'
            : 'Password-reset links and other messages appear here as they are written.'
        }
        label="messages"
        pagination={outbox.data?.pagination}
        onPageChange={setPage}
      />
    </>
  );
}
