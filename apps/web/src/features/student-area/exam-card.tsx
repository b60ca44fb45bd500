import { EXAM_MODE_LABELS, type ExamMode, type MyExam } from '@examiq/contracts';
import { ArrowRight, CalendarClock, CircleCheck, Hourglass, PlayCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge, type BadgeTone } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { formatCountdown, secondsUntil } from '@/lib/countdown';
import { formatDateTime } from '@/lib/format';
import { formatMinutes, formatWindow } from './format';

export const MODE_TONES: Record<ExamMode, BadgeTone> = { AUTO: 'sky', PROCTORING: 'violet' };

export type ExamGroup = 'available' | 'upcoming' | 'completed';

interface ExamCardProps {
  exam: MyExam;
  group: ExamGroup;
  /** The server's time now, for the countdown to the start. */
  now: number;
}

/** One exam on the student's dashboard, with the way in that fits where it stands. */
export function ExamCard({ exam, group, now }: ExamCardProps) {
  const titleId = useId();
  const lobby = `/student/exam/${exam._id}`;
  const { attempt } = exam;

  let status: { tone: BadgeTone; label: string };
  let detail: ReactNode;
  let action: ReactNode;
  if (group === 'completed') {
    const submitted = attempt?.status === 'SUBMITTED';
    status = submitted
      ? { tone: 'green', label: 'Submitted' }
      : { tone: attempt ? 'amber' : 'red', label: attempt ? 'Being submitted' : 'Not attempted' };
    detail = (
      <>
        <Line icon={CircleCheck}>
          {submitted && attempt?.submittedAt
            ? `Submitted ${formatDateTime(attempt.submittedAt)}`
            : `Closed ${formatDateTime(exam.endsAt)}`}
        </Line>
        <p className="mt-1 text-sm text-slate-500">
          {attempt
            ? exam.resultsPublished
              ? 'Your result is published'
              : 'Results are not published yet'
            : 'You did not sit this exam'}
        </p>
      </>
    );
    action =
      submitted && exam.resultsPublished ? (
        <ButtonLink to={`/student/result/${exam._id}`} fullWidth>
          View result
        </ButtonLink>
      ) : attempt ? (
        <ButtonLink to={`/student/attempt/${attempt._id}`} variant="secondary" fullWidth>
          {submitted ? 'View receipt' : 'View your exam'}
        </ButtonLink>
      ) : null;
  } else if (attempt?.status === 'IN_PROGRESS') {
    status = { tone: 'blue', label: 'In progress' };
    detail = <Line icon={Hourglass}>{`Ends ${formatDateTime(attempt.deadlineAt)}`}</Line>;
    action = (
      <ButtonLink to={`/student/attempt/${attempt._id}`} fullWidth>
        <PlayCircle aria-hidden="true" className="size-4" />
        Resume exam
      </ButtonLink>
    );
  } else {
    const startsIn = secondsUntil(Date.parse(exam.startsAt), now);
    status =
      group === 'available'
        ? { tone: 'green', label: 'Open' }
        : { tone: 'amber', label: 'Upcoming' };
    detail =
      startsIn > 0 ? (
        <Line icon={CalendarClock}>
          Starts in{' '}
          <time dateTime={`PT${startsIn}S`} className="font-semibold text-slate-900 tabular-nums">
            {formatCountdown(startsIn)}
          </time>
        </Line>
      ) : (
        <Line icon={CalendarClock}>{`Open until ${formatDateTime(exam.endsAt)}`}</Line>
      );
    action = (
      <ButtonLink to={lobby} variant={group === 'available' ? 'primary' : 'secondary'} fullWidth>
        {group === 'available' ? 'Go to exam' : 'View details'}
        <ArrowRight aria-hidden="true" className="size-4" />
      </ButtonLink>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone} dot>
          {status.label}
        </Badge>
        <Badge tone={MODE_TONES[exam.examMode]}>{EXAM_MODE_LABELS[exam.examMode]}</Badge>
      </div>
      <h4 id={titleId} className="mt-3 font-semibold wrap-anywhere text-slate-900">
        {exam.examTitle}
      </h4>
      <p className="text-sm text-slate-600">{`${exam.subject} · ${exam.examId}`}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Fact term="Duration">{formatMinutes(exam.duration)}</Fact>
        <Fact term="Marks">{`${exam.totalMarks} (${exam.passingMarks} to pass)`}</Fact>
        <Fact term="Window" wide>
          {formatWindow(exam.startsAt, exam.endsAt)}
        </Fact>
      </dl>
      <div className="mt-auto pt-4">
        <div className="border-t border-slate-100 pt-3">{detail}</div>
        {action && <div className="pt-4">{action}</div>}
      </div>
    </article>
  );
}

function Fact({
  term,
  wide = false,
  children,
}: {
  term: string;
  wide?: boolean;
  children: string;
}) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Line({ icon: Icon, children }: { icon: typeof CalendarClock; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      <span>{children}</span>
    </p>
  );
}
