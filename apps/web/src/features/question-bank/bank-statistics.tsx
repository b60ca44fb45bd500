import {
  BANK_STATISTIC_THRESHOLDS,
  type BankQuestionListQuery,
  type BankQuestionStatistics,
} from '@examiq/contracts';
import { Badge } from '@/components/badge';
import { formatIndex, formatPercent } from '@/lib/figures';
import { formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';

/** The bank list's statistics filters, each a bound of the current version's figures. */
export const STATISTIC_FILTERS = {
  tooEasy: {
    label: 'Too easy',
    query: { facilityAbove: BANK_STATISTIC_THRESHOLDS.tooEasy },
  },
  tooHard: {
    label: 'Too hard',
    query: { facilityBelow: BANK_STATISTIC_THRESHOLDS.tooHard },
  },
  poorDiscrimination: {
    label: 'Poor discrimination',
    query: { discriminationBelow: BANK_STATISTIC_THRESHOLDS.poorDiscrimination },
  },
} as const satisfies Record<
  string,
  {
    label: string;
    query: Partial<
      Pick<BankQuestionListQuery, 'facilityAbove' | 'facilityBelow' | 'discriminationBelow'>
    >;
  }
>;

/** The list's orders: newest first, or by a figure of the current version. */
export const STATISTIC_SORTS = {
  facilityAsc: { label: 'Hardest first', query: { sort: 'facility', order: 'asc' } },
  facilityDesc: { label: 'Easiest first', query: { sort: 'facility', order: 'desc' } },
  discriminationAsc: {
    label: 'Weakest discrimination first',
    query: { sort: 'discrimination', order: 'asc' },
  },
  timesUsedDesc: { label: 'Most used first', query: { sort: 'timesUsed', order: 'desc' } },
} as const satisfies Record<
  string,
  { label: string; query: Pick<BankQuestionListQuery, 'sort' | 'order'> }
>;
export type StatisticFilter = keyof typeof STATISTIC_FILTERS;

/** What an author should look at: a question almost all or almost none score, or one that does not discriminate. */
export function statisticWarnings(statistics: BankQuestionStatistics): string[] {
  const { facility, discrimination } = statistics;
  return [
    facility !== null && facility > BANK_STATISTIC_THRESHOLDS.tooEasy ? 'Too easy' : null,
    facility !== null && facility < BANK_STATISTIC_THRESHOLDS.tooHard ? 'Too hard' : null,
    discrimination !== null && discrimination < BANK_STATISTIC_THRESHOLDS.poorDiscrimination
      ? 'Poor discrimination'
      : null,
  ].filter((warning) => warning !== null);
}

export function StatisticWarnings({ statistics }: { statistics: BankQuestionStatistics }) {
  const warnings = statisticWarnings(statistics);
  if (warnings.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {warnings.map((warning) => (
        <Badge key={warning} tone="amber">
          {warning}
        </Badge>
      ))}
    </span>
  );
}

const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** Each version's figures from its sittings, the newest first, with the share of each option. */
export function VersionStatistics({ versions }: { versions: readonly BankQuestionStatistics[] }) {
  return (
    <section
      aria-labelledby="statistics-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="statistics-heading" className="text-base font-semibold text-slate-900">
        Statistics from the sittings
      </h2>
      {versions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          No results yet: the figures appear once an exam using the question publishes its results.
        </p>
      ) : (
        <section
          aria-label="Each version's figures"
          // A phone scrolls the table sideways: keyboard users reach and scroll it here.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
          tabIndex={0}
          className="mt-3 overflow-x-auto"
        >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Statistics of each version</caption>
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Version
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Times used
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Facility
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-semibold">
                  Discrimination
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Options chosen
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {versions.map((version) => (
                <tr key={version.version}>
                  <th scope="row" className="py-2.5 pr-4 align-top font-normal">
                    <span className="font-medium text-slate-900">Version {version.version}</span>
                    <span className="block text-xs text-slate-500">
                      {plural(version.exams, 'exam')} · {formatDateTime(version.updatedAt)}
                    </span>
                    <StatisticWarnings statistics={version} />
                  </th>
                  <td className="py-2.5 pr-4 text-right align-top tabular-nums">
                    {version.timesUsed}
                  </td>
                  <td className="py-2.5 pr-4 text-right align-top tabular-nums">
                    {formatPercent(version.facility)}
                  </td>
                  <td className="py-2.5 pr-4 text-right align-top tabular-nums">
                    {formatIndex(version.discrimination)}
                  </td>
                  <td className="py-2.5 align-top">
                    {version.optionShares ? (
                      <ul className="flex flex-wrap gap-x-3 gap-y-1">
                        {version.optionShares.map((share, index) => (
                          <li key={optionLetter(index)} className="tabular-nums">
                            <span className="font-medium text-slate-900">
                              {optionLetter(index)}
                            </span>{' '}
                            {formatPercent(share)}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-slate-500">Not a choice question</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-500">
            Facility is the average share of the marks scored; discrimination, from −1 to 1, how
            much more the students with higher marks elsewhere scored it. Time spent per question is
            not recorded.
          </p>
        </section>
      )}
    </section>
  );
}
