import { useCallback, useEffect, useRef, useState } from 'react';
import { secondsUntil } from '@/lib/countdown';
import type { AttemptViewData } from '../api/get-attempt';
import { type ServerTime, serverNowOf, useServerNow } from '../server-time';

/**
 * The attempt's countdown, on the server's time: it starts from the attempt's view and follows
 * what the server tells later (a save's deadline, a proctor's extension, a heartbeat's time left).
 */
export function useExamClock(view: AttemptViewData) {
  const [clock, setClock] = useState<ServerTime>(view);
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);
  const [endsAt, setEndsAt] = useState(() => Date.parse(view.serverNow) + view.remainingMs);
  const now = useServerNow(clock);

  /** The server's time is its deadline less the time it said was left. */
  const deadlineTold = useCallback((deadlineAt: string, remainingMs: number) => {
    setClock({
      serverNow: new Date(Date.parse(deadlineAt) - remainingMs).toISOString(),
      receivedAt: performance.now(),
    });
    setEndsAt(Date.parse(deadlineAt));
  }, []);

  /** A time left without its deadline: the countdown follows it only when it drifts. */
  const remainingTold = useCallback((remainingMs: number) => {
    setEndsAt((current) => {
      const told = serverNowOf(clockRef.current) + remainingMs;
      return Math.abs(told - current) > 1000 ? told : current;
    });
  }, []);

  const serverNow = useCallback(() => serverNowOf(clockRef.current), []);

  return {
    now,
    endsAt,
    secondsLeft: secondsUntil(endsAt, now),
    deadlineTold,
    remainingTold,
    serverNow,
  };
}
