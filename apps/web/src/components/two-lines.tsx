import type { ReactNode } from 'react';

/** A table cell's value with a smaller grey line under it. */
export function TwoLines({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="truncate">{main}</p>
      <p className="truncate text-xs text-slate-500">{detail}</p>
    </div>
  );
}
