import { type ReactNode, useId } from 'react';
import { Content } from '@/components/content/content';

/** A titled panel of the lobby and the paper's preview. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <h2
        id={titleId}
        className="border-b border-slate-100 px-5 py-3.5 font-semibold text-slate-900"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The exam's general instructions, numbered, as a student reads them before starting. */
export function GeneralInstructions({ instructions }: { instructions: readonly string[] }) {
  return (
    <Card title="General instructions">
      <ol className="list-decimal space-y-1.5 px-5 py-4 pl-10 text-sm text-slate-700">
        {instructions.map((instruction, index) => (
          // Instructions never move, and the same line may appear twice.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <Content source={instruction} />
          </li>
        ))}
      </ol>
    </Card>
  );
}
