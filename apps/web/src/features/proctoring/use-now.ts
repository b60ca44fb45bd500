import { useEffect, useState } from 'react';

/** The current time, refreshed every second, for countdowns and 'seconds ago' labels. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
