import { ChartPie } from 'lucide-react';
import { useId } from 'react';
import { plural } from '@/lib/plural';
import type { PaperShares, Share } from './paper-shares';

/** Each label keeps its colour from paper to paper; the unclassified share is grey. */
const COLOURS: Record<string, string> = {
  Remember: 'bg-sky-400',
  Understand: 'bg-cyan-600',
  Apply: 'bg-brand-600',
  Analyse: 'bg-violet-500',
  Evaluate: 'bg-fuchsia-500',
  Create: 'bg-rose-500',
  Easy: 'bg-emerald-500',
  Medium: 'bg-amber-500',
  Hard: 'bg-red-500',
};

const colourOf = (share: Share) => COLOURS[share.label] ?? 'bg-slate-300';

function ShareBreakdown({ title, shares }: { title: string; shares: readonly Share[] }) {
  const titleId = useId();
  return (
    <div className="min-w-0">
      <h4 id={titleId} className="text-sm font-medium text-slate-700">
        {title}
      </h4>
      <div aria-hidden="true" className="mt-2 flex h-2.5 overflow-hidden rounded-full bg-slate-100">
        {shares.map((share) => (
          <span
            key={share.label}
            className={`basis-0 ${colourOf(share)}`}
            style={{ flexGrow: share.marks }}
          />
        ))}
      </div>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {shares.map((share) => (
          <li key={share.label} className="flex items-center gap-1.5 text-slate-700">
            <span aria-hidden="true" className={`size-2.5 rounded-full ${colourOf(share)}`} />
            <span className="font-medium text-slate-900">{share.label}</span>
            <span>{`${share.percent}% · ${plural(share.marks, 'mark')}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The paper's marks by Bloom's level and by difficulty, as an accreditation check reads them. A
 * question counts at its level when it carries one: a bank question, or a rule drawing one level.
 */
export function PaperSharesPanel({ shares }: { shares: PaperShares }) {
  const headingId = useId();
  if (shares.totalMarks === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm sm:px-5"
    >
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <ChartPie aria-hidden="true" className="size-4 text-brand-600" />
        {`Share of the paper's ${plural(shares.totalMarks, 'mark')}`}
      </h3>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <ShareBreakdown title="By Bloom's level" shares={shares.bloom} />
        <ShareBreakdown title="By difficulty" shares={shares.difficulty} />
      </div>
    </section>
  );
}
