import { EXAM_MESSAGES } from '@examiq/contracts';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorDot } from '@/components/question-editor/validation-marks';
import { cn } from '@/lib/cn';

interface SectionHeadingProps {
  headingId: string;
  /** The collapsible part this heading opens and closes. */
  bodyId: string;
  number: number;
  name: string;
  /** What the section holds, e.g. 'True/False · 2 questions'. */
  summary: string;
  hasErrors: boolean;
  expanded: boolean;
  /** Names the toggle, e.g. 'section 2' or 'questions of section 2'. */
  toggleTarget: string;
  onToggle: () => void;
  actions?: ReactNode;
  className?: string;
}

/** The header row of a section card, on the Exam Structure and the Questions steps alike. */
export function SectionHeading({
  headingId,
  bodyId,
  number,
  name,
  summary,
  hasErrors,
  expanded,
  toggleTarget,
  onToggle,
  actions,
  className,
}: SectionHeadingProps) {
  const title = name.trim() ? `Section ${number} · ${name.trim()}` : `Section ${number}`;
  return (
    <div className={cn('flex items-center gap-3 px-4 py-3 sm:px-5', className)}>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={expanded ? bodyId : undefined}
        aria-label={`${expanded ? 'Collapse' : 'Expand'} ${toggleTarget}`}
        onClick={onToggle}
        className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
      >
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 transition-transform', !expanded && '-rotate-90')}
        />
      </button>
      <div className="min-w-0 flex-1">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <span className="truncate">{title}</span>
          {hasErrors && <ErrorDot label={EXAM_MESSAGES.sectionWithErrors} />}
        </h3>
        <p className="truncate text-xs text-slate-500">{summary}</p>
      </div>
      {actions}
    </div>
  );
}
