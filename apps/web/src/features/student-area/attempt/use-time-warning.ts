import { ATTEMPT_MESSAGES } from '@examiq/contracts';
import { useEffect, useRef, useState } from 'react';
import { plural } from '@/lib/plural';
import { warningMinutes } from './status-bar';

/**
 * The warning shown as the end nears, and what a screen reader is told: each warning once, as it
 * comes, and the end of the time.
 */
export function useTimeWarning(secondsLeft: number, timeOver: boolean) {
  const warning = timeOver ? null : warningMinutes(secondsLeft);
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (warning !== null && warning !== announced.current) {
      setAnnouncement(`${plural(warning, 'minute')} left`);
    }
    announced.current = warning;
  }, [warning]);
  useEffect(() => {
    if (timeOver) setAnnouncement(ATTEMPT_MESSAGES.timeOver);
  }, [timeOver]);
  return { warning, announcement };
}
