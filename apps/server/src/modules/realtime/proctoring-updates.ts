import type { ProctoringUpdate } from '@examiq/contracts';
import type { Delivery } from './fanout';
import { room } from './rooms';

/**
 * Where each stored proctoring change goes live. Everything reaches the exam's monitor; a
 * proctor's message, warning, extra time or ended attempt also reaches its student (or, written
 * to all, every student sitting the exam). A student's own message goes to the proctors only: the
 * page that sent it has it from its answer, and other students never see it.
 */
export function deliveriesOf(examId: string, update: ProctoringUpdate): Delivery[] {
  const monitor = room.monitor(examId);
  switch (update.kind) {
    case 'student':
      return [
        { room: monitor, message: { type: 'monitor-update', examId, student: update.student } },
      ];
    case 'alerts':
      return update.alerts.map((alert) => ({ room: monitor, message: { type: 'alert', alert } }));
    case 'alert-reviewed':
      return [{ room: monitor, message: { type: 'alert', alert: update.alert } }];
    case 'message': {
      const { message, recipientUserId } = update;
      const live = {
        type: message.kind === 'WARNING' ? ('warning' as const) : ('chat' as const),
        message,
      };
      if (message.from === 'STUDENT') return [{ room: monitor, message: live }];
      const students: Delivery =
        recipientUserId === null
          ? { room: room.sitting(examId), message: live }
          : { room: room.user(recipientUserId), alsoIn: room.sitting(examId), message: live };
      return [{ room: monitor, message: live }, students];
    }
    case 'deadline': {
      const { attemptId, deadlineAt, remainingMs } = update;
      const message = { type: 'extra-time' as const, examId, attemptId, deadlineAt, remainingMs };
      return [
        { room: monitor, message },
        { room: room.attempt(attemptId), message },
      ];
    }
    case 'attempt-ended': {
      const { attemptId, reason } = update;
      const message = { type: 'attempt-ended' as const, examId, attemptId, reason };
      return [
        { room: monitor, message },
        { room: room.attempt(attemptId), message },
      ];
    }
  }
}
