import { EXAM_MODE_LABELS, type ExamPreviewData, type StudentSection } from '@examiq/contracts';
import { Eye } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { MediaUrlsProvider } from '@/components/content/content';
import { RecordDetail } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { plural } from '@/lib/plural';
import { useExamPreview } from './api/get-exam-preview';
import { QuestionPalette } from './attempt/question-palette';
import { SectionNav } from './attempt/section-nav';
import { SectionPanel } from './attempt/section-panel';
import { GeneralInstructions } from './card';

const NO_ANSWERS = {};
const ignore = () => {};

/**
 * /admin/exam/:examId/preview: the paper exactly as a student sees it while sitting it, drawn by
 * the attempt page's own sections and question cards, read-only. No attempt is started.
 */
export default function ExamPreviewPage() {
  const { examId = '' } = useParams();
  const preview = useExamPreview(examId);
  return (
    <>
      <BackLink to={`/admin/exam/${examId}`}>Back to Exam</BackLink>
      <RecordDetail
        query={preview}
        loadingLabel="Loading the preview"
        notFound={{
          title: 'No Exam Found',
          message: 'The requested exam could not be found.',
          listTo: '/admin/exam',
          listLabel: 'View all exams',
        }}
        error={{ title: 'Error Loading Preview', fallback: 'Failed to load the preview' }}
      >
        {(data) => (
          <MediaUrlsProvider mediaUrls={data.mediaUrls}>
            <Preview data={data} />
          </MediaUrlsProvider>
        )}
      </RecordDetail>
    </>
  );
}

function Preview({ data }: { data: ExamPreviewData }) {
  const { exam, sections } = data;
  const [currentId, setCurrentId] = useState(sections[0]?._id ?? '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const current = sections.find((section) => section._id === currentId);
  const totalQuestions = sections.reduce((sum, section) => sum + section.totalQuestions, 0);
  const shuffled = [exam.shuffleQuestions && 'questions', exam.shuffleOptions && 'options']
    .filter(Boolean)
    .join(' and ');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly chosen section takes focus once it shows
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [currentId]);

  const select = (section: StudentSection) => {
    focusHeading.current = section._id !== currentId;
    setCurrentId(section._id);
  };

  return (
    <div className="space-y-6">
      <div className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">Preview as a student</p>
          <p>
            The paper as students see it, read-only: no answer can be given and no attempt is
            started.
            {shuffled && ` Each student gets the ${shuffled} in an order of their own.`}
          </p>
        </div>
      </div>
      <PageHeader
        title={exam.examTitle}
        description={`${exam.subject} · ${EXAM_MODE_LABELS[exam.examMode]} · ${plural(totalQuestions, 'question')} · ${plural(exam.totalMarks, 'mark')}`}
      />
      <GeneralInstructions instructions={exam.generalInstructions} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        {sections.length > 1 && (
          <div className="min-w-0 lg:col-start-1">
            <SectionNav
              sections={sections}
              currentId={currentId}
              answers={NO_ANSWERS}
              isClosed={() => false}
              onSelect={select}
            />
          </div>
        )}
        {current && (
          <>
            <aside className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <QuestionPalette questions={current.questions} answers={NO_ANSWERS} />
            </aside>
            <SectionPanel
              section={current}
              clock={{ kind: 'untimed' }}
              headingRef={headingRef}
              answers={NO_ANSWERS}
              readOnly
              preview
              opening={false}
              onOpen={ignore}
              onChange={ignore}
            />
          </>
        )}
      </div>
    </div>
  );
}
