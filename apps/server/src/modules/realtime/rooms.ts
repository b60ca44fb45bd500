import type { ServerMessage } from '@examiq/contracts';
import type { Delivery, RightsScope } from './fanout';

/** The rooms a socket is in, by the name the deliveries use. */
export const room = {
  /** Every signed-in socket of the process. */
  everyone: () => 'everyone',
  /** Every socket of one account. */
  user: (userId: string) => `user:${userId}`,
  /** The sockets of a student sitting this attempt. */
  attempt: (attemptId: string) => `attempt:${attemptId}`,
  /** The sockets of every student with an open attempt of the exam. */
  sitting: (examId: string) => `sitting:${examId}`,
  /** The proctors watching the exam's monitor. */
  monitor: (examId: string) => `monitor:${examId}`,
};

/** The rooms whose sockets a change of rights concerns. */
export function roomsOf(scope: RightsScope): string[] {
  if ('userId' in scope) return [room.user(scope.userId)];
  if ('examId' in scope) return [room.monitor(scope.examId), room.sitting(scope.examId)];
  if ('attemptId' in scope) return [room.attempt(scope.attemptId)];
  return [room.everyone()];
}

export interface Member {
  rooms: Set<string>;
  send(message: ServerMessage): void;
  /** Reads again the rights behind each of its rooms and leaves those it lost. */
  recheck(): void;
}

/** This process's sockets by room. */
export class Rooms {
  readonly #members = new Map<string, Set<Member>>();

  join(member: Member, name: string): void {
    member.rooms.add(name);
    let members = this.#members.get(name);
    if (!members) {
      members = new Set();
      this.#members.set(name, members);
    }
    members.add(member);
  }

  leave(member: Member, name: string): void {
    member.rooms.delete(name);
    const members = this.#members.get(name);
    members?.delete(member);
    if (members?.size === 0) this.#members.delete(name);
  }

  leaveAll(member: Member): void {
    for (const name of [...member.rooms]) this.leave(member, name);
  }

  /** Every socket in the room reads its rights again. */
  recheck(name: string): void {
    for (const member of this.#members.get(name) ?? []) member.recheck();
  }

  deliver({ room: name, alsoIn, message }: Delivery): void {
    for (const member of this.#members.get(name) ?? []) {
      if (alsoIn === undefined || member.rooms.has(alsoIn)) member.send(message);
    }
  }
}
