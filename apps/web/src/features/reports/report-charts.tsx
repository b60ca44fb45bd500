import type { ExamReportData } from '@examiq/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartCard } from '@/components/chart-card';
import {
  brokenQuestionsSentence,
  formatMarks,
  formatPercent,
  histogramSentence,
  questionLabel,
} from './report-format';

const BRAND = '#4f46e5';
const FLAGGED = '#dc2626';
const AXIS = { fontSize: 12, fill: '#475569' };

export function TotalsHistogram({
  histogram,
  submitted,
}: {
  histogram: ExamReportData['histogram'];
  submitted: number;
}) {
  const data = histogram.map((bin, index) => ({
    label: `${formatMarks(bin.from)}–${formatMarks(bin.to)}`,
    count: bin.count,
    last: index === histogram.length - 1,
  }));
  return (
    <ChartCard
      title="Distribution of totals"
      description={histogramSentence(data, submitted)}
      table={{
        caption: 'Submitted attempts by band of marks',
        headers: ['Marks', 'Attempts'],
        rows: data.map((bin) => [bin.label, String(bin.count)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={AXIS} />
          <Tooltip formatter={(value) => [value, 'Attempts']} />
          <Bar dataKey="count" name="Attempts" fill={BRAND} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DifficultyChart({ questions }: { questions: ExamReportData['questions'] }) {
  const data = questions.map((question, index) => ({
    label: questionLabel(index),
    percent: question.correctRate === null ? 0 : Math.round(question.correctRate * 100),
    flagged: question.flag !== null,
  }));
  const flagged = data.filter((question) => question.flagged).length;
  return (
    <ChartCard
      title="Correct answers by question"
      description={brokenQuestionsSentence(flagged)}
      table={{
        caption: 'Share of correct answers by question',
        headers: ['Question', 'Correct'],
        rows: questions.map((question, index) => [
          questionLabel(index),
          formatPercent(question.correctRate),
        ]),
      }}
      minWidth={questions.length > 12 ? questions.length * 28 : 0}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false} margin={{ left: -20, right: 8 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={AXIS} />
          <YAxis domain={[0, 100]} unit="%" tick={AXIS} />
          <Tooltip formatter={(value) => [`${value}%`, 'Correct']} />
          <Bar dataKey="percent" name="Correct" radius={[4, 4, 0, 0]}>
            {data.map((question) => (
              <Cell key={question.label} fill={question.flagged ? FLAGGED : BRAND} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
