import { Check } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { STEP_IDS, STEP_TITLES, type StepId, type StepValidity } from './steps';

interface StepperProps {
  current: StepId;
  validity: StepValidity;
  canOpen: (step: StepId) => boolean;
  onOpen: (step: StepId) => void;
}

/**
 * The five steps with their validity (spec section 4). A side list on wide screens; on phones a
 * row of numbered circles, the current step's title standing above the form.
 */
export function Stepper({ current, validity, canOpen, onOpen }: StepperProps) {
  const baseId = useId();
  return (
    <nav aria-label="Exam steps" className="lg:sticky lg:top-24">
      <ol className="flex rounded-xl border border-slate-200 bg-white p-2 shadow-sm lg:flex-col lg:gap-1">
        {STEP_IDS.map((step, index) => {
          const active = step === current;
          const valid = validity[step];
          const open = canOpen(step);
          const statusId = `${baseId}-${step}-status`;
          return (
            <li key={step} className="relative min-w-0 flex-1 lg:flex-none">
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-1/2 right-1/2 h-0.5 w-full -translate-y-1/2 lg:hidden',
                    validity[STEP_IDS[index - 1] ?? step] ? 'bg-green-300' : 'bg-slate-200',
                  )}
                />
              )}
              {/*
               * Named by its visible title, so speech users can say what they see; the state is
               * its description. On phones the title is read out but not shown.
               */}
              <button
                type="button"
                aria-describedby={statusId}
                aria-current={active ? 'step' : undefined}
                disabled={!open}
                title={open ? undefined : 'Complete the earlier steps first'}
                onClick={() => onOpen(step)}
                className={cn(
                  'relative flex w-full items-center justify-center gap-3 rounded-lg p-1.5 text-left transition-colors lg:justify-start lg:px-3 lg:py-2.5',
                  active ? 'lg:bg-brand-50' : 'enabled:hover:bg-slate-50',
                  'disabled:cursor-not-allowed',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-2 ring-white',
                    valid && 'bg-green-600 text-white',
                    !valid && active && 'bg-brand-600 text-white',
                    !valid && !active && 'border border-slate-300 bg-white text-slate-500',
                    active && 'outline-2 outline-offset-2 outline-brand-500',
                    !open && 'opacity-50',
                  )}
                >
                  {valid ? <Check className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span className="sr-only min-w-0 lg:not-sr-only lg:block">
                  <span
                    className={cn(
                      'block truncate text-sm font-medium',
                      active ? 'text-brand-800' : open ? 'text-slate-800' : 'text-slate-400',
                    )}
                  >
                    {STEP_TITLES[step]}
                  </span>
                  <span
                    id={statusId}
                    aria-hidden="true"
                    className={cn('block text-xs', valid ? 'text-green-800' : 'text-slate-600')}
                  >
                    {valid ? 'Complete' : 'Incomplete'}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
