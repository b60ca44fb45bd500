import type { ReactNode } from 'react';

/** A table cell's value with a smaller grey line under it; both wrap rather than being cut. */
export function TwoLines({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0">
      <p>{main}</p>
      <p className="text-xs text-slate-500">{detail}</p>
    </div>
  );
}
