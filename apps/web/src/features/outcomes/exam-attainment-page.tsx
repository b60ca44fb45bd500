import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { useExamAttainment, useExportExamAttainment } from './api/attainment-api';
import { AttainmentChart, OutcomesTable, PaperShares, ReportActions } from './attainment-parts';

/**
 * An exam's course outcome attainment: each outcome's share of students reaching its target and
 * its level, as a chart and a table, beside where the paper's marks lie by Bloom's level and
 * difficulty; exported as a file or printed as it stands.
 */
export default function ExamAttainmentPage() {
  const { examId = '' } = useParams();
  const attainment = useExamAttainment(examId);
  const data = attainment.data;
  const exportFile = useExportExamAttainment(
    examId,
    `${data?.exam.examId ?? 'exam'}-co-attainment`,
  );
  return (
    <>
      <div className="print:hidden">
        <BackLink to={`/admin/exam/${examId}/report`}>Back to the exam report</BackLink>
      </div>
      <PageHeader
        title="CO Attainment"
        description={
          data
            ? `${data.exam.title} · ${data.exam.courseName}: how far its students reached each course outcome, and the mix of its paper.`
            : 'How far the students reached each course outcome, and the mix of the paper.'
        }
        actions={<ReportActions exportFile={exportFile} />}
      />
      {attainment.isError && (
        <ErrorBanner
          title="The report could not be loaded"
          message={getServerMessage(attainment.error)}
          onRetry={() => void attainment.refetch()}
        />
      )}
      {attainment.isPending && (
        <div className="space-y-4">
          <Skeleton className="h-72" />
          <Skeleton className="h-48" />
        </div>
      )}
      {data && (
        <div className="space-y-6">
          <AttainmentChart outcomes={data.outcomes} levels={data.levels} />
          <OutcomesTable outcomes={data.outcomes} />
          <PaperShares bloomLevels={data.bloomLevels} difficulties={data.difficulties} />
        </div>
      )}
    </>
  );
}
