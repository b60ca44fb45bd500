import type { ProctoringUpdate, ServerMessage } from '@examiq/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveChannel } from '@/lib/live-channel';
import { type ProctorArea, useMonitor } from './api/get-monitor';
import { getMonitorMessages } from './api/get-monitor-messages';
import {
  endAttempt,
  grantExtraTime,
  reviewAlert,
  sendProctorMessage,
  warnStudent,
} from './api/proctor-actions';
import {
  applyLiveMessage,
  cameraUserIds,
  cameraViewsOf,
  type LiveMonitorState,
  monitorSnapshotOf,
  monitorStateOf,
  withSilentDisconnected,
} from './live-monitor';
import type { MonitorFeed, ProctorActions } from './monitor-types';
import { useCameraPeers } from './use-camera-peers';

/** How often rows are checked for a student gone silent. */
const SILENCE_CHECK_MS = 1_000;

const rowOf = (state: LiveMonitorState | null, studentId: string | null) =>
  state?.students.find((row) => row.studentId === studentId);

/** The account of the student a conversation is with; null for the one written to all. */
const recipientOf = (state: LiveMonitorState | null, studentId: string | null) =>
  rowOf(state, studentId)?.userId ?? null;

/**
 * A sitting watched live: the monitor's read, subscribed to on the live channel, with every
 * message merged in and read again at each (re)subscription; the proctor's actions; the cameras.
 * `query` says whether the first read failed (a 403 for a faculty member not assigned);
 * `revoked`, why the server took the monitor away since (the proctor was removed from the exam):
 * from then on nothing is subscribed to and no camera is called.
 */
export function useLiveMonitor(area: ProctorArea, examId: string) {
  const [state, setState] = useState<LiveMonitorState | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const latest = useRef(state);
  latest.current = state;
  // The messages since the read on its way started, merged into it once it comes; null between
  // reads. A read that started before a message may or may not hold it: merging is idempotent.
  const sinceRead = useRef<ServerMessage[] | null>(null);
  const query = useMonitor(area, examId, () => {
    sinceRead.current = [];
  });

  const merge = useCallback((message: ServerMessage) => {
    // Stills are not worth keeping for a read: the next one comes within seconds.
    if (message.type !== 'snapshot') sinceRead.current?.push(message);
    setState((current) => current && applyLiveMessage(current, message, Date.now()));
  }, []);

  const channel = useLiveChannel((message) => {
    if (message.type === 'subscribed' && message.examId === examId) {
      // Whatever happened while unsubscribed is in a new read.
      void query.refetch();
    } else if (message.type === 'access-revoked') {
      if (message.examId === examId && !message.attemptId) setRevoked(message.message);
    } else if (message.type === 'signal') {
      if (message.examId === examId && message.fromRole === 'student') {
        cameras.onSignal(message.from, message.signal, message.peer);
      }
    } else {
      merge(message);
    }
  });
  const { ready, send, status } = channel;

  // Each socket, the first and every reconnect's, is in no room until it subscribes.
  useEffect(() => {
    if (!ready || revoked) return;
    send({ type: 'subscribe', examId });
    return () => send({ type: 'unsubscribe', examId });
  }, [ready, send, examId, revoked]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each read, even one equal to the last
  useEffect(() => {
    const data = query.data;
    if (!data) return;
    const missed = sinceRead.current ?? [];
    sinceRead.current = null;
    const now = Date.now();
    setState((current) =>
      missed.reduce(
        (merged, message) => applyLiveMessage(merged, message, now),
        monitorStateOf(data, now, current?.stills),
      ),
    );
  }, [query.dataUpdatedAt]);

  useEffect(() => {
    const timer = setInterval(
      () => setState((current) => current && withSilentDisconnected(current, Date.now())),
      SILENCE_CHECK_MS,
    );
    return () => clearInterval(timer);
  }, []);

  const userIds = useMemo(() => (state && !revoked ? cameraUserIds(state) : []), [state, revoked]);
  const cameras = useCameraPeers({ examId, userIds, ready, send });

  // What the proctor just did, shown at once: the same change comes live a moment later.
  const mergeUpdate = useCallback(
    (update: ProctoringUpdate) => merge({ type: 'proctoring', examId, update }),
    [examId, merge],
  );

  const actions = useMemo((): ProctorActions => {
    const sittingOf = (studentId: string) => {
      const row = rowOf(latest.current, studentId);
      if (!row?.attemptId) throw new Error('This student has not started the exam');
      return { attemptId: row.attemptId, recipientUserId: row.userId };
    };
    return {
      warn: async (studentId, text) => {
        const { attemptId, recipientUserId } = sittingOf(studentId);
        const done = await warnStudent(area, { attemptId, text });
        mergeUpdate({ kind: 'message', message: done.data, recipientUserId });
        return done.message;
      },
      grantExtraTime: async (studentId, minutes) => {
        const recipientUserId = rowOf(latest.current, studentId)?.userId;
        const done = await grantExtraTime(area, { examId, studentId, minutes });
        const { attempt } = done.data;
        const offset = latest.current?.clockOffset ?? 0;
        if (attempt?.status === 'IN_PROGRESS' && recipientUserId) {
          mergeUpdate({
            kind: 'deadline',
            attemptId: attempt._id,
            deadlineAt: attempt.deadlineAt,
            remainingMs: Date.parse(attempt.deadlineAt) - (Date.now() + offset),
            recipientUserId,
          });
        }
        return done.message;
      },
      endAttempt: async (studentId, reason) => {
        const { attemptId, recipientUserId } = sittingOf(studentId);
        const done = await endAttempt(area, { attemptId, reason });
        mergeUpdate({ kind: 'attempt-ended', attemptId, reason, recipientUserId });
        return done.message;
      },
      reviewAlert: async (alertId, review) => {
        const done = await reviewAlert(area, { alertId, status: review });
        mergeUpdate({ kind: 'alert-reviewed', alert: done.data });
        return done.message;
      },
    };
  }, [area, examId, mergeUpdate]);

  const sendMessage = useCallback(
    async (studentId: string | null, text: string) => {
      const done = await sendProctorMessage(area, { examId, studentId, text });
      mergeUpdate({
        kind: 'message',
        message: done.data,
        recipientUserId: recipientOf(latest.current, studentId),
      });
    },
    [area, examId, mergeUpdate],
  );

  const loadEarlierMessages = useCallback(
    async (studentId: string | null, before: string) => {
      const page = await getMonitorMessages(area, examId, studentId, before);
      const recipientUserId = recipientOf(latest.current, studentId);
      for (const message of page.messages)
        mergeUpdate({ kind: 'message', message, recipientUserId });
      return page.hasMore;
    },
    [area, examId, mergeUpdate],
  );

  const snapshot = useMemo(() => state && monitorSnapshotOf(state), [state]);
  const views = useMemo(
    () => (state ? cameraViewsOf(state, cameras.streams) : null),
    [state, cameras.streams],
  );
  const feed = useMemo(
    (): MonitorFeed | null =>
      snapshot && {
        ...snapshot,
        source: { kind: 'live', status },
        sendMessage,
        loadEarlierMessages,
        actions,
        cameras: views ?? undefined,
      },
    [snapshot, status, sendMessage, loadEarlierMessages, actions, views],
  );
  return { query, feed, revoked };
}
