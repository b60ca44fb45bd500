import { type ReactNode, useEffect, useId } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { CardSkeletons, Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { type MyExamsData, useMyExams } from './api/get-my-exams';
import { ExamCard, type ExamGroup } from './exam-card';
import { groupExams, nextChangeAt } from './exam-groups';
import { serverNowOf, useServerNow } from './server-time';

/** setTimeout's longest delay; a later change is looked at again when this one fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const GROUPS: readonly {
  group: ExamGroup;
  title: string;
  description: string;
  empty: { title: string; description: string };
}[] = [
  {
    group: 'available',
    title: 'Available now',
    description: 'Open for you to start, or to resume where you left off.',
    empty: {
      title: 'No exams open right now',
      description: 'An exam appears here when its window opens.',
    },
  },
  {
    group: 'upcoming',
    title: 'Upcoming',
    description: 'Scheduled exams, with the time left until each one starts.',
    empty: {
      title: 'No upcoming exams',
      description: 'Exams scheduled for your section will appear here.',
    },
  },
  {
    group: 'completed',
    title: 'Completed',
    description: 'Exams you submitted, and exams whose window has closed.',
    empty: {
      title: 'No completed exams yet',
      description: 'Your submitted exams will appear here with the time you submitted them.',
    },
  },
];

export default function StudentDashboardPage() {
  const myExams = useMyExams();
  const { data, refetch } = myExams;

  // An exam moves between groups when its lobby opens or its window closes: ask again then.
  useEffect(() => {
    if (!data) return;
    const next = nextChangeAt(data.exams);
    if (next === undefined) return;
    const delay = Math.min(Math.max(next - serverNowOf(data), 0) + 1000, LONGEST_TIMER_MS);
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [data, refetch]);

  return (
    <>
      <PageHeader
        title="Student Dashboard"
        description="Your exams: the ones you can sit now, those coming up, and those you have completed."
      />
      {myExams.isError && (
        <ErrorBanner
          title="Failed to load your exams"
          message={getServerMessage(myExams.error)}
          onRetry={() => void refetch()}
        />
      )}
      <MyExams data={data} loading={myExams.isPending} failed={myExams.isError && !data} />
    </>
  );
}

interface MyExamsProps {
  data: MyExamsData | undefined;
  loading: boolean;
  failed: boolean;
}

function MyExams({ data, loading, failed }: MyExamsProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
        My exams
      </h2>
      {loading && (
        <p role="status" className="sr-only">
          Loading your exams
        </p>
      )}
      {data ? (
        <ExamGroups data={data} />
      ) : (
        <div className="space-y-8">
          {GROUPS.map(({ group, title, description }) => (
            <ExamGroupSection key={group} title={title} description={description}>
              {loading && (
                <CardSkeletons
                  below={
                    <>
                      <div className="grid grid-cols-2 gap-3 pt-2">
                        <Skeleton className="h-9" />
                        <Skeleton className="h-9" />
                      </div>
                      <Skeleton className="h-10" />
                    </>
                  }
                />
              )}
              {failed && (
                <Panel>
                  <EmptyState
                    title="Exams could not be loaded"
                    description="Try again in a moment."
                  />
                </Panel>
              )}
            </ExamGroupSection>
          ))}
        </div>
      )}
    </section>
  );
}

/** The three groups; the countdowns to each start tick on the server's time. */
function ExamGroups({ data }: { data: MyExamsData }) {
  const now = useServerNow(data);
  const groups = groupExams(data.exams);
  return (
    <div className="space-y-8">
      {GROUPS.map(({ group, title, description, empty }) => (
        <ExamGroupSection key={group} title={title} description={description}>
          {groups[group].length === 0 ? (
            <Panel>
              <EmptyState title={empty.title} description={empty.description} />
            </Panel>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
              {groups[group].map((exam) => (
                <ExamCard key={exam._id} exam={exam} group={group} now={now} />
              ))}
            </div>
          )}
        </ExamGroupSection>
      ))}
    </div>
  );
}

function ExamGroupSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <div className="mb-3">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      {children}
    </section>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}
