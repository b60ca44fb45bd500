import type { StudentQuestion, StudentSection } from '@examiq/contracts';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { getServerMessage } from '@/lib/api-client';
import { secondsUntil } from '@/lib/countdown';
import type { AttemptViewData } from '../api/get-attempt';
import { useOpenSection } from '../api/open-section';
import type { SectionClock } from './section-panel';

/**
 * The sections' own clocks: a timed section shows its questions only once opened (its clock
 * starts then, on the server), and is over at its deadline, at the exam's, or when a save says so.
 */
export function useTimedSections(view: AttemptViewData, examEndsAt: number, now: number) {
  const [deadlines, setDeadlines] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(view.sections.map((section) => [section._id, section.deadlineAt])),
  );
  const [openedIds, setOpenedIds] = useState<ReadonlySet<string>>(new Set());
  const [revealed, setRevealed] = useState<Readonly<Record<string, StudentQuestion[]>>>({});
  const [closedByServer, setClosedByServer] = useState<ReadonlySet<string>>(new Set());
  const [revealedMedia, setRevealedMedia] = useState<Readonly<Record<string, string>>>({});
  const openSection = useOpenSection();
  // A timed section's images come with its questions, when it opens.
  const mediaUrls = useMemo(
    () => ({ ...view.mediaUrls, ...revealedMedia }),
    [view.mediaUrls, revealedMedia],
  );

  const sections = view.sections.map((section) => {
    const questions = revealed[section._id];
    return questions ? { ...section, questions } : section;
  });

  const clockOf = (section: StudentSection): SectionClock => {
    if (closedByServer.has(section._id)) return { kind: 'over' };
    if (section.timeLimit === 0) return { kind: 'untimed' };
    const deadline = deadlines[section._id] ?? null;
    // Opened, yet without a deadline: the server keeps no clock for it.
    if (deadline === null) {
      return openedIds.has(section._id) ? { kind: 'untimed' } : { kind: 'unopened' };
    }
    const left = secondsUntil(Math.min(Date.parse(deadline), examEndsAt), now);
    return left > 0 ? { kind: 'running', secondsLeft: left } : { kind: 'over' };
  };

  const open = (sectionId: string) => {
    openSection.mutate(
      { attemptId: view.attempt._id, sectionId },
      {
        onSuccess: ({ sectionId: opened, deadlineAt, questions, mediaUrls: images }) => {
          setDeadlines((current) => ({ ...current, [opened]: deadlineAt }));
          setOpenedIds((current) => new Set([...current, opened]));
          setRevealed((shown) => ({ ...shown, [opened]: questions }));
          if (images) setRevealedMedia((shown) => ({ ...shown, ...images }));
        },
        onError: (error) => {
          toast.error(
            getServerMessage(error) ?? 'The section could not be opened. Please try again.',
          );
        },
      },
    );
  };

  /** Sections a save found over on the server, whatever this page's clock says. */
  const closedOnServer = useCallback((sectionIds: readonly string[]) => {
    if (sectionIds.length > 0) {
      setClosedByServer((closed) => new Set([...closed, ...sectionIds]));
    }
  }, []);

  return { sections, mediaUrls, clockOf, open, opening: openSection.isPending, closedOnServer };
}
