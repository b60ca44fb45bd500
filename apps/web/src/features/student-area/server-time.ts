import { useEffect, useState } from 'react';

/**
 * An answer carrying the server's time, with the moment it arrived on this page's monotonic
 * clock: together they tell the server's time later without trusting the device's clock, which
 * students can set to anything and which jumps with time-zone and daylight-saving changes.
 */
export interface ServerTime {
  serverNow: string;
  /** performance.now() when the answer arrived. */
  receivedAt: number;
}

export function withReceivedAt<T extends { serverNow: string }>(data: T): T & ServerTime {
  return { ...data, receivedAt: performance.now() };
}

/** The server's time now, in epoch milliseconds, counted from its answer with performance.now(). */
export function serverNowOf({ serverNow, receivedAt }: ServerTime): number {
  return Date.parse(serverNow) + (performance.now() - receivedAt);
}

/** The server's time, refreshed every second for countdowns. */
export function useServerNow(time: ServerTime): number {
  const [now, setNow] = useState(() => serverNowOf(time));
  useEffect(() => {
    setNow(serverNowOf(time));
    const timer = setInterval(() => setNow(serverNowOf(time)), 1000);
    return () => clearInterval(timer);
  }, [time]);
  return now;
}
