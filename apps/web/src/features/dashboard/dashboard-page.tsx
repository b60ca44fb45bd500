import type { DashboardOverview } from '@examiq/contracts';
import {
  BookOpen,
  CalendarCheck,
  CalendarClock,
  CalendarRange,
  GitBranch,
  Hourglass,
  PlayCircle,
  Users,
} from 'lucide-react';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { getServerMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDashboardOverview } from './api/get-dashboard-overview';
import { DashboardSection } from './dashboard-section';
import { QuickActions } from './quick-actions';
import { RecentExamsTable } from './recent-exams-table';
import { ResultStatusTable } from './result-status-table';
import { SlowedSignInsNotice } from './slowed-sign-ins-notice';
import { type StatTile, StatTiles } from './stat-tiles';

function systemOverviewTiles(counts: DashboardOverview['systemOverview'] | undefined): StatTile[] {
  return [
    {
      label: 'Total Batches',
      icon: CalendarRange,
      tone: 'bg-brand-50 text-brand-600',
      value: counts?.batches,
    },
    {
      label: 'Courses',
      icon: BookOpen,
      tone: 'bg-violet-50 text-violet-600',
      value: counts?.courses,
    },
    {
      label: 'Branches',
      icon: GitBranch,
      tone: 'bg-cyan-50 text-cyan-600',
      value: counts?.branches,
    },
    {
      label: 'Sections',
      icon: Users,
      tone: 'bg-emerald-50 text-emerald-600',
      value: counts?.sections,
    },
  ];
}

function examStatisticsTiles(stats: DashboardOverview['examStatistics'] | undefined): StatTile[] {
  return [
    { label: 'Ongoing', icon: PlayCircle, tone: 'bg-blue-50 text-blue-600', value: stats?.ongoing },
    {
      label: 'Completed',
      icon: CalendarCheck,
      tone: 'bg-green-50 text-green-600',
      value: stats?.completed,
    },
    {
      label: 'Upcoming',
      icon: CalendarClock,
      tone: 'bg-amber-50 text-amber-600',
      value: stats?.upcoming,
    },
    {
      label: 'Pending Results',
      icon: Hourglass,
      tone: 'bg-rose-50 text-rose-600',
      value: stats?.pendingResults,
    },
  ];
}

export default function DashboardPage() {
  const overview = useDashboardOverview();
  const data = overview.data;
  const loading = overview.isPending;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="An overview of your institution: academic structure, exams in progress and results awaiting publication."
      />
      {overview.isError && (
        <ErrorBanner
          title="Failed to load the dashboard"
          message={getServerMessage(overview.error)}
          onRetry={() => void overview.refetch()}
        />
      )}
      <SlowedSignInsNotice />
      <div className="flex flex-col gap-8">
        <div className="grid grid-cols-1 gap-8 xl:grid-cols-2">
          <DashboardSection title="System Overview" description="Academic structure on record.">
            <StatTiles tiles={systemOverviewTiles(data?.systemOverview)} loading={loading} />
          </DashboardSection>
          <DashboardSection
            title="Exam Statistics"
            description={
              data ? `Published exams, as of ${formatDateTime(data.asOf)}` : 'Published exams'
            }
          >
            <StatTiles tiles={examStatisticsTiles(data?.examStatistics)} loading={loading} />
          </DashboardSection>
        </div>
        <div className="grid grid-cols-1 gap-8 2xl:grid-cols-4">
          <DashboardSection
            title="Recent Exams"
            description="The latest published exams and where they stand."
            className="2xl:col-span-3"
          >
            <RecentExamsTable
              exams={data?.recentExams ?? []}
              loading={loading}
              failed={overview.isError}
            />
          </DashboardSection>
          <DashboardSection title="Quick Actions" description="Common tasks, one click away.">
            <QuickActions />
          </DashboardSection>
        </div>
        <DashboardSection
          title="Result Publishing Status"
          description="Results of completed exams, from evaluation to publication."
        >
          <ResultStatusTable
            exams={data?.resultStatuses ?? []}
            loading={loading}
            failed={overview.isError}
          />
        </DashboardSection>
      </div>
    </>
  );
}
