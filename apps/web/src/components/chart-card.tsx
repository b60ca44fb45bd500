import { type ReactNode, useId } from 'react';

interface ChartCardProps {
  title: string;
  description: string;
  /** The same figures as a table, for screen readers and anyone who prefers numbers. */
  table: { caption: string; headers: [string, string]; rows: [string, string][] };
  /** Wide enough for every bar to stay readable: a phone scrolls the chart sideways. */
  minWidth?: number;
  children: ReactNode;
}

/**
 * A chart as an image named by its title and described by its summary, with its data as a table
 * behind a disclosure: the drawing itself is not read out.
 */
export function ChartCard({ title, description, table, minWidth = 0, children }: ChartCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption>
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {description}
        </p>
      </figcaption>
      <div
        // A chart wider than a phone scrolls: keyboard users reach and scroll it here.
        tabIndex={minWidth > 0 ? 0 : undefined}
        className="mt-4 overflow-x-auto"
      >
        <div
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className="h-64"
          style={{ minWidth }}
        >
          {children}
        </div>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">
          Show the figures as a table
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{table.caption}</caption>
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-1.5 pr-4 font-semibold">
                {table.headers[0]}
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                {table.headers[1]}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-700">
            {table.rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {label}
                </th>
                <td className="py-1.5 text-right tabular-nums">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
