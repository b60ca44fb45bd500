import { useId } from 'react';
import { cn } from '@/lib/cn';

const TONES = { brand: 'bg-brand-600', green: 'bg-green-600', red: 'bg-red-600' } as const;

interface ProgressBarProps {
  label: string;
  value: number;
  max: number;
  /** What the bar says, shown beside the label and read out, e.g. '3 of 8 marked'. */
  valueText: string;
  tone?: keyof typeof TONES;
}

/** A labelled progress bar: how far marking, a regrade or an upload has gone. */
export function ProgressBar({ label, value, max, valueText, tone = 'brand' }: ProgressBarProps) {
  const labelId = useId();
  const percent = max === 0 ? 0 : Math.round((Math.min(value, max) / max) * 100);
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="font-medium text-slate-700">
          {label}
        </span>
        <span className="text-slate-600 tabular-nums">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(max, 1)}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn('h-full', TONES[tone])} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
