import type { StudentSection } from '@examiq/contracts';
import { Lock, Timer } from 'lucide-react';
import { cn } from '@/lib/cn';
import { type Answers, isAnswered } from './answers';

interface SectionNavProps {
  sections: readonly StudentSection[];
  currentId: string;
  answers: Answers;
  isClosed: (section: StudentSection) => boolean;
  onSelect: (section: StudentSection) => void;
}

/** One button per section, with how far it is answered and whether it runs on its own clock. */
export function SectionNav({ sections, currentId, answers, isClosed, onSelect }: SectionNavProps) {
  return (
    // The sections wrap onto more lines rather than scroll: a tab out of sight is a section a
    // student may never open. Positioned, so the screen-reader-only labels of its tabs stay
    // inside it: placed against the page, they widened it past a phone's screen.
    <nav aria-label="Sections" className="relative pb-1">
      <ul className="flex flex-wrap gap-2">
        {sections.map((section) => {
          const current = section._id === currentId;
          const answered = section.questions.filter((question) =>
            isAnswered(answers[question._id]),
          ).length;
          const closed = isClosed(section);
          return (
            <li key={section._id} className="max-w-full">
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(section)}
                className={cn(
                  'flex max-w-full flex-col items-start rounded-lg border px-3.5 py-2 text-left wrap-anywhere transition-colors',
                  current
                    ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                    : 'border-slate-300 bg-white hover:bg-slate-50',
                )}
              >
                <span
                  className={cn(
                    'flex items-center gap-1.5 text-sm font-semibold',
                    current ? 'text-brand-800' : 'text-slate-800',
                  )}
                >
                  {section.name}
                  {section.timeLimit > 0 && !closed && (
                    <>
                      <Timer aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">(timed)</span>
                    </>
                  )}
                  {closed && (
                    <>
                      <Lock aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">(time over)</span>
                    </>
                  )}
                </span>
                <span className="text-xs text-slate-600">
                  {`${answered}/${section.totalQuestions} answered`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
