import type { ProctoringUpdate } from '@examiq/contracts';
import type { Delivery } from './fanout';
import { room } from './rooms';

/**
 * Where each stored proctoring change goes live, as it is. Everything reaches the exam's monitor;
 * a proctor's message, warning, extra time or ended attempt also reaches its student (or, written
 * to all, every student sitting the exam). A student's own message goes to the proctors only: the
 * page that sent it has it from its answer, and other students never see it.
 */
export function deliveriesOf(examId: string, update: ProctoringUpdate): Delivery[] {
  const message = { type: 'proctoring' as const, examId, update };
  const monitor: Delivery = { room: room.monitor(examId), message };
  switch (update.kind) {
    case 'message': {
      const { message: written, recipientUserId } = update;
      if (written.from === 'STUDENT') return [monitor];
      const students: Delivery =
        recipientUserId === null
          ? { room: room.sitting(examId), message }
          : { room: room.user(recipientUserId), alsoIn: room.sitting(examId), message };
      return [monitor, students];
    }
    case 'deadline':
    case 'attempt-ended':
      return [monitor, { room: room.attempt(update.attemptId), message }];
    default:
      return [monitor];
  }
}
