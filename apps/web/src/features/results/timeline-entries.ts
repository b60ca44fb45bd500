import {
  type AttemptTimeline,
  PROCTOR_SIGNAL_LABELS,
  type ProctorEventType,
} from '@examiq/contracts';

type TimelineEvent = AttemptTimeline['events'][number];
type TimelineAlert = AttemptTimeline['alerts'][number];
type TimelineAction = AttemptTimeline['actions'][number];

/** What the browser reported, in words: a signal as its alert words it, a return as such. */
export const EVENT_LABELS: Record<ProctorEventType, string> = {
  ...PROCTOR_SIGNAL_LABELS,
  TAB_VISIBLE: 'Came back to the exam tab',
  WINDOW_FOCUS: 'Came back to the exam window',
  FULLSCREEN_ENTER: 'Went back to fullscreen',
  CONNECTION_BACK: 'The connection came back',
  HEARTBEAT: 'Heartbeat',
};

export type TimelineEntry =
  | { kind: 'started'; key: string; at: string }
  | { kind: 'event'; key: string; at: string; event: TimelineEvent }
  | {
      kind: 'alert';
      key: string;
      at: string;
      alert: TimelineAlert;
      /** The latest dismissal or confirmation of a reviewed alert: who did it. */
      review: TimelineAction | undefined;
    }
  | { kind: 'action'; key: string; at: string; action: TimelineAction }
  | {
      kind: 'submitted';
      key: string;
      at: string;
      trigger: AttemptTimeline['attempt']['submitTrigger'];
    };

/** At one instant the start comes first, an event before the alert it raised, and the submit last. */
const ORDER: Record<TimelineEntry['kind'], number> = {
  started: 0,
  event: 1,
  alert: 2,
  action: 3,
  submitted: 4,
};

const isReview = (action: TimelineAction) =>
  action.type === 'DISMISS_ALERT' || action.type === 'CONFIRM_ALERT';

/**
 * Everything recorded of the attempt as one list in time order. Heartbeats are counted, not
 * listed: one every few seconds would bury everything else.
 */
export function timelineEntries({ attempt, events, alerts, actions }: AttemptTimeline) {
  const heartbeats = events.filter((event) => event.type === 'HEARTBEAT');
  const reviews = actions.filter(isReview);
  const entries: TimelineEntry[] = [
    { kind: 'started', key: 'started', at: attempt.startedAt },
    ...events
      .filter((event) => event.type !== 'HEARTBEAT')
      .map((event) => ({ kind: 'event' as const, key: `event-${event._id}`, at: event.at, event })),
    ...alerts.map((alert) => ({
      kind: 'alert' as const,
      key: `alert-${alert._id}`,
      at: alert.at,
      alert,
      review: reviews.findLast((action) => action.detail.alertId === alert._id),
    })),
    ...actions.map((action) => ({
      kind: 'action' as const,
      key: `action-${action._id}`,
      at: action.at,
      action,
    })),
    ...(attempt.submittedAt
      ? [
          {
            kind: 'submitted' as const,
            key: 'submitted',
            at: attempt.submittedAt,
            trigger: attempt.submitTrigger,
          },
        ]
      : []),
  ];
  // The sort is stable: entries of one kind at one instant keep the server's order.
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || ORDER[a.kind] - ORDER[b.kind]);
  return { entries, heartbeats: heartbeats.length, lastHeartbeatAt: heartbeats.at(-1)?.at ?? null };
}

/** The attempt's flags (error alerts) by review status, as the results list counts them. */
export function flagCounts(alerts: readonly TimelineAlert[]) {
  const flags = alerts.filter((alert) => alert.type === 'error');
  const count = (status: TimelineAlert['reviewStatus']) =>
    flags.filter((flag) => flag.reviewStatus === status).length;
  return {
    pending: count('PENDING'),
    dismissed: count('DISMISSED'),
    confirmed: count('CONFIRMED'),
  };
}
