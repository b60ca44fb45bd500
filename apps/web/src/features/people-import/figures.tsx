/** Counts side by side, each under its name: a preview's rows, an import's outcome. */
export function Figures({ figures }: { figures: readonly (readonly [string, number])[] }) {
  return (
    <dl className="grid grid-cols-3 gap-4 rounded-lg bg-slate-50 px-4 py-3">
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-500">{term}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">
            {value.toLocaleString('en')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
