import type { ExportFormat } from '@examiq/contracts';
import {
  type AttainmentLevels,
  BLOOM_LEVEL_LABELS,
  type BloomShare,
  DIFFICULTY_LABELS,
  type DifficultyShare,
  type OutcomeAttainment,
} from '@examiq/contracts';
import { Printer } from 'lucide-react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Badge, type BadgeTone } from '@/components/badge';
import { Button } from '@/components/button';
import { ChartCard } from '@/components/chart-card';
import { ExportButtons } from '@/components/export-buttons';
import { formatMarks, formatPercent } from '@/lib/figures';

const AXIS = { fontSize: 12, fill: '#475569' };
const LEVEL_COLOURS = ['#94a3b8', '#f59e0b', '#0ea5e9', '#16a34a'];
const LEVEL_TONES: BadgeTone[] = ['slate', 'amber', 'sky', 'green'];

const percentOf = (value: number | null) => (value === null ? '–' : `${value}%`);

/** A report's export and print buttons, which its printed page leaves out. */
export function ReportActions({
  exportFile,
}: {
  exportFile: { mutate: (format: ExportFormat) => void; isPending: boolean };
}) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <ExportButtons
        onExport={(format) => exportFile.mutate(format)}
        pending={exportFile.isPending}
      />
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" />
        Print
      </Button>
    </div>
  );
}

/** An outcome's level as a badge: 'Level 2', 'Not attained', or a dash when nobody was measured. */
export function LevelBadge({ level }: { level: number | null }) {
  if (level === null) return <span className="text-slate-500">–</span>;
  return (
    <Badge tone={LEVEL_TONES[level] ?? 'slate'}>
      {level === 0 ? 'Not attained' : `Level ${level}`}
    </Badge>
  );
}

/** The bands in words, under the report's figures. */
export function levelsSentence(levels: AttainmentLevels): string {
  return `An outcome is attained at level 1 when ${levels.level1}% of its students reach its target, level 2 from ${levels.level2}%, level 3 from ${levels.level3}%.`;
}

/** Each outcome's figures, one row each: what the chart shows, and more. */
export function OutcomesTable({ outcomes }: { outcomes: readonly OutcomeAttainment[] }) {
  return (
    <section
      aria-label="Course outcome attainment"
      // A phone scrolls the table sideways: keyboard users reach and scroll it here.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm print:overflow-visible print:shadow-none"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Course outcome attainment</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Outcome
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Target
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Marks available
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Average scored
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Students reaching
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Attainment
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Level
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {outcomes.map((outcome) => (
            <tr key={`${outcome.courseId} ${outcome.code}`}>
              <th scope="row" className="px-4 py-3 font-normal">
                <span className="font-semibold text-slate-900">{outcome.code}</span>
                <span className="block text-xs text-slate-500">{outcome.description}</span>
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{outcome.targetPercent}%</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatMarks(outcome.marksAvailable)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatMarks(outcome.averageMarks)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {outcome.studentsReaching} of {outcome.studentsTotal}
              </td>
              <td className="px-4 py-3 text-right font-semibold text-slate-900 tabular-nums">
                {percentOf(outcome.attainmentPercent)}
              </td>
              <td className="px-4 py-3">
                <LevelBadge level={outcome.level} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Each outcome's share of students reaching its target as a bar, coloured by its level. */
export function AttainmentChart({
  outcomes,
  levels,
}: {
  outcomes: readonly OutcomeAttainment[];
  levels: AttainmentLevels;
}) {
  const measured = outcomes.filter((outcome) => outcome.attainmentPercent !== null);
  const data = outcomes.map((outcome) => ({
    code: outcome.code,
    percent: outcome.attainmentPercent ?? 0,
    level: outcome.level ?? 0,
  }));
  return (
    <ChartCard
      title="Attainment by outcome"
      description={`${measured.length} of ${outcomes.length} outcomes measured. ${levelsSentence(levels)}`}
      table={{
        caption: 'Share of students reaching each outcome’s target',
        headers: ['Outcome', 'Attainment'],
        rows: outcomes.map((outcome) => [
          outcome.code,
          outcome.level === null
            ? 'Not measured'
            : `${outcome.attainmentPercent}%, ${outcome.level === 0 ? 'not attained' : `level ${outcome.level}`}`,
        ]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ left: -20, right: 56 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="code" tick={AXIS} />
          <YAxis domain={[0, 100]} unit="%" tick={AXIS} />
          <Tooltip formatter={(value) => [`${value}%`, 'Students reaching the target']} />
          {/* Each level's threshold across the bars: a bar over a line has reached that level. */}
          {([1, 2, 3] as const).map((level) => (
            <ReferenceLine
              key={level}
              y={levels[`level${level}`]}
              stroke={LEVEL_COLOURS[level]}
              strokeDasharray="4 4"
              ifOverflow="extendDomain"
              label={{ value: `Level ${level}`, position: 'right', ...AXIS }}
            />
          ))}
          <Bar dataKey="percent" name="Attainment" radius={[4, 4, 0, 0]}>
            {data.map((entry) => (
              <Cell key={entry.code} fill={LEVEL_COLOURS[entry.level]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

interface ShareRow {
  label: string;
  marks: number;
  share: number;
}

function SharesTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: ShareRow[];
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm print:break-inside-avoid print:shadow-none">
      <h2 className="text-base font-semibold text-slate-900">{caption}</h2>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-1.5 pr-4 font-semibold">
              {heading}
            </th>
            <th scope="col" className="py-1.5 pr-4 text-right font-semibold">
              Marks
            </th>
            <th scope="col" className="py-1.5 font-semibold">
              Share of the paper
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-700">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-2 pr-4 font-normal">
                {row.label}
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{formatMarks(row.marks)}</td>
              <td className="py-2">
                <div className="flex items-center gap-3">
                  <div className="h-2 flex-1 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-2 rounded-full bg-brand-600 print:bg-slate-700"
                      style={{ width: `${Math.round(row.share * 100)}%` }}
                    />
                  </div>
                  <span className="w-10 text-right tabular-nums">{formatPercent(row.share)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Where the paper's marks lie by Bloom's level and by difficulty; a drawn section counts the
 * marks its average paper holds.
 */
export function PaperShares({
  bloomLevels,
  difficulties,
}: {
  bloomLevels: readonly BloomShare[];
  difficulties: readonly DifficultyShare[];
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SharesTable
        caption="Marks by Bloom’s level"
        heading="Bloom’s level"
        rows={bloomLevels.map((share) => ({
          label: share.key === 'UNLABELLED' ? 'Not from the bank' : BLOOM_LEVEL_LABELS[share.key],
          marks: share.marks,
          share: share.share,
        }))}
      />
      <SharesTable
        caption="Marks by difficulty"
        heading="Difficulty"
        rows={difficulties.map((share) => ({
          label: DIFFICULTY_LABELS[share.key],
          marks: share.marks,
          share: share.share,
        }))}
      />
    </div>
  );
}
