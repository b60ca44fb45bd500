import { PAGE_SIZES } from '@examiq/contracts';
import { useId } from 'react';
import { controlClasses, controlStateClasses } from '@/components/field';
import { cn } from '@/lib/cn';

interface PageSizeSelectProps {
  value: number;
  onChange: (size: number) => void;
}

/** How many rows a page of a list shows: the spec's 10, or 25, 50 or 100. */
export function PageSizeSelect({ value, onChange }: PageSizeSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="whitespace-nowrap">
        Rows per page
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cn(controlClasses, controlStateClasses(false), 'w-20')}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
