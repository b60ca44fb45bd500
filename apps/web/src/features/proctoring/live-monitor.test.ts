import type { ServerMessage } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyLiveMessage,
  cameraUserIds,
  cameraViewsOf,
  type LiveMonitorState,
  monitorSnapshotOf,
  monitorStateOf,
  withSilentDisconnected,
} from './live-monitor';
import {
  CLOCK_OFFSET,
  ids,
  LOCAL_NOW,
  live,
  makeAlert,
  makeMessage,
  makeMonitorData,
  makeRow,
  SERVER_NOW,
  secondsAgo,
} from './test-fixtures';

const fresh = () => monitorStateOf(makeMonitorData(), LOCAL_NOW);

function merged(...messages: ServerMessage[]): LiveMonitorState {
  return messages.reduce((state, message) => applyLiveMessage(state, message, LOCAL_NOW), fresh());
}

const asha = (state: LiveMonitorState) => state.students.find((row) => row.studentId === ids.asha);
const view = (state: LiveMonitorState) => monitorSnapshotOf(state);

describe('a read of the monitor', () => {
  it('puts the countdowns and the server’s instants on this browser’s clock', () => {
    const state = fresh();
    expect(state.clockOffset).toBe(CLOCK_OFFSET);
    expect(state.exam.endsAt).toBe(LOCAL_NOW + 60 * 60_000);

    const shown = view(state);
    expect(shown.exam).toEqual({
      title: 'Physics Final',
      startsAt: LOCAL_NOW,
      endsAt: LOCAL_NOW + 60 * 60_000,
    });
    expect(shown.activeAlerts).toBe(1);
    const [sitting, waiting] = shown.students;
    expect(sitting).toMatchObject({
      id: ids.asha,
      status: 'IN_PROGRESS',
      isVideoEnabled: true,
      connectionQuality: 'excellent',
      warnings: 1,
      // 3 s before the server's now, which is 2 s ahead of this browser.
      lastActivity: LOCAL_NOW - 3_000,
      deadline: LOCAL_NOW + 45 * 60_000,
    });
    expect(sitting).not.toHaveProperty('screenSharing');
    expect(waiting).toMatchObject({ status: 'NOT_STARTED', lastActivity: null });
    expect(waiting).not.toHaveProperty('deadline');
    expect(shown.alerts).toEqual([
      {
        id: makeAlert()._id,
        type: 'warning',
        message: 'Switched away from the exam tab',
        studentId: ids.asha,
        time: LOCAL_NOW - 60_000,
        review: 'PENDING',
      },
    ]);
  });

  it('shows a proctor’s messages with their author and warnings as warnings', () => {
    const state = monitorStateOf(
      makeMonitorData({
        messages: [
          makeMessage(),
          makeMessage({
            _id: 'm2',
            kind: 'WARNING',
            from: 'PROCTOR',
            senderName: 'Ada Lovelace',
            text: 'Face the camera',
            at: secondsAgo(30),
          }),
          makeMessage({ _id: 'm3', studentId: null, from: 'PROCTOR', senderName: 'Ada Lovelace' }),
        ],
      }),
      LOCAL_NOW,
    );
    const [question, warning, toAll] = view(state).messages;
    expect(question).toEqual({
      id: makeMessage()._id,
      studentId: ids.asha,
      sender: 'student',
      text: 'May I use rough paper?',
      time: LOCAL_NOW - 120_000,
    });
    expect(warning).toMatchObject({ sender: 'proctor', warning: true, author: 'Ada Lovelace' });
    expect(toAll).toMatchObject({ studentId: null, sender: 'proctor' });
    expect(toAll).not.toHaveProperty('warning');
  });
});

describe('live messages merged into the monitor', () => {
  it('merges a heartbeat’s row into the student’s and moves the deadline', () => {
    const state = merged(
      live({
        kind: 'student',
        student: {
          studentId: ids.asha,
          connection: 'poor',
          rttMs: 900,
          lastActivityAt: SERVER_NOW,
          remainingMs: 40 * 60_000,
          warnings: 2,
        },
      }),
    );
    expect(asha(state)).toMatchObject({
      connection: 'poor',
      rttMs: 900,
      warnings: 2,
      name: 'Asha Patel',
      deadline: LOCAL_NOW + 40 * 60_000,
    });
    expect(view(state).students[0]?.lastActivity).toBe(LOCAL_NOW);
  });

  it('shows a student who starts as sitting, with a deadline', () => {
    const state = merged(
      live({
        kind: 'student',
        student: {
          studentId: ids.ravi,
          status: 'IN_PROGRESS',
          attemptId: '52000000-0000-4000-8000-000000000002',
          connection: 'good',
          lastActivityAt: SERVER_NOW,
          remainingMs: 60 * 60_000,
        },
      }),
    );
    expect(view(state).students[1]).toMatchObject({
      status: 'IN_PROGRESS',
      connectionQuality: 'good',
      deadline: LOCAL_NOW + 60 * 60_000,
    });
  });

  it('keeps a row the read already has fresher, and ignores another exam’s messages', () => {
    const before = fresh();
    const stale = applyLiveMessage(
      before,
      live({
        kind: 'student',
        student: { studentId: ids.asha, connection: 'poor', lastActivityAt: secondsAgo(10) },
      }),
      LOCAL_NOW,
    );
    expect(stale).toBe(before);

    const otherExam = applyLiveMessage(
      before,
      {
        ...live({
          kind: 'student',
          student: { studentId: ids.asha, connection: 'poor', lastActivityAt: SERVER_NOW },
        }),
        examId: '40000000-0000-4000-8000-000000000009',
      },
      LOCAL_NOW,
    );
    expect(otherExam).toBe(before);
  });

  it('adds a new alert in time order and counts it as active', () => {
    const newer = makeAlert({ _id: 'a2', type: 'error', message: 'No face', at: secondsAgo(5) });
    const older = makeAlert({ _id: 'a3', type: 'info', at: secondsAgo(600) });
    const state = merged(
      live({ kind: 'alerts', alerts: [older] }),
      live({ kind: 'alerts', alerts: [newer] }),
    );
    expect(state.alerts.map((alert) => alert._id)).toEqual(['a2', makeAlert()._id, 'a3']);
    expect(state.activeAlerts).toBe(3);
    // The student's counts come with the report's row, not from the alert.
    expect(asha(state)?.warnings).toBe(1);
  });

  it('takes a dismissal once: one active alert and one warning fewer', () => {
    const dismissed = makeAlert({
      reviewStatus: 'DISMISSED',
      reviewedBy: 'proctor-1',
      reviewedAt: SERVER_NOW,
    });
    const once = merged(live({ kind: 'alert-reviewed', alert: dismissed }));
    expect(once.activeAlerts).toBe(0);
    expect(asha(once)?.warnings).toBe(0);
    expect(view(once).alerts[0]?.review).toBe('DISMISSED');

    // The same review again, or the alert as it was before it, changes nothing.
    const again = applyLiveMessage(
      once,
      live({ kind: 'alert-reviewed', alert: dismissed }),
      LOCAL_NOW,
    );
    expect(again).toBe(once);
    expect(
      applyLiveMessage(once, live({ kind: 'alert-reviewed', alert: makeAlert() }), LOCAL_NOW),
    ).toBe(once);
  });

  it('counts a confirmed error as a flag until it is dismissed', () => {
    const flag = makeAlert({ _id: 'a2', type: 'error', at: secondsAgo(5) });
    const withFlag = applyLiveMessage(
      monitorStateOf(
        makeMonitorData({
          activeAlerts: 2,
          alerts: [flag, makeAlert()],
          students: [makeRow({ warnings: 2, flags: 1 })],
        }),
        LOCAL_NOW,
      ),
      live({
        kind: 'alert-reviewed',
        alert: { ...flag, reviewStatus: 'CONFIRMED', reviewedBy: 'p', reviewedAt: secondsAgo(2) },
      }),
      LOCAL_NOW,
    );
    expect(withFlag.activeAlerts).toBe(1);
    expect(asha(withFlag)).toMatchObject({ warnings: 2, flags: 1 });

    const reconsidered = applyLiveMessage(
      withFlag,
      live({
        kind: 'alert-reviewed',
        alert: { ...flag, reviewStatus: 'DISMISSED', reviewedBy: 'p', reviewedAt: SERVER_NOW },
      }),
      LOCAL_NOW,
    );
    expect(reconsidered.activeAlerts).toBe(1);
    expect(asha(reconsidered)).toMatchObject({ warnings: 1, flags: 0 });
  });

  it('adds each chat message and warning once, in time order', () => {
    const answer = makeMessage({ _id: 'm2', text: 'Thank you', at: secondsAgo(1) });
    const warning = makeMessage({
      _id: 'm3',
      kind: 'WARNING',
      from: 'PROCTOR',
      senderName: 'Ada Lovelace',
      text: 'Eyes on your screen',
      at: secondsAgo(30),
    });
    const state = merged(
      live({ kind: 'message', message: answer, recipientUserId: ids.ashaUser }),
      live({ kind: 'message', message: warning, recipientUserId: ids.ashaUser }),
      live({ kind: 'message', message: answer, recipientUserId: ids.ashaUser }),
    );
    expect(state.messages.map((message) => message.text)).toEqual([
      'May I use rough paper?',
      'Eyes on your screen',
      'Thank you',
    ]);
  });

  it('resyncs a student’s deadline from extra time', () => {
    const state = merged(
      live({
        kind: 'deadline',
        attemptId: ids.ashaAttempt,
        deadlineAt: SERVER_NOW,
        remainingMs: 55 * 60_000,
        recipientUserId: ids.ashaUser,
      }),
    );
    expect(view(state).students[0]?.deadline).toBe(LOCAL_NOW + 55 * 60_000);
  });

  it('shows an ended attempt as submitted and offers its camera no more', () => {
    expect(cameraUserIds(fresh())).toEqual([ids.ashaUser]);
    const state = merged(
      live({
        kind: 'attempt-ended',
        attemptId: ids.ashaAttempt,
        reason: 'Phone in hand',
        recipientUserId: ids.ashaUser,
      }),
    );
    expect(asha(state)).toMatchObject({
      status: 'SUBMITTED',
      connection: 'disconnected',
      video: false,
      deadline: null,
    });
    expect(cameraUserIds(state)).toEqual([]);
  });

  it('keeps each student’s latest still, on this browser’s clock', () => {
    const image = 'data:image/jpeg;base64,AAAA';
    const state = merged(
      { type: 'snapshot', examId: ids.exam, userId: ids.ashaUser, image, at: secondsAgo(10) },
      {
        type: 'snapshot',
        examId: ids.exam,
        userId: ids.ashaUser,
        image: 'data:image/jpeg;base64,BBBB',
        at: secondsAgo(20),
      },
    );
    const views = cameraViewsOf(state, new Map());
    expect(views.get(ids.asha)).toEqual({
      stream: null,
      snapshot: { image, at: LOCAL_NOW - 10_000 },
    });
    expect(views.has(ids.ravi)).toBe(false);
  });

  it('shows a connected video before the still, by student', () => {
    const stream = { id: 'stream-1' } as MediaStream;
    const views = cameraViewsOf(fresh(), new Map([[ids.ashaUser, stream]]));
    expect(views.get(ids.asha)).toEqual({ stream, snapshot: null });
  });

  it('merges the messages that came during a read into it without counting them twice', () => {
    const alert = makeAlert({ _id: 'a2', at: secondsAgo(2) });
    const chat = makeMessage({ _id: 'm2', at: secondsAgo(2) });
    const during: ServerMessage[] = [
      live({ kind: 'alerts', alerts: [alert] }),
      live({ kind: 'message', message: chat, recipientUserId: ids.ashaUser }),
    ];
    // The read was made after both: it holds them already.
    const read = monitorStateOf(
      makeMonitorData({
        activeAlerts: 2,
        alerts: [alert, makeAlert()],
        messages: [makeMessage(), chat],
      }),
      LOCAL_NOW,
    );
    const replayed = during.reduce(
      (state, message) => applyLiveMessage(state, message, LOCAL_NOW),
      read,
    );
    expect(replayed).toBe(read);
  });
});

describe('a student gone silent', () => {
  it('is shown disconnected once silent longer than the server allows', () => {
    const state = fresh();
    // Last heard 3 s before the server's now: 12 s more are still fine.
    expect(withSilentDisconnected(state, LOCAL_NOW + 12_000)).toBe(state);

    const silent = withSilentDisconnected(state, LOCAL_NOW + 12_001);
    expect(asha(silent)).toMatchObject({ connection: 'disconnected', video: false });
    expect(cameraUserIds(silent)).toEqual([]);
    // A student not started is not 'gone'.
    expect(silent.students[1]).toBe(state.students[1]);
  });
});
