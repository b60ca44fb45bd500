import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { Skeleton } from '@/components/skeleton';
import { useAttempt } from './api/get-attempt';
import type { SubmitExamResult } from './api/submit-exam';
import { AttemptSession } from './attempt/attempt-session';
import { getOutbox, type Outbox, type OutboxEntry } from './attempt/outbox';
import { SubmittedAttempt } from './attempt/submitted-attempt';
import { QueryState } from './query-state';

/** What this device's outbox held for the attempt, read anew for each opening of the page. */
function useOutboxEntries(attemptId: string, opening: number) {
  const [read, setRead] = useState<{
    opening: number;
    outbox: Outbox;
    entries: OutboxEntry[];
  } | null>(null);
  useEffect(() => {
    let current = true;
    void getOutbox().then(async (outbox) => {
      const entries = await outbox.pending(attemptId).catch((error: unknown) => {
        console.error('The answer outbox could not be read:', error);
        return [];
      });
      if (current) setRead({ opening, outbox, entries });
    });
    return () => {
      current = false;
    };
  }, [attemptId, opening]);
  return read?.opening === opening ? read : null;
}

export default function AttemptPage() {
  const { attemptId = '' } = useParams();
  // Set once the attempt is over on this page: the server submits it, the page waits to see it.
  const [ending, setEnding] = useState<'time-over' | 'finalised' | null>(null);
  const attempt = useAttempt(attemptId, { awaitSubmission: ending !== null });
  const [receipt, setReceipt] = useState<SubmitExamResult | null>(null);
  // Why a proctor ended the attempt, as the live channel said it on this page.
  const [proctorReason, setProctorReason] = useState<string | null>(null);
  // Each Reload after a conflict opens the attempt afresh from the server's answers.
  const [opening, setOpening] = useState(0);
  const outbox = useOutboxEntries(attemptId, opening);

  const reload = () => {
    void attempt.refetch().then((result) => {
      if (result.isSuccess) setOpening((count) => count + 1);
      else toast.error('The exam could not be reloaded. Please try again.');
    });
  };

  return (
    <QueryState
      query={attempt}
      loadingLabel="Loading your exam"
      skeleton={<AttemptSkeleton />}
      notFound={{
        title: ATTEMPT_MESSAGES.attemptNotFound,
        message: 'This exam attempt does not exist or is not yours.',
      }}
      errorTitle="Failed to load your exam"
    >
      {(view) => {
        if (receipt || view.attempt.status === 'SUBMITTED') {
          return (
            <SubmittedAttempt
              view={view}
              receipt={receipt}
              proctorReason={proctorReason}
              refreshing={attempt.isFetching}
              refreshFailed={attempt.isError}
              onRetry={() => void attempt.refetch()}
            />
          );
        }
        if (ending === 'finalised' || !outbox) return <AttemptSkeleton />;
        return (
          <AttemptSession
            key={opening}
            view={view}
            outbox={outbox.outbox}
            outboxEntries={outbox.entries}
            onTimeOver={() => setEnding('time-over')}
            onFinalised={(reason) => {
              setEnding('finalised');
              if (reason) setProctorReason(reason);
              void attempt.refetch();
            }}
            onSubmitted={setReceipt}
            onReload={reload}
          />
        );
      }}
    </QueryState>
  );
}

function AttemptSkeleton() {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-7 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/2 max-w-sm" />
      </div>
      <Skeleton className="h-14" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="space-y-4">
          <Skeleton className="h-28" />
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="hidden h-64 lg:block" />
      </div>
    </div>
  );
}
