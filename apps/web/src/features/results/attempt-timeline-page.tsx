import {
  type AttemptTimeline,
  type ProctorAction,
  type ReviewAlertPayload,
  systemCheckPassed,
} from '@examiq/contracts';
import {
  Activity,
  CircleCheck,
  CirclePlay,
  Flag,
  type LucideIcon,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { DetailItem, RecordDetail } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatClock, formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';
import { useAttemptTimeline } from './api/get-attempt-timeline';
import { useReviewAlert } from './api/review-alert';
import { FlagBadges } from './flag-badges';
import { EVENT_LABELS, flagCounts, type TimelineEntry, timelineEntries } from './timeline-entries';

const TIMELINE_STATES = {
  notFound: {
    title: 'No Attempt Found',
    message: 'The requested attempt could not be found.',
    listTo: '/admin/exam/results',
    listLabel: 'Results',
  },
  error: { title: 'Error Loading Timeline', fallback: 'Failed to load the timeline' },
};

const REVIEWED = { DISMISSED: 'Flag dismissed', CONFIRMED: 'Flag confirmed' } as const;
const REVIEW_FAILED = 'Failed to review the flag';

const SUBMITTED: Record<NonNullable<AttemptTimeline['attempt']['submitTrigger']>, string> = {
  STUDENT: 'Submitted by the student',
  DEADLINE: 'Submitted automatically when the time ran out',
  PROCTOR: 'Submitted when the attempt was ended',
  ADMIN: 'Submitted when the admin ended the exam',
};

/** /admin/exam/:examId/attempts/:attemptId/timeline: one sitting's proctoring record, reviewed. */
export default function AttemptTimelinePage() {
  const { examId = '', attemptId = '' } = useParams();
  const query = useAttemptTimeline(attemptId);
  return (
    <>
      <BackLink to={`/admin/exam/${examId}/results`}>Back to Results</BackLink>
      <RecordDetail query={query} loadingLabel="Loading the timeline" {...TIMELINE_STATES}>
        {(timeline) => <Timeline timeline={timeline} />}
      </RecordDetail>
    </>
  );
}

function Timeline({ timeline }: { timeline: AttemptTimeline }) {
  const { attempt } = timeline;
  const [withEvents, setWithEvents] = useState(true);
  const { entries, heartbeats, lastHeartbeatAt } = timelineEntries(timeline);
  const shown = withEvents ? entries : entries.filter((entry) => entry.kind !== 'event');
  const quiet = entries.every((entry) => entry.kind === 'started' || entry.kind === 'submitted');
  const titleId = useId();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Proctoring Timeline"
        description={`Everything recorded of ${attempt.studentName}'s sitting of ${attempt.examTitle}: what the browser reported, the alerts it raised and what the proctors did, in time order. Each flag can be dismissed or confirmed here.`}
      />
      <section
        aria-label="Attempt"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold text-slate-900">{attempt.studentName}</h2>
          <FlagBadges flags={flagCounts(timeline.alerts)} />
        </div>
        <p className="mt-1 text-sm text-slate-600">{`${attempt.rollNumber} · ${attempt.examTitle}`}</p>
        <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 text-sm lg:grid-cols-4">
          <DetailItem term="Started">{formatDateTime(attempt.startedAt)}</DetailItem>
          <DetailItem term="Submitted">
            {attempt.submittedAt ? formatDateTime(attempt.submittedAt) : 'Not yet'}
          </DetailItem>
          <DetailItem term="System check">
            {attempt.systemCheck === null
              ? 'Not sent'
              : systemCheckPassed(attempt.systemCheck)
                ? 'Passed'
                : 'Failed'}
          </DetailItem>
          <DetailItem term="Heartbeats">
            {lastHeartbeatAt
              ? `${heartbeats.toLocaleString('en')}, the last at ${formatClock(lastHeartbeatAt, { seconds: true })}`
              : 'None'}
          </DetailItem>
        </dl>
      </section>
      <section
        aria-labelledby={titleId}
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-3.5 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {`Timeline · ${shown.length} ${shown.length === 1 ? 'entry' : 'entries'}`}
          </h2>
          <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={withEvents}
              onChange={(event) => setWithEvents(event.target.checked)}
              className="size-4 rounded border-slate-300 accent-brand-600"
            />
            Show the browser's events
          </label>
        </div>
        {quiet && (
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-600">
            The browser reported no signal during this attempt and no proctor acted on it.
          </p>
        )}
        <ol className="divide-y divide-slate-100">
          {shown.map((entry) => (
            <EntryRow
              key={entry.key}
              entry={entry}
              examId={attempt.examId}
              attemptId={attempt._id}
            />
          ))}
        </ol>
      </section>
    </div>
  );
}

const TONES = {
  slate: 'bg-slate-100 text-slate-600',
  amber: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-700',
  brand: 'bg-brand-50 text-brand-700',
  green: 'bg-green-100 text-green-700',
} as const;

interface EntryProps {
  entry: TimelineEntry;
  examId: string;
  attemptId: string;
}

function EntryRow({ entry, examId, attemptId }: EntryProps) {
  switch (entry.kind) {
    case 'started':
      return <Row at={entry.at} icon={CirclePlay} tone="brand" title="Started the exam" />;
    case 'submitted':
      return (
        <Row
          at={entry.at}
          icon={CircleCheck}
          tone="green"
          title={entry.trigger ? SUBMITTED[entry.trigger] : 'Submitted'}
        />
      );
    case 'event':
      return (
        <Row
          at={entry.at}
          icon={Activity}
          tone="slate"
          title={EVENT_LABELS[entry.event.type]}
          detail={[
            entry.event.detail?.note,
            receivedLate(entry.event)
              ? `Reached the server at ${formatClock(entry.event.receivedAt, { seconds: true })}`
              : undefined,
          ]}
        />
      );
    case 'action':
      return (
        <Row
          at={entry.at}
          icon={ShieldCheck}
          tone="brand"
          title={actionTitle(entry.action)}
          detail={[actionDetail(entry.action)]}
        />
      );
    case 'alert':
      return <AlertRow entry={entry} examId={examId} attemptId={attemptId} />;
  }
}

/** A report sent again after a lost connection reaches the server well after it happened. */
const LATE_MS = 30_000;
const receivedLate = (event: { at: string; receivedAt: string }) =>
  Date.parse(event.receivedAt) - Date.parse(event.at) > LATE_MS;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function actionTitle({ type, actorName, actorId, detail }: ProctorAction): string {
  switch (type) {
    case 'WARN':
      return `${actorName} warned the student`;
    case 'EXTRA_TIME':
      return `${actorName} set the extra time to ${plural(Number(detail.minutes), 'minute')}`;
    case 'END_ATTEMPT':
      return actorId === null
        ? 'The exam’s proctoring rules ended the attempt'
        : `${actorName} ended the attempt`;
    case 'DISMISS_ALERT':
      return `${actorName} dismissed a flag`;
    case 'CONFIRM_ALERT':
      return `${actorName} confirmed a flag`;
  }
}

function actionDetail({ type, detail }: ProctorAction): string | undefined {
  switch (type) {
    case 'WARN':
      return text(detail.text) && `“${text(detail.text)}”`;
    case 'END_ATTEMPT':
      return text(detail.reason);
    case 'DISMISS_ALERT':
    case 'CONFIRM_ALERT':
      return text(detail.message);
    case 'EXTRA_TIME':
      return undefined;
  }
}

interface RowProps {
  at: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  /** Lines under the title; empty ones are left out. */
  detail?: (string | undefined)[];
  children?: ReactNode;
}

function Row({ at, icon: Icon, tone, title, detail = [], children }: RowProps) {
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 px-5 py-3.5 sm:grid-cols-[5rem_auto_minmax(0,1fr)]">
      <time
        dateTime={at}
        className="col-span-2 text-xs font-medium text-slate-500 tabular-nums sm:col-span-1 sm:pt-1.5 sm:text-sm"
      >
        {formatClock(at, { seconds: true })}
      </time>
      <span
        aria-hidden="true"
        className={cn('flex size-7 items-center justify-center rounded-full', TONES[tone])}
      >
        <Icon className="size-4" />
      </span>
      <div className="min-w-0 space-y-1 pt-0.5">
        <p className="text-sm font-medium wrap-anywhere text-slate-900">{title}</p>
        {detail
          .filter((line) => line)
          .map((line) => (
            <p key={line} className="text-sm wrap-anywhere text-slate-600">
              {line}
            </p>
          ))}
        {children}
      </div>
    </li>
  );
}

type AlertEntry = Extract<TimelineEntry, { kind: 'alert' }>;

function AlertRow({ entry, examId, attemptId }: { entry: AlertEntry } & Omit<EntryProps, 'entry'>) {
  const { alert } = entry;
  const flag = alert.type === 'error';
  return (
    <Row
      at={entry.at}
      icon={flag ? Flag : TriangleAlert}
      tone={flag ? 'red' : 'amber'}
      title={`${flag ? 'Flag' : 'Warning'}: ${alert.message}`}
    >
      {flag && <FlagReview entry={entry} examId={examId} attemptId={attemptId} />}
    </Row>
  );
}

const REVIEW_BADGES = {
  PENDING: { tone: 'amber', label: 'Pending review' },
  CONFIRMED: { tone: 'red', label: 'Confirmed' },
  DISMISSED: { tone: 'green', label: 'Dismissed' },
} as const;

/**
 * Where a flag's review stands, who reviewed it, and the decisions still open: a pending flag
 * can be dismissed or confirmed, a reviewed one changed to the other decision.
 */
function FlagReview({
  entry: { alert, review },
  examId,
  attemptId,
}: { entry: AlertEntry } & Omit<EntryProps, 'entry'>) {
  const reviewing = useReviewAlert({ examId, attemptId });
  const status = useRef<HTMLDivElement>(null);
  const badge = REVIEW_BADGES[alert.reviewStatus];
  const name = `${alert.message}, ${formatClock(alert.at, { seconds: true })}`;

  async function decide(decision: ReviewAlertPayload['status']) {
    try {
      await reviewing.mutateAsync({ alertId: alert._id, status: decision });
    } catch (error) {
      toast.error(getErrorMessage(error, REVIEW_FAILED));
      return;
    }
    toast.success(REVIEWED[decision]);
    // The button pressed is gone: the flag's new status takes the focus.
    status.current?.focus();
  }

  const button = (decision: ReviewAlertPayload['status'], label: string) => (
    <Button
      size="sm"
      variant={decision === 'CONFIRMED' ? 'danger' : 'secondary'}
      aria-label={`${label} flag: ${name}`}
      loading={reviewing.isPending && reviewing.variables?.status === decision}
      disabled={reviewing.isPending}
      onClick={() => void decide(decision)}
    >
      {label}
    </Button>
  );

  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <div
        ref={status}
        tabIndex={-1}
        className="flex flex-wrap items-center gap-2 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <Badge tone={badge.tone} dot>
          {badge.label}
        </Badge>
        {review && alert.reviewStatus !== 'PENDING' && (
          <span className="text-sm text-slate-600">{`by ${review.actorName} at ${formatClock(review.at, { seconds: true })}`}</span>
        )}
      </div>
      {alert.reviewStatus !== 'DISMISSED' && button('DISMISSED', 'Dismiss')}
      {alert.reviewStatus !== 'CONFIRMED' && button('CONFIRMED', 'Confirm')}
    </div>
  );
}
