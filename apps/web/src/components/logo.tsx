import { GraduationCap } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The product mark: icon plus word mark. Decorative icon, the text names it. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span
        className={cn(
          'flex size-8 items-center justify-center rounded-lg',
          inverted ? 'bg-white/15 text-white' : 'bg-brand-600 text-white',
        )}
      >
        <GraduationCap aria-hidden="true" className="size-5" />
      </span>
      <span className={cn('text-lg', inverted ? 'text-white' : 'text-slate-900')}>ExamIQ</span>
    </span>
  );
}
